'use client';
// The administrator's recomputation of every rating: starts the job, then reads its progress
// (kept in PostgreSQL, so any API process answers) until it is done. The start sends once (a
// double tap starts one job) and the button stays disabled until the job has ended.
import { useState } from 'react';
import { api, errorText } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useSubmit } from '@/components/ui/use-submit';

type Job = { id: string; status: 'RUNNING' | 'DONE' | 'FAILED'; done: number; total: number; error: string | null };

export function RecomputePanel() {
  const [job, setJob] = useState<Job | null>(null);
  const { busy, message, submit } = useSubmit();

  async function start() {
    await submit(async () => {
      const { data, error: failed } = await api.POST('/api/ratings/recompute').catch(() => ({ data: undefined, error: null }));
      if (!data) return { tone: 'bad', lines: [errorText(failed)] };
      setJob(data);
      let current: Job = data;
      while (current.status === 'RUNNING') {
        await new Promise((r) => setTimeout(r, 500));
        const { data: next } = await api.GET('/api/ratings/jobs/{id}', { params: { path: { id: current.id } } }).catch(() => ({ data: undefined }));
        if (!next) continue;
        current = next;
        setJob(next);
      }
      return current.status === 'DONE'
        ? { tone: 'good', lines: [`Alle ratings opnieuw berekend: ${current.total} ${current.total === 1 ? 'wedstrijd' : 'wedstrijden'}.`] }
        : { tone: 'bad', lines: [`Het herberekenen is mislukt: ${current.error ?? 'onbekende fout'}. De vorige ratings blijven staan; probeer het opnieuw.`] };
    });
  }

  const running = busy || job?.status === 'RUNNING';
  return (
    <div className="space-y-3">
      <Button onClick={start} disabled={running}>
        {running ? 'Bezig met berekenen…' : 'Alle ratings opnieuw berekenen'}
      </Button>
      {job?.status === 'RUNNING' && (
        <div role="status" className="text-sm">
          <p>Bezig: {job.total ? `${job.done} van ${job.total} wedstrijden` : 'wedstrijden lezen…'}</p>
          {job.total > 0 && <progress className="w-full max-w-md" max={job.total} value={job.done} />}
        </div>
      )}
      <Notice message={message} />
    </div>
  );
}
