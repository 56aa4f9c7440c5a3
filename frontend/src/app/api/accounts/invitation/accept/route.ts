// An accepted invitation: the API answers with the session cookie, passed on as at the login.
import { forwardToApi } from '@/lib/forward-to-api';

export const dynamic = 'force-dynamic';

export function POST(request: Request): Promise<Response> {
  return forwardToApi(request, '/api/accounts/invitation/accept');
}
