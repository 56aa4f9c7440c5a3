// What a link from a mail is for, asked on the server before its page shows a form.
import { messageOf, serverApi, type Schemas } from '@/lib/api-server';

export type TokenInfo = Schemas['TokenInfoDto'];

/** The token from the page's query, and either what it is for or why it cannot be used. */
export async function readTokenLink(searchParams: Promise<Record<string, string | string[] | undefined>>, kind: TokenInfo['kind']): Promise<{ token: string; info: TokenInfo | null; problem: string | null }> {
  const raw = (await searchParams).token;
  const token = typeof raw === 'string' ? raw.trim() : '';
  if (!token) return { token, info: null, problem: 'Deze link is niet volledig. Kopieer de hele link uit de e-mail.' };
  const api = await serverApi();
  const { data, error } = await api.POST('/api/accounts/token', { body: { token } });
  if (!data) return { token, info: null, problem: messageOf(error) ?? 'Deze link is ongeldig.' };
  if (data.kind !== kind) return { token, info: null, problem: 'Deze link hoort bij een andere pagina. Open de link precies zoals hij in de e-mail staat.' };
  return { token, info: data, problem: null };
}
