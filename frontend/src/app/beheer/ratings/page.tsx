import Link from 'next/link';
import { RecomputePanel } from '@/components/ratings/recompute-panel';
import { Card, PageHeader } from '@/components/ui/layout';

export const metadata = { title: 'Ratings' };

/** Ratings follow final results by themselves; this recomputes all of them from scratch, with progress. */
export default function AdminRatingsPage() {
  return (
    <>
      <PageHeader
        title="Ratings"
        description={
          <>
            Ratings worden bijgewerkt zodra een uitslag definitief is of gecorrigeerd wordt. Hier berekent u alles opnieuw uit de definitieve uitslagen.{' '}
            <Link className="underline" href="/ranglijst">
              Ranglijst
            </Link>
          </>
        }
      />
      <Card>
        <RecomputePanel />
      </Card>
    </>
  );
}
