import Link from 'next/link';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
        {description && <p className="mt-1 text-stone-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export function Card({ title, children, className }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn('rounded-lg bg-white p-4 ring-1 ring-stone-200', className)}>
      {title && <h2 className="mb-3 text-lg font-semibold text-brand-900">{title}</h2>}
      {children}
    </section>
  );
}

/** What to do next when a list is empty. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border-2 border-dashed border-stone-300 p-6 text-center">
      <p className="font-medium text-stone-800">{title}</p>
      {children && <div className="mt-1 text-sm text-stone-600">{children}</div>}
    </div>
  );
}

/** A plain remark on why there is nothing to do here. */
export function Note({ children }: { children: ReactNode }) {
  return <p className="rounded-md bg-stone-100 p-3 text-sm">{children}</p>;
}

export function Forbidden({ message = 'Uw rol geeft geen toegang tot deze pagina.' }: { message?: string }) {
  return (
    <div className="rounded-lg bg-red-50 p-6 text-red-900 ring-1 ring-red-200">
      <h1 className="text-lg font-semibold">Geen toegang</h1>
      <p className="mt-1">{message}</p>
      <Link className="mt-3 inline-block underline" href="/">
        Naar de startpagina
      </Link>
    </div>
  );
}
