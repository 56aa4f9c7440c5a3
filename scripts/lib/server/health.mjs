// Is the installation answering? The dashboard on loopback, and through it the API and the database.
import { layout } from './layout.mjs';
import { sleep } from './system.mjs';

/** GET /api/health through the dashboard on loopback: { ok, status, body } or the error's message. */
export async function health() {
  try {
    const res = await fetch(`http://127.0.0.1:${layout.dashboardPort}/api/health`, { signal: AbortSignal.timeout(5000) });
    return { ok: res.ok, status: res.status, body: await res.json().catch(() => null) };
  } catch (error) {
    return { ok: false, status: 0, error: error instanceof Error ? (error.cause?.code ?? error.message) : String(error) };
  }
}

/** Waits until the health check answers 200 (true), or `seconds` passed (false). */
export async function waitForHealth({ seconds = 120, say = () => {} } = {}) {
  const until = Date.now() + seconds * 1000;
  let last = 0;
  while (Date.now() < until) {
    if ((await health()).ok) return true;
    if (Date.now() - last > 20_000) {
      if (last) say('… wacht nog op de dienst');
      last = Date.now();
    }
    await sleep(1000);
  }
  return false;
}
