// Where an installation lives on a server (`npm run server`). One place, so install, upgrade,
// doctor and the service unit agree. TSBN_SERVER_PREFIX moves all of it under one folder
// (the unit tests of the templates; never on a real server).
import path from 'node:path';

const prefix = process.env.TSBN_SERVER_PREFIX ?? '';
const at = (p) => (prefix ? path.join(prefix, p) : p);

export const layout = {
  /** The system user that owns the app and its data, and runs it. */
  user: 'tsbn',
  /** Releases (one folder each, built once), `current` → the one that runs, and the git clone they come from. */
  home: at('/opt/tsbn'),
  releases: at('/opt/tsbn/releases'),
  current: at('/opt/tsbn/current'),
  repository: at('/opt/tsbn/repository.git'),
  /** Settings (mode 600) and what the installer remembers (domain, e-mail, TLS). */
  etc: at('/etc/tsbn'),
  envFile: at('/etc/tsbn/tsbn.env'),
  stateFile: at('/etc/tsbn/installation.json'),
  /** Data: backups, the upgrade log; the service's pid file where systemd does not run. */
  data: at('/var/lib/tsbn'),
  backups: at('/var/lib/tsbn/backups'),
  logFile: at('/var/log/tsbn/tsbn.log'),
  pidFile: at('/var/lib/tsbn/tsbn.pid'),
  unitFile: at('/etc/systemd/system/tsbn.service'),
  caddyfile: at('/etc/caddy/Caddyfile'),
  /** Caddy's data folder as Debian's caddy.service runs it (HOME=/var/lib/caddy). */
  caddyData: at('/var/lib/caddy/.local/share/caddy'),
  /** How many releases stay on disk (the running one and the ones before it). */
  keepReleases: 3,
  /** Loopback ports: the dashboard (Caddy proxies to it) and the API (the dashboard proxies to it). */
  dashboardPort: 3000,
  apiPort: 3001,
};

/** Caddy's own CA (`--tls internal`): the root certificate browsers and `doctor` must trust. */
export const caddyRootCertificate = () => path.join(layout.caddyData, 'pki', 'authorities', 'local', 'root.crt');
