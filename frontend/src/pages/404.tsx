import Link from 'next/link';
import { EmptyState } from '@/components/ui/layout';
import { PageTitle } from '@/lib/public-page';

// What a public page answers when what it shows does not exist (an unknown division, club
// or match): in Dutch, like the dashboard's not-found page, and without JavaScript.
export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

export default function NotFoundPage() {
  return (
    <>
      <PageTitle title="Niet gevonden" />
      <EmptyState title="Deze pagina bestaat niet (meer).">
        Bekijk de <Link className="underline" href="/stand">stand</Link> of het <Link className="underline" href="/programma">programma</Link>, of ga terug naar de{' '}
        <Link className="underline" href="/">startpagina</Link>.
      </EmptyState>
    </>
  );
}
