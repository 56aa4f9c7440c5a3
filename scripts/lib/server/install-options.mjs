// The install command's options, checked before anything is changed (pure: unit-tested in server.spec.ts).

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
const EMAIL = /^[^\s@"'<>]+@[^\s@"'<>]+\.[^\s@"'<>]+$/;

/** The options the command takes, checked before anything is changed. */
export function checkInstallOptions(values) {
  const problems = [];
  const domain = values.domain?.trim().toLowerCase();
  // Without --email the first administrator is beheerder@<domain> (said in the output); a later run with --email adds that one.
  const email = (values.email ?? (domain ? `beheerder@${domain}` : '')).trim().toLowerCase();
  if (!domain || !DOMAIN.test(domain)) problems.push('--domain: de naam waarop de site bereikbaar wordt, bijv. --domain competitie.tsbn.nl');
  if (domain && DOMAIN.test(domain) && !EMAIL.test(email)) problems.push('--email: het e-mailadres van de beheerder (voor de eerste login en de certificaten), bijv. --email bestuur@tsbn.nl');
  if (values.tls && values.tls !== 'internal') problems.push('--tls: alleen "internal" (Caddy\'s eigen certificaten, voor een test of intranet); zonder --tls haalt Caddy een echt certificaat');
  if (values['smtp-port'] && !/^\d{2,5}$/.test(values['smtp-port'])) problems.push('--smtp-port: een poortnummer, bijv. 587');
  return { problems, domain, email };
}
