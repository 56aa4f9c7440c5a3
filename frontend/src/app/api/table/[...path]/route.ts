// The table endpoints (/api/table/{code}/…, no login) go through this route instead of the
// /api rewrite, so the API learns each phone's address (X-Forwarded-For): it rate-limits per
// table code and per client, and makes a client that tries invalid codes wait. Through the
// rewrite every phone would be the dashboard itself, and one guesser would make every table wait.
import { forwardToApi } from '@/lib/forward-to-api';

export const dynamic = 'force-dynamic';

async function forward(request: Request, { params }: { params: Promise<{ path: string[] }> }): Promise<Response> {
  const { path } = await params;
  return forwardToApi(request, `/api/table/${path.map(encodeURIComponent).join('/')}`);
}

export const GET = forward;
export const PUT = forward;
export const POST = forward;
