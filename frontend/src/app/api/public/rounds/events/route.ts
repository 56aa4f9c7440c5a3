// A match night's live events (?divisionId=&round=), passed on with the viewer's address (see lib/forward-events.ts).
import { forwardEvents } from '@/lib/forward-events';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return forwardEvents(request, '/api/public/rounds/events');
}
