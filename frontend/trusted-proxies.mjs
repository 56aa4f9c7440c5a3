// TRUSTED_PROXIES for the dashboard's server, read as the API reads it
// (backend/src/auth/trusted-proxies.ts): comma-separated addresses or CIDR ranges, or the
// names `loopback`, `linklocal`, `uniquelocal`; default `loopback` (a proxy on this machine);
// empty or `none`: trust no one.

/** @param {string | undefined} value @returns {string[]} */
export function trustedProxyList(value) {
  const list = (value ?? 'loopback')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (list.length === 1 && list[0].toLowerCase() === 'none') return [];
  return list;
}
