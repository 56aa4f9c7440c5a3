import { redirect } from 'next/navigation';
import { normaliseTableCode } from '@/lib/match-night';
import { CodeForm } from './code-form';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Aan tafel', manifest: '/manifest-tafel.webmanifest' };

/** The way in without the QR code: type the short code from the table card (no login). Works without JavaScript. */
export default async function TableCodePage({ searchParams }: { searchParams: Promise<{ code?: string }> }) {
  const { code } = await searchParams;
  const typed = code ? normaliseTableCode(code) : '';
  if (typed.length === 10) redirect(`/tafel/${typed}`);
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-2xl font-bold text-brand-900">Aan tafel</h1>
      <p className="mt-1 text-stone-700">
        Scan de QR-code op de tafelkaart, of typ de code die eronder staat. U ziet dan alleen uw tafel: welke koppels er deze set zitten, de invoer van de set en het ondertekenen.
      </p>
      <CodeForm typed={code ?? ''} invalid={code !== undefined && typed.length !== 10} />
    </div>
  );
}
