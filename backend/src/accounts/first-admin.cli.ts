/**
 * `npm run server -- install` (scripts/lib/server/install.mjs) runs this once the database is
 * migrated: the installation's first administrator, invited to choose a password, as an
 * administrator invites anyone (an INVITATION link valid 7 days, only its hash stored).
 *
 *   node --import tsx backend/src/accounts/first-admin.cli.ts --email <address> [--name <name>]
 *
 * DATABASE_URL, PUBLIC_URL and the SMTP settings come from the environment (the server's env
 * file). Prints the link on its last line, `LINK <url>`, for the installer to show; mails it too
 * when SMTP_HOST is set, straight through nodemailer: the API's outgoing-mail queue keeps a link's
 * secret only in the memory of the process that queued it, and this one ends at once. Safe to run again: an administrator who has chosen a password is left
 * alone (no link), one who has not gets a fresh link (the old one stops working).
 */
import { parseArgs } from 'node:util';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { mailConfig, publicLink } from '../mail/mail-config';
import { newAccountToken, TOKEN_PAGES, TOKEN_VALIDITY_MS } from './account-links';
import { invitationMail } from './account-mails';

export type FirstAdminOutcome = { kind: 'invited'; link: string; created: boolean } | { kind: 'active' };

/** Creates (or re-invites) the administrator in one transaction; the link's token is never stored. */
export async function inviteFirstAdmin(client: pg.Client, email: string, name: string, now = new Date()): Promise<FirstAdminOutcome> {
  await client.query('BEGIN');
  try {
    const existing = await client.query<{ id: string; passwordHash: string | null; role: string }>('SELECT id, "passwordHash", role FROM users WHERE email = $1 FOR UPDATE', [email]);
    let id = existing.rows[0]?.id;
    if (existing.rows[0]?.passwordHash) {
      await client.query('ROLLBACK');
      return { kind: 'active' };
    }
    const created = !id;
    if (!id) {
      const inserted = await client.query<{ id: string }>(
        `INSERT INTO users (id, email, name, role, "updatedAt") VALUES (gen_random_uuid(), $1, $2, 'ADMIN', now()) RETURNING id`,
        [email, name],
      );
      id = inserted.rows[0].id;
    } else if (existing.rows[0].role !== 'ADMIN') {
      throw new Error(`${email} heeft al een account met een andere rol (${existing.rows[0].role}); kies een ander e-mailadres voor de beheerder.`);
    }
    const { token, tokenHash } = newAccountToken();
    // As AccountsService.issueToken: the user's earlier unused invitations stop working.
    await client.query(`DELETE FROM account_tokens WHERE "userId" = $1 AND kind = 'INVITATION' AND "usedAt" IS NULL`, [id]);
    await client.query(
      `INSERT INTO account_tokens (id, "userId", kind, "tokenHash", "expiresAt") VALUES (gen_random_uuid(), $1, 'INVITATION', $2, $3)`,
      [id, tokenHash, new Date(now.getTime() + TOKEN_VALIDITY_MS.INVITATION)],
    );
    await client.query(`INSERT INTO audit_logs (id, "userId", action, "entityType", "entityId", after) VALUES (gen_random_uuid(), NULL, 'account.invitation', 'User', $1, $2)`, [
      id,
      JSON.stringify({ email, by: 'npm run server -- install' }),
    ]);
    await client.query('COMMIT');
    return { kind: 'invited', link: publicLink(`${TOKEN_PAGES.INVITATION}?token=${token}`), created };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string', default: 'Beheerder' } } });
  const email = values.email?.trim().toLowerCase() ?? '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    console.error('Geef het e-mailadres van de beheerder: --email naam@voorbeeld.nl');
    return 2;
  }
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const outcome = await inviteFirstAdmin(client, email, values.name!.trim() || 'Beheerder');
    if (outcome.kind === 'active') {
      console.log(`De beheerder ${email} heeft al een wachtwoord; er is geen nieuwe link gemaakt.`);
      return 0;
    }
    console.log(outcome.created ? `Beheerder ${email} aangemaakt.` : `Beheerder ${email} had nog geen wachtwoord: een nieuwe link gemaakt (de vorige werkt niet meer).`);
    const config = mailConfig();
    if (config.smtp) {
      const mail = invitationMail({ email, name: values.name!, role: 'ADMIN' }, null, null, outcome.link);
      try {
        await nodemailer.createTransport({ ...config.smtp, connectionTimeout: 10_000, greetingTimeout: 10_000 }).sendMail({ from: config.from, to: email, subject: mail.subject, text: mail.text, html: mail.html });
        console.log(`De link is ook gemaild naar ${email} (via ${config.smtp.host}).`);
      } catch (error) {
        console.log(`LET OP: de link kon niet worden gemaild (${error instanceof Error ? error.message : String(error)}); gebruik de link hieronder.`);
      }
    } else {
      console.log('Er is geen mailserver ingesteld (SMTP_HOST): de link is niet gemaild; gebruik de link hieronder.');
    }
    console.log(`LINK ${outcome.link}`);
    return 0;
  } finally {
    await client.end();
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(`De beheerder kon niet worden aangemaakt: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
