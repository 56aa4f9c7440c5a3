'use client';
// Removes a play-off result recorded by mistake, after the browser's own confirmation. Sends
// once (a double tap removes once); the row goes with its success, so the result is said in
// the page's result line.
import { useRouter } from 'next/navigation';
import { announce } from '@/components/ui/result-announcer';
import { UNREACHABLE, useSubmit } from '@/components/ui/use-submit';
import { errorOf } from '@/lib/api-client';

export function RemovePlayoff({ id, label }: { id: string; label: string }) {
  const router = useRouter();
  const { busy, message, submit } = useSubmit();

  async function remove() {
    if (busy || !window.confirm(`${label} verwijderen? De teams delen hun plaats dan weer.`)) return;
    const answer = await submit(async () => {
      const res = await fetch(`/api/playoffs/${id}`, { method: 'DELETE' }).catch(() => null);
      if (!res) return { tone: 'bad', lines: [UNREACHABLE] };
      if (!res.ok) return { tone: 'bad', lines: [errorOf(await res.json().catch(() => null)).message] };
      return { tone: 'good', lines: [`${label} verwijderd; de teams delen hun plaats weer.`] };
    });
    if (answer?.tone !== 'good') return;
    announce(answer.lines.join(' '));
    router.refresh();
  }

  return (
    <>
      <button type="button" onClick={remove} disabled={busy} className="text-sm text-red-700 underline disabled:cursor-not-allowed disabled:text-stone-500">
        {busy ? 'Bezig met verwijderen…' : 'Verwijderen'}
      </button>
      {message?.tone === 'bad' && (
        <span role="alert" className="ml-2 text-sm text-red-700">
          {message.lines.join(' ')}
        </span>
      )}
    </>
  );
}
