/**
 * Characters a name or reason must never contain (pure; used by the DTO validators and by
 * the readers of uploaded member lists and season files, which bypass class-validator).
 */
/** C0 and C1 control characters (BEL, ESC, …), and the line breaks and tab. */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/u;
/** The same without tab, line feed and carriage return (allowed in longer texts such as a reason). */
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
/**
 * Invisible characters that change the writing direction (U+202E shows "gnp.exe" for "exe.png"):
 * bidi embeddings, overrides and isolates, the direction marks; and the byte-order mark and
 * interlinear annotation characters, which no name contains.
 */
const INVISIBLE = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF\uFFF9-\uFFFB]/u;

/** Unicode's own line and paragraph separators (U+2028, U+2029): line breaks, so never in a one-line name. */
const SEPARATORS = /[\u2028\u2029]/u;

/** Whether a text has a character a name or reason must not contain. */
export function hasForbiddenCharacters(text: string, options: { lineBreaks?: boolean } = {}): boolean {
  if (options.lineBreaks) return CONTROL_EXCEPT_LINES.test(text) || INVISIBLE.test(text);
  return CONTROL.test(text) || SEPARATORS.test(text) || INVISIBLE.test(text);
}

export const FORBIDDEN_CHARACTERS_MESSAGE =
  'Gebruik hier alleen gewone tekens: geen stuurtekens (zoals tab of een piepje) en geen onzichtbare tekens die de schrijfrichting omdraaien.';
