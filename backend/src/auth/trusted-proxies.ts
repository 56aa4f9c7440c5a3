/**
 * Whose X-Forwarded-For the API believes: the addresses of the proxies in front of it
 * (the dashboard's /api proxy and server-side calls). Fastify's `trustProxy` then gives
 * `req.ip` = the first address in the chain, from the right, that is not such a proxy.
 * A request from anywhere else is taken at its own address, whatever it claims.
 *
 * TRUSTED_PROXIES: comma-separated addresses or CIDR ranges, or the names `loopback`,
 * `linklocal`, `uniquelocal`; default `loopback` (dashboard and API on one machine).
 * Empty or `none`: trust no one.
 */
export function trustedProxies(value: string | undefined): string[] | false {
  const list = (value ?? 'loopback')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!list.length || (list.length === 1 && list[0].toLowerCase() === 'none')) return false;
  return list;
}
