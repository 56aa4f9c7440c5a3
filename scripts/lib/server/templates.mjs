// The two files the installer writes for the operating system: the systemd unit and Caddy's
// site. Text in one place, so `systemd-analyze verify` and the tests see what the server gets.
import { layout } from './layout.mjs';

/**
 * The service: `node scripts/start.mjs` of the current release, as the app's user, with the
 * env file; start.mjs supervises the API and the dashboard (restarted when one dies), and
 * systemd restarts start.mjs itself when it fails. Started at boot, after PostgreSQL.
 */
export function systemdUnit({ node = process.execPath } = {}) {
  return `# Written by \`npm run server -- install\`; running it again rewrites this file.
[Unit]
Description=TSBN competitieadministratie (API en dashboard)
Documentation=file://${layout.current}/README.md
After=network-online.target postgresql.service
Wants=network-online.target

[Service]
Type=simple
User=${layout.user}
Group=${layout.user}
WorkingDirectory=${layout.current}
EnvironmentFile=${layout.envFile}
ExecStart=${node} ${layout.current}/scripts/start.mjs
Restart=on-failure
RestartSec=5
TimeoutStopSec=30
KillMode=mixed
# The app writes only its data, its releases' build caches and its log.
NoNewPrivileges=true
PrivateTmp=true
ProtectSystem=full
ProtectHome=true
ReadWritePaths=${layout.data} ${layout.home}
LimitNOFILE=65536

[Install]
WantedBy=multi-user.target
`;
}

/**
 * Caddy in front: certificates (Let's Encrypt, or its own CA with `tls internal`), HTTP → HTTPS
 * (Caddy redirects by itself), HSTS, compression, and the dashboard behind it on loopback. Caddy
 * sets X-Forwarded-For to the address it saw (it ignores what a client claims), which the
 * dashboard believes from 127.0.0.1 only (TRUSTED_PROXIES): every phone is its own client.
 */
export function caddyfile({ domain, email, tls }) {
  const tlsLine = tls === 'internal' ? '\ttls internal\n' : '';
  return `# Written by \`npm run server -- install\` for the TSBN competitieadministratie; running it
# again rewrites this file (the previous one is kept as Caddyfile.voor-tsbn the first time).
{
\temail ${email}
\t# Caddy's own CA (tls internal) is not put in the system's trust store.
\tskip_install_trust
}

${domain} {
${tlsLine}\tencode zstd gzip
\theader {
\t\tdefer
\t\tStrict-Transport-Security "max-age=31536000; includeSubDomains"
\t\t-Server
\t}
\treverse_proxy 127.0.0.1:${layout.dashboardPort} {
\t\t# Live pages (Server-Sent Events) pass at once, unbuffered.
\t\tflush_interval -1
\t}
\tlog {
\t\toutput file /var/log/caddy/tsbn-access.log {
\t\t\troll_size 20MiB
\t\t\troll_keep 5
\t\t}
\t}
}
`;
}
