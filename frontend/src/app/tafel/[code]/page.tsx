import { messageOf, serverApi } from '@/lib/api-server';
import { normaliseTableCode } from '@/lib/match-night';
import { CodeForm } from '../code-form';
import { KeptOnPhone } from '../kept-on-phone';
import { TableScreen } from './table-screen';

export const dynamic = 'force-dynamic';
// Installable (issue 16): the manifest opens the table pages as an app; the page works offline once opened.
export const metadata = { title: 'Aan tafel', manifest: '/manifest-tafel.webmanifest' };

/**
 * One table of one match at the club, opened from the QR code on the table card (no login):
 * the pairs of each set (Regel 22), the entry of the set, the opposing pair's signature or
 * refusal (Regel 15, 35B). Rendered with the table's state, so the phone shows it at once.
 */
export default async function TablePage({ params }: { params: Promise<{ code: string }> }) {
  const code = normaliseTableCode(decodeURIComponent((await params).code));
  const api = await serverApi();
  const { data, error } = await api.GET('/api/table/{code}', { params: { path: { code } } });
  if (!data) {
    return (
      <div className="mx-auto max-w-md">
        <h1 className="text-2xl font-bold text-brand-900">Aan tafel</h1>
        {/* A code that stopped working (a new one was handed out): what this phone kept under it is not lost. */}
        <KeptOnPhone code={code} />
        <CodeForm typed={code} message={messageOf(error) ?? 'Deze tafelcode werkt niet.'} />
      </div>
    );
  }
  return <TableScreen code={code} initial={data} renderedAt={new Date().toISOString()} />;
}
