'use client';
// The secretaries' buttons of the match night: open it, give a table a new code, confirm the match.
import { useRouter } from 'next/navigation';
import { FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { InlineMessage, InlineNotice } from '@/components/ui/notice';
import { attempt, messagesOf } from '@/components/matches/call';
import { api } from '@/lib/api-client';

export function OpenNight({ matchId }: { matchId: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<InlineMessage | null>(null);
  async function open() {
    setBusy(true);
    const sent = await attempt(api.POST('/api/matches/{id}/night', { params: { path: { id: matchId } } }));
    setBusy(false);
    if (!sent.ok) return setMessage({ tone: 'bad', text: messagesOf(sent.error).join(' ') });
    router.refresh();
  }
  return (
    <div className="space-y-2">
      <Button className="min-h-12 text-base" onClick={open} disabled={busy}>
        {busy ? 'Bezig…' : 'Speelavond openen'}
      </Button>
      <InlineNotice message={message} />
    </div>
  );
}

/** A new code for one table (the old one stops at once), after a reason and a second tap. */
export function RevokeCode({ matchId, tableNumber }: { matchId: string; tableNumber: number }) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<InlineMessage | null>(null);
  async function revoke(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setMessage({ tone: 'bad', text: 'Geef een reden op.' });
    setBusy(true);
    const sent = await attempt(api.POST('/api/matches/{id}/night/tables/{tableNumber}/revoke', { params: { path: { id: matchId, tableNumber } }, body: { reason: reason.trim() } }));
    setBusy(false);
    if (!sent.ok) return setMessage({ tone: 'bad', text: messagesOf(sent.error).join(' ') });
    setAsking(false);
    setReason('');
    setMessage({ tone: 'good', text: `Tafel ${tableNumber} heeft een nieuwe code; de oude werkt niet meer.` });
    router.refresh();
  }
  if (!asking) {
    return (
      <div className="space-y-1">
        <Button variant="secondary" onClick={() => setAsking(true)}>
          Nieuwe code voor tafel {tableNumber}
        </Button>
        <InlineNotice message={message} />
      </div>
    );
  }
  return (
    <form onSubmit={revoke} role="alertdialog" aria-label={`Code van tafel ${tableNumber} intrekken`} className="space-y-2 rounded-md bg-red-50 p-3 ring-1 ring-red-200">
      <p className="text-sm text-red-950">De huidige code van tafel {tableNumber} werkt dan niet meer; wie hem gebruikt, moet de nieuwe QR-code scannen.</p>
      <label className="block text-sm font-medium">
        Reden
        <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} className="mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-2 text-base" />
      </label>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={busy}>
          Ja, code intrekken
        </Button>
        <Button type="button" variant="secondary" onClick={() => setAsking(false)}>
          Annuleren
        </Button>
      </div>
      <InlineNotice message={message} />
    </form>
  );
}

export function ConfirmNight({ matchId, teamName }: { matchId: string; teamName: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<InlineMessage | null>(null);
  async function confirm() {
    setBusy(true);
    const sent = await attempt(api.POST('/api/matches/{id}/confirm-night', { params: { path: { id: matchId } }, body: {} }));
    setBusy(false);
    setAsking(false);
    if (!sent.ok) return setMessage({ tone: 'bad', text: messagesOf(sent.error).join(' ') });
    setMessage({ tone: 'good', text: `Bevestigd namens ${teamName}.` });
    router.refresh();
  }
  return (
    <div className="space-y-2">
      {asking ? (
        // What becomes irrevocable, before it does (issue 23 item 8).
        <div role="alertdialog" aria-label="Wedstrijd bevestigen" className="space-y-2 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-300">
          <p className="font-medium text-amber-950">
            U bevestigt de uitslag namens {teamName}. Als beide teams bevestigd hebben, is de uitslag definitief: daarna kan alleen de bond hem nog corrigeren.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button className="min-h-12" onClick={confirm} disabled={busy}>
              {busy ? 'Bezig…' : 'Ja, bevestigen'}
            </Button>
            <Button variant="secondary" className="min-h-12" onClick={() => setAsking(false)} disabled={busy}>
              Annuleren
            </Button>
          </div>
        </div>
      ) : (
        <Button className="min-h-14 w-full text-lg sm:w-auto" onClick={() => setAsking(true)}>
          Wedstrijd bevestigen
        </Button>
      )}
      <InlineNotice message={message} />
    </div>
  );
}
