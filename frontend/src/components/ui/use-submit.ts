'use client';
// One way to write from the dashboard: a form's send goes once while it is on its way (a
// double tap sends once), carries one idempotency key per intent (made at the first try,
// the same on a retry after a lost answer, new after a success or an edit), and ends in
// one message: what was recorded, or the API's Dutch refusal. A stale error goes as soon
// as the user edits the form or sends again.
import { useCallback, useRef, useState } from 'react';
import { formatDate, formatEuro } from '@/lib/format';
import { idempotencyKey } from '@/lib/match-night';
import type { NoticeMessage } from './notice';

export const UNREACHABLE = 'De server is niet bereikbaar. Er is niets opgeslagen; probeer het opnieuw.';

export interface Submit {
  /** True while the request is on its way: the form's buttons are disabled and say so. */
  busy: boolean;
  /** The last answer, shown under the form. */
  message: NoticeMessage | null;
  setMessage: (message: NoticeMessage | null) => void;
  /**
   * Sends once: a second call while the first is on its way does nothing (returns null).
   * `send` gets the intent's idempotency key and answers with the message to show; a
   * 'good' answer ends the intent (the next send gets a new key).
   */
  submit: (send: (key: string) => Promise<NoticeMessage>) => Promise<NoticeMessage | null>;
  /** The user changed the form: a stale error goes, and what is sent next is a new intent. */
  edited: () => void;
}

export function useSubmit(): Submit {
  const sending = useRef(false);
  const key = useRef<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<NoticeMessage | null>(null);

  const submit = useCallback(async (send: (key: string) => Promise<NoticeMessage>) => {
    if (sending.current) return null;
    sending.current = true;
    setBusy(true);
    setMessage(null);
    key.current ??= idempotencyKey();
    let answer: NoticeMessage;
    try {
      answer = await send(key.current);
    } catch {
      answer = { tone: 'bad', lines: [UNREACHABLE] };
    }
    if (answer.tone === 'good') key.current = null;
    sending.current = false;
    setBusy(false);
    setMessage(answer);
    return answer;
  }, []);

  const edited = useCallback(() => {
    if (sending.current) return;
    key.current = null;
    setMessage((m) => (m?.tone === 'bad' ? null : m));
  }, []);

  return { busy, message, setMessage, submit, edited };
}

/**
 * A result message from a template and the API's answer, for forms whose page (a server
 * component) can pass only text: "Boete opgelegd: {amountCents:euro} voor {clubName}."
 * Each {path} is a dotted path into the answer; ":euro" formats cents, ":date" a date.
 */
export function fillIn(template: string, answer: unknown): string {
  const filled = template.replace(/\{([\w.]+)(?::(euro|date))?\}/g, (_, path: string, format?: string) => {
    const value = path.split('.').reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined), answer);
    if (value === null || value === undefined) return '';
    if (format === 'euro' && typeof value === 'number') return formatEuro(value);
    if (format === 'date' && typeof value === 'string') return formatDate(value);
    return String(value);
  });
  return filled.replace(/\s+/g, ' ').replace(/\s+([.,;:)])/g, '$1').replace(/\(\)\s?/g, '').trim();
}
