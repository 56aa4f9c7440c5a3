// Choose a division on the administrator's and the supervisor's match pages (the choice lives in the URL).
import Link from 'next/link';
import { cn } from '@/lib/cn';

export function PouleNav({ divisions, current, href }: { divisions: { id: string; name: string }[]; current?: string; href: (id: string) => string }) {
  return (
    <nav aria-label="Poules" className="mb-4 flex flex-wrap gap-2">
      {divisions.map((d) => (
        <Link
          key={d.id}
          href={href(d.id)}
          aria-current={d.id === current ? 'page' : undefined}
          className={cn('rounded-md px-3 py-2 text-sm ring-1', d.id === current ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white ring-stone-300')}
        >
          {d.name}
        </Link>
      ))}
    </nav>
  );
}
