import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/**
 * A table that fits a phone (390 px) without pushing the page sideways.
 *
 * - By default it scrolls sideways inside its own box, with the first `sticky` columns (the
 *   name of the row) kept in view. The box is `relative`, so even an absolutely positioned
 *   cell content (an `sr-only` header) stays inside it instead of widening the page, and it is
 *   a focusable, labelled region: a keyboard user can scroll it with the arrow keys.
 * - `stack`: below the `sm` breakpoint each row becomes a card, every cell under its column's
 *   name (`<Td label="…">`), so actions and status are never off screen (the member list).
 *
 * The styles are the `.data-table*` rules in `app/globals.css`.
 */
export function Table({ children, caption, sticky = 1, stack = false }: { children: ReactNode; caption?: string; sticky?: 0 | 1 | 2; stack?: boolean }) {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg bg-white ring-1 ring-stone-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <table className={cn('data-table min-w-full divide-y divide-stone-200 text-sm', sticky > 0 && !stack && `data-table-sticky-${sticky}`, stack && 'data-table-stack')}>
        {caption && <caption className="sr-only">{caption}</caption>}
        {children}
      </table>
    </div>
  );
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn('whitespace-nowrap bg-stone-50 px-2 py-2 text-left font-semibold text-stone-700 sm:px-3', className)} {...props} />;
}

/** `label`: the column's name, shown above the cell when a `stack` table becomes cards on a phone. */
export function Td({ className, label, ...props }: TdHTMLAttributes<HTMLTableCellElement> & { label?: string }) {
  return <td data-label={label} className={cn('px-2 py-2 align-top sm:px-3', className)} {...props} />;
}
