// "Wachtwoord vergeten?" goes through this route instead of the /api rewrite, so the API learns
// the browser's address (X-Forwarded-For): it limits reset requests per client as well.
import { forwardToApi } from '@/lib/forward-to-api';

export const dynamic = 'force-dynamic';

export function POST(request: Request): Promise<Response> {
  return forwardToApi(request, '/api/accounts/password-reset');
}
