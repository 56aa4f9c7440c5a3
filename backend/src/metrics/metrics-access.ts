/**
 * Who may read /api/metrics: a scraper on an address of TRUSTED_PROXIES (the same list the API
 * believes X-Forwarded-For from; default loopback, so Prometheus on the same machine), or anyone
 * with `Authorization: Bearer <METRICS_TOKEN>`. The address checked is the client's as Fastify
 * resolved it (req.ip): a stranger's request forwarded by the dashboard's /api proxy carries the
 * stranger's address and is refused, though it arrives from loopback.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import proxyAddr from '@fastify/proxy-addr';
import { trustedProxies } from '../auth/trusted-proxies';

export type MetricsAccess = (ip: string, authorization: string | undefined) => boolean;

const digest = (value: string) => createHash('sha256').update(value).digest();

export function metricsAccess(proxies: string | undefined, token: string | undefined): MetricsAccess {
  const list = trustedProxies(proxies);
  const trusted = list ? proxyAddr.compile(list) : () => false;
  const expected = token?.trim() ? digest(`Bearer ${token.trim()}`) : null;
  return (ip, authorization) => {
    if (expected && authorization && timingSafeEqual(digest(authorization.trim()), expected)) return true;
    return Boolean(ip) && trusted(ip, 0);
  };
}
