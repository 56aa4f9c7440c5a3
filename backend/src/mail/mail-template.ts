/**
 * One Dutch mail in two forms from one source: plain text and a simple HTML page.
 * Paragraphs are plain text (escaped in HTML); `action` is the one link the mail is about.
 */
export interface MailContent {
  /** "Beste Marlon Sewdien," */
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Said after the link, e.g. how long it stays valid. */
  after?: string[];
}

const SIGNATURE = 'Met vriendelijke groet,\nTroefcall Sport Bond Nederland';
const FOOTER = 'Deze e-mail is automatisch verstuurd door de competitieadministratie van de TSBN.';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function renderMail(content: MailContent): { text: string; html: string } {
  const after = content.after ?? [];
  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}:\n${content.action.url}`] : []),
    ...after,
    SIGNATURE,
    `--\n${FOOTER}`,
  ].join('\n\n');
  const p = (t: string) => `<p style="margin:0 0 16px">${escapeHtml(t).replace(/\n/g, '<br>')}</p>`;
  const button = content.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">Werkt de knop niet? Kopieer dan deze link in uw browser:<br>${escapeHtml(content.action.url)}</p>`
    : '';
  const html =
    '<!doctype html><html lang="nl"><head><meta charset="utf-8"></head>' +
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111;max-width:560px;margin:0 auto;padding:16px">' +
    [content.greeting, ...content.paragraphs].map(p).join('') +
    button +
    after.map(p).join('') +
    p(SIGNATURE) +
    `<p style="margin:24px 0 0;font-size:12px;color:#777">${escapeHtml(FOOTER)}</p>` +
    '</body></html>';
  return { text, html };
}
