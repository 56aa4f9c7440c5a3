'use client';
// The administrator's recomputation of every rating: starts the job, then reads its progress
// (kept in PostgreSQL, so any API process answers) until it is done.
import { useState } from 'react';
import { api, errorText } from '@/lib/api-client';
import { Button } from '@/components/ui/button';

type Job = { id: string; status: 'RUNNING' | 'DONE' | 'FAILED'; done: number; total: number; error: string | null };

export function RecomputePanel() {
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setError(null);
    const { data, error: failed } = await api.POST('/api/ratings/recompute').catch(() => ({ data: undefined, error: null }));
    if (!data) {
      setError(errorText(failed));
      return;
    }
    setJob(data);
    let current: Job = data;
    while (current.status === 'RUNNING') {
      await new Promise((r) => setTimeout(r, 500));
      const { data: next } = await api.GET('/api/ratings/jobs/{id}', { params: { path: { id: current.id } } }).catch(() => ({ data: undefined }));
      if (!next) continue;
      current = next;
      setJob(next);
    }
  }

  const running = job?.status === 'RUNNING';
  return (
    <div className="space-y-3">
      <Button onClick={start} disabled={running}>
        {running ? 'Bezig…' : 'Alle ratings opnieuw berekenen'}
      </Button>
      {job && (
        <div role="status" className="text-sm">
          {job.status === 'RUNNING' && <p>Bezig: {job.total ? `${job.done} van ${job.total} wedstrijden` : 'wedstrijden lezen…'}</p>}
          {job.status === 'DONE' && <p className="text-green-800">Klaar: {job.total} wedstrijden berekend.</p>}
          {job.status === 'FAILED' && <p className="text-red-700">{job.error}</p>}
          {job.total > 0 && <progress className="w-full max-w-md" max={job.total} value={job.done} />}
        </div>
      )}
      {error && <p className="text-sm text-red-700">{error}</p>}
    </div>
  );
}
