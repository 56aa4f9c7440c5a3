'use client';
// What a write did, for buttons whose place on the page goes with their success (a
// proposal that is confirmed, an archived row, a redirect): one status line at the foot of
// the screen, until the next result or the user closes it.
import { useEffect, useState } from 'react';

const RESULT = 'tsbn:result';

/** Shows `text` in the page's result line (the ResultAnnouncer in the root layout). */
export function announce(text: string): void {
  window.dispatchEvent(new CustomEvent<string>(RESULT, { detail: text }));
}

export function ResultAnnouncer() {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    const show = (event: Event) => setText((event as CustomEvent<string>).detail);
    window.addEventListener(RESULT, show);
    return () => window.removeEventListener(RESULT, show);
  }, []);
  // The live region is there before its text, so screen readers read what arrives.
  return (
    <div role="status" aria-label="Resultaat" className={text ? 'fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-lg items-start gap-3 rounded-md bg-green-50 p-3 text-sm font-medium text-green-900 shadow-lg ring-1 ring-green-200' : 'sr-only'}>
      {text && (
        <>
          <p className="flex-1">{text}</p>
          <button type="button" onClick={() => setText(null)} className="min-h-8 rounded px-2 text-green-900 underline">
            Sluiten
          </button>
        </>
      )}
    </div>
  );
}
