import Link from 'next/link';
import { cn } from '@/lib/cn';

/** Choose a division or a season: plain links (filters live in the URL, no client JavaScript). */
export function FilterLinks({ items, current, href, label }: { items: { id: string; name: string }[]; current?: string; href: (id: string) => string; label: string }) {
  if (items.length < 2) return null;
  return (
    <nav aria-label={label} className="mb-4 flex gap-1 overflow-x-auto text-sm">
      {items.map((d) => (
        <Link
          key={d.id}
          prefetch={false}
          href={href(d.id)}
          aria-current={d.id === current ? 'page' : undefined}
          className={cn('whitespace-nowrap rounded-md px-3 py-1.5', d.id === current ? 'bg-brand-600 text-white' : 'bg-white text-stone-700 ring-1 ring-stone-200 hover:bg-stone-100')}
        >
          {d.name}
        </Link>
      ))}
    </nav>
  );
}
