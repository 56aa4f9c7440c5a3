// The login goes through this route instead of the /api rewrite, so the API learns the
// browser's address (X-Forwarded-For): its login throttle counts per e-mail address and
// client, and one client's wrong passwords must not make everybody else wait.
import { forwardToApi } from '@/lib/forward-to-api';

export const dynamic = 'force-dynamic';

export function POST(request: Request): Promise<Response> {
  return forwardToApi(request, '/api/auth/login');
}
