/**
 * No usable secret in a backup file (issue 45 item 2). A backup is copied, kept for a year and
 * read by whoever finds the disk; what still opens something at the moment of the backup must
 * not be in it:
 *
 * - **Table codes** of nights not yet closed (not revoked, not expired) are stored as typed and
 *   let anyone enter results at that table: they are **left out**. Expired and revoked codes
 *   stay (history; they open nothing). In a restored database such a night simply has no live
 *   code: "Speelavond openen" hands out new ones.
 * - **Invitation, password-reset and address links** (account_tokens not used and not expired)
 *   are kept only as a hash, but the links themselves are in the mail log (outgoing_mails, the
 *   local catcher's caught_mails): the tokens are written **as expired** (their expiry set to the
 *   moment of the backup), and every `token=…` in a mail's text or HTML is written as
 *   `token=verwijderd`. A restored database thus opens no account through an old link, and the
 *   file holds no link that opens one on the running system.
 *
 * "The moment of the backup" is the earlier of the backup's clock and the database's (`now()`,
 * the snapshot's start): a token that could be valid by either is expired.
 *
 * Rules are SQL over one table's columns (the backup selects them instead of the plain column,
 * in the same order), so the file's counts and checksums describe exactly what it holds, and a
 * restore compares with that.
 */
export interface TableRule {
  /** Only rows matching this condition are written. */
  where?: string;
  /** A column written as this expression (of the column's own type) instead of its value. */
  columns?: Record<string, string>;
}

/** What replaces a link's token in the mail log. */
export const REMOVED_TOKEN = 'verwijderd';

/** Links carry 32 random bytes in base64url (43 characters); anything of 16 or more is taken for one. */
const TOKEN_PATTERN = String.raw`(token=)[A-Za-z0-9_-]{16,}`;

export function secretRules(moment: Date): Record<string, TableRule> {
  if (Number.isNaN(moment.getTime())) throw new Error('Ongeldig tijdstip van de back-up.');
  // A literal built from toISOString(): digits, dashes, colons, a dot, T and Z only.
  const cut = `(LEAST(now(), TIMESTAMPTZ '${moment.toISOString()}') AT TIME ZONE 'UTC')::timestamp(3)`;
  const withoutTokens = (column: string) => `regexp_replace("${column}", '${TOKEN_PATTERN}', '\\1${REMOVED_TOKEN}', 'g')`;
  return {
    table_codes: { where: `NOT ("revokedAt" IS NULL AND "expiresAt" > ${cut})` },
    account_tokens: { columns: { expiresAt: `CASE WHEN "usedAt" IS NULL THEN LEAST("expiresAt", ${cut}) ELSE "expiresAt" END` } },
    outgoing_mails: { columns: { text: withoutTokens('text'), html: withoutTokens('html') } },
    caught_mails: { columns: { text: withoutTokens('text'), html: withoutTokens('html') } },
  };
}
