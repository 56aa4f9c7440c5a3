'use client';
// Regel 2: request a member of another club for this club. Inside the freeze the request is
// refused unless it is put to the board (secretary) or decided as the board (administrator).
import { useRouter } from 'next/navigation';
import { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { InlineNotice } from '@/components/ui/notice';
import { UNREACHABLE, useSubmit } from '@/components/ui/use-submit';
import { errorText } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-server';
import { transferStatusText } from './badges';

const input = 'mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 text-base sm:text-sm';

export function TransferRequestForm({ toClubId, isAdmin }: { toClubId: string; isAdmin: boolean }) {
  const router = useRouter();
  const { busy, message, submit: send, edited } = useSubmit();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body: Record<string, unknown> = { memberNumber: String(data.get('memberNumber') ?? ''), toClubId };
    if (data.get('askBoard')) body.askBoard = true;
    if (data.get('boardReason')) body.boardReason = String(data.get('boardReason'));
    const answer = await send(async () => {
      const res = await fetch('/api/transfers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).catch(() => null);
      if (!res) return { tone: 'bad', lines: [UNREACHABLE] };
      const json = await res.json().catch(() => null);
      if (!res.ok) return { tone: 'bad', lines: [errorText(json)] };
      const transfer = json as Schemas['TransferDto'];
      return { tone: 'good', lines: [`Overschrijving aangevraagd voor ${transfer.memberName ?? `lidnummer ${transfer.memberNumber}`}: ${transferStatusText(transfer)}.`] };
    });
    if (answer?.tone !== 'good') return;
    form.reset();
    router.refresh();
  }

  return (
    <form onSubmit={submit} onChange={edited} className="grid gap-3 sm:grid-cols-2" noValidate>
      <label className="block text-sm font-medium text-stone-700">
        Lidnummer <span className="text-red-600">*</span>
        <input name="memberNumber" required autoCapitalize="characters" spellCheck={false} placeholder="TS-10021" className={input} />
      </label>
      {isAdmin ? (
        <label className="block text-sm font-medium text-stone-700">
          Bestuursbesluit: schriftelijke reden
          <input name="boardReason" className={input} />
          <span className="mt-1 block text-xs font-normal text-stone-500">Alleen binnen de overschrijvingsstop; de overschrijving gaat dan meteen in.</span>
        </label>
      ) : (
        <label className="flex items-start gap-2 self-end text-sm text-stone-700">
          <input type="checkbox" name="askBoard" className="mt-1" />
          Binnen de overschrijvingsstop: voorleggen aan het bestuur
        </label>
      )}
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Bezig met aanvragen…' : 'Overschrijving aanvragen'}
        </Button>
        <InlineNotice message={message && { tone: message.tone, text: message.lines.join(' ') }} />
      </div>
    </form>
  );
}
