'use client';
// The secretaries' buttons of the match night: open it, give a table a new code, confirm the
// match. Each sends once (useSubmit: disabled while on its way, a double tap sends once) and
// says what happened.
import { useRouter } from 'next/navigation';
import { FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { InlineMessage, InlineNotice, NoticeMessage } from '@/components/ui/notice';
import { announce } from '@/components/ui/result-announcer';
import { useSubmit } from '@/components/ui/use-submit';
import { attempt, messagesOf } from '@/components/matches/call';
import { api } from '@/lib/api-client';
import { finalitySentence } from '@/lib/vocabulary';

/** useSubmit's message as one line next to a button. */
const inline = (message: NoticeMessage | null): InlineMessage | null => message && { tone: message.tone, text: message.lines.join(' ') };

export function OpenNight({ matchId }: { matchId: string }) {
  const router = useRouter();
  const { busy, message, submit } = useSubmit();
  async function open() {
    const answer = await submit(async () => {
      const sent = await attempt(api.POST('/api/matches/{id}/night', { params: { path: { id: matchId } } }));
      if (!sent.ok) return { tone: 'bad', lines: messagesOf(sent.error) };
      return { tone: 'good', lines: ['Speelavond geopend: de tafelcodes staan hieronder.'] };
    });
    if (answer?.tone === 'good') router.refresh();
  }
  return (
    <div className="space-y-2">
      <Button className="min-h-12 text-base" onClick={open} disabled={busy}>
        {busy ? 'Bezig met openen…' : 'Speelavond openen'}
      </Button>
      <InlineNotice message={inline(message)} />
    </div>
  );
}

/** A new code for one table (the old one stops at once), after a reason and a second tap. */
export function RevokeCode({ matchId, tableNumber }: { matchId: string; tableNumber: number }) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const { busy, message, setMessage, submit, edited } = useSubmit();
  async function revoke(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setMessage({ tone: 'bad', lines: ['Geef een reden op.'] });
    const answer = await submit(async () => {
      const sent = await attempt(api.POST('/api/matches/{id}/night/tables/{tableNumber}/revoke', { params: { path: { id: matchId, tableNumber } }, body: { reason: reason.trim() } }));
      if (!sent.ok) return { tone: 'bad', lines: messagesOf(sent.error) };
      return { tone: 'good', lines: [`Tafel ${tableNumber} heeft een nieuwe code; de oude werkt niet meer. Wat de tafel op de telefoon bewaarde, gaat mee zodra die de nieuwe code opent.`] };
    });
    if (answer?.tone !== 'good') return;
    setAsking(false);
    setReason('');
    router.refresh();
  }
  if (!asking) {
    return (
      <div className="space-y-1">
        <Button variant="secondary" onClick={() => (setMessage(null), setAsking(true))}>
          Nieuwe code voor tafel {tableNumber}
        </Button>
        <InlineNotice message={inline(message)} />
      </div>
    );
  }
  return (
    <form onSubmit={revoke} onChange={edited} role="alertdialog" aria-label={`Code van tafel ${tableNumber} intrekken`} className="space-y-2 rounded-md bg-red-50 p-3 ring-1 ring-red-200">
      <p className="text-sm text-red-950">De huidige code van tafel {tableNumber} werkt dan niet meer. De tafel opent de nieuwe code (QR-code of typen) op dezelfde telefoon: wat daar al is ingevoerd of half ingetypt, gaat mee.</p>
      <label className="block text-sm font-medium">
        Reden
        <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} className="mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-2 text-base" />
      </label>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? 'Bezig met intrekken…' : 'Ja, code intrekken'}
        </Button>
        <Button type="button" variant="secondary" onClick={() => setAsking(false)} disabled={busy}>
          Annuleren
        </Button>
      </div>
      <InlineNotice message={inline(message)} />
    </form>
  );
}

/**
 * One club's confirmation of the night. One idempotency key per intent: a second tap, or a
 * retry after a lost answer, is answered without confirming twice. The button goes with its
 * success (the page then shows the side as confirmed), so the result is said in the page's
 * result line as well.
 */
export function ConfirmNight({ matchId, teamName }: { matchId: string; teamName: string }) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const { busy, message, setMessage, submit } = useSubmit();
  async function confirm() {
    const answer = await submit(async (idempotencyKey) => {
      const sent = await attempt(api.POST('/api/matches/{id}/confirm-night', { params: { path: { id: matchId } }, body: { idempotencyKey } }));
      if (!sent.ok) return { tone: 'bad', lines: messagesOf(sent.error) };
      const m = sent.data;
      const score = `${m.score.homePoints ?? 0}–${m.score.awayPoints ?? 0}`;
      // How it stands now, in the API's words: "bevestigd door beide teams", or still "compleet, wordt definitief om 22:41".
      const now = m.finality ? finalitySentence(m.finality) : 'Nog niet definitief';
      return { tone: 'good', lines: [`Bevestigd namens ${teamName}. ${now}: ${score}.`] };
    });
    if (answer?.tone !== 'good') return;
    setAsking(false);
    setMessage(null);
    announce(answer.lines.join(' '));
    router.refresh();
  }
  return (
    <div className="space-y-2">
      {asking ? (
        // What becomes irrevocable, before it does (issue 23 item 8).
        <div role="alertdialog" aria-label="Nu al bevestigen" className="space-y-2 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-300">
          <p className="font-medium text-amber-950">
            U bevestigt de uitslag namens {teamName}. Dat hoeft niet: de uitslag wordt vanzelf definitief. Als beide teams nu al bevestigen, is hij meteen definitief: daarna kan alleen de
            bond hem nog corrigeren.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button className="min-h-12" onClick={confirm} disabled={busy}>
              {busy ? 'Bezig met bevestigen…' : 'Ja, bevestigen'}
            </Button>
            <Button variant="secondary" className="min-h-12" onClick={() => setAsking(false)} disabled={busy}>
              Annuleren
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" className="min-h-14 w-full text-lg sm:w-auto" onClick={() => (setMessage(null), setAsking(true))}>
          Nu al bevestigen
        </Button>
      )}
      <InlineNotice message={inline(message)} />
    </div>
  );
}
