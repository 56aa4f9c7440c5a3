import Link from 'next/link';
import { EmptyState } from '@/components/ui/layout';
import { PageTitle } from '@/lib/public-page';

// A public page that failed on the server: a Dutch message instead of Next's English one.
export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

export default function ServerErrorPage() {
  return (
    <>
      <PageTitle title="Er ging iets mis" />
      <EmptyState title="Er ging iets mis bij het maken van deze pagina.">
        Probeer het over een minuut opnieuw, of ga terug naar de <Link className="underline" href="/">startpagina</Link>.
      </EmptyState>
    </>
  );
}
