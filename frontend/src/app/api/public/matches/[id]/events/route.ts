// A match's live events, passed on with the viewer's address (see lib/forward-events.ts).
import { forwardEvents } from '@/lib/forward-events';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  return forwardEvents(request, `/api/public/matches/${encodeURIComponent(id)}/events`);
}
