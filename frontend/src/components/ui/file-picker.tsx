'use client';
// A file input with Dutch text: the browser's own button says "Choose file / No file chosen"
// in the browser's language. The real input stays (visually hidden, still focusable and
// labelled by the field's <label>); a Dutch button-like label opens it and the chosen file's
// name is shown next to it.
import { ChangeEvent, InputHTMLAttributes, Ref, useState } from 'react';
import { cn } from '@/lib/cn';
import { buttonClass } from './button';

export function FilePicker({
  id,
  fileName,
  onChange,
  ref,
  className,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  id: string;
  /** The chosen file's name when the caller keeps it (and clears it after use); otherwise the picker remembers it. */
  fileName?: string | null;
  ref?: Ref<HTMLInputElement>;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = fileName === undefined ? chosen : fileName;
  function change(event: ChangeEvent<HTMLInputElement>) {
    setChosen(event.target.files?.[0]?.name ?? null);
    onChange?.(event);
  }
  return (
    <div className={cn('mt-1 flex flex-wrap items-center gap-3', className)}>
      <input ref={ref} id={id} type="file" onChange={change} aria-describedby={`${id}-chosen`} className="peer sr-only" {...props} />
      <label
        htmlFor={id}
        className={buttonClass(
          'secondary',
          'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
        )}
      >
        Bestand kiezen
      </label>
      <span id={`${id}-chosen`} className="min-w-0 break-all text-sm text-stone-600">
        {shown ?? 'Nog geen bestand gekozen'}
      </span>
    </div>
  );
}
