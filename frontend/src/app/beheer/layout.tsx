import Link from 'next/link';
import type { ReactNode } from 'react';
import { Forbidden } from '@/components/ui/layout';
import { requireRole } from '@/lib/api-server';

export const dynamic = 'force-dynamic';

const LINKS = [
  ['/beheer', 'Overzicht'],
  ['/beheer/seizoenen', 'Seizoenen'],
  ['/beheer/wedstrijden', 'Wedstrijden'],
  ['/beheer/verenigingen', 'Verenigingen'],
  ['/beheer/gebruikers', 'Gebruikers'],
  ['/beheer/stand', 'Stand en seizoensbestanden'],
  ['/beheer/moederlijsten', 'Moederlijsten'],
  ['/beheer/boetes', 'Boetes'],
  ['/beheer/e-mail', 'E-mail'],
  ['/beheer/ratings', 'Ratings'],
  ['/beheer/logboek', 'Logboek'],
] as const;

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const { allowed } = await requireRole('ADMIN');
  if (!allowed) return <Forbidden message="Alleen bondsbeheerders kunnen het seizoen beheren." />;
  return (
    <div>
      <nav aria-label="Beheer" className="mb-6 flex flex-wrap gap-1 border-b border-stone-200 pb-2 text-sm">
        {LINKS.map(([href, label]) => (
          <Link key={href} href={href} className="whitespace-nowrap rounded-md px-3 py-1.5 text-stone-700 hover:bg-stone-200">
            {label}
          </Link>
        ))}
      </nav>
      {children}
    </div>
  );
}
