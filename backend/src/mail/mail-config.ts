/**
 * Mail settings from the environment (.env): where mail goes and what links point at.
 *
 * SMTP_HOST set: deliver to that server (SMTP_PORT, default 587, or 465 with SMTP_SECURE=true;
 * SMTP_USER/SMTP_PASSWORD when it wants a login). Unset: deliver to the local mail catcher
 * (MAIL_CATCHER_HOST:MAIL_CATCHER_PORT, default 127.0.0.1:2525), which `npm start` runs inside
 * the API (MAIL_CATCHER=on) so administrators read the mails at /beheer/e-mail.
 */
export interface MailConfig {
  /** null: no SMTP server configured, mail goes to the catcher. */
  smtp: { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } } | null;
  catcher: { enabled: boolean; host: string; port: number };
  from: string;
  /** The dashboard's address as the recipient reaches it, without trailing slash. */
  publicUrl: string;
}

export const DEFAULT_MAIL_FROM = 'TSBN competitieadministratie <noreply@tsbn.nl>';
export const DEFAULT_CATCHER_PORT = 2525;

const on = (value: string | undefined) => ['1', 'true', 'on', 'yes'].includes((value ?? '').trim().toLowerCase());

export function mailConfig(env: NodeJS.ProcessEnv = process.env): MailConfig {
  const host = env.SMTP_HOST?.trim();
  const secure = on(env.SMTP_SECURE);
  const smtp = host
    ? {
        host,
        port: Number(env.SMTP_PORT || (secure ? 465 : 587)),
        secure,
        ...(env.SMTP_USER ? { auth: { user: env.SMTP_USER, pass: env.SMTP_PASSWORD ?? '' } } : {}),
      }
    : null;
  const catcherPort = env.MAIL_CATCHER_PORT?.trim();
  return {
    smtp,
    catcher: { enabled: on(env.MAIL_CATCHER), host: env.MAIL_CATCHER_HOST?.trim() || '127.0.0.1', port: catcherPort ? Number(catcherPort) : DEFAULT_CATCHER_PORT },
    from: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
    publicUrl: (env.PUBLIC_URL?.trim() || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, ''),
  };
}

/** An absolute link to a dashboard path, for a mail. */
export function publicLink(path: string, config: Pick<MailConfig, 'publicUrl'> = mailConfig()): string {
  return `${config.publicUrl}${path.startsWith('/') ? path : `/${path}`}`;
}
