/**
 * The demo accounts' password, published in the README and printed by `npm start`. Whoever
 * reaches the dashboard over the network knows it too: logging in with it is allowed only from
 * the machine the system runs on (loopback), until the account has a password of its own.
 * ALLOW_DEMO_PASSWORD_REMOTE=true lifts this (a demo behind Docker's port mapping, where every
 * browser arrives from the bridge's address).
 */
export const DEMO_PASSWORD = 'troefcall2026';

/** Whether an address is this machine: 127.0.0.0/8 or ::1 (also as ::ffff:127.x.x.x). */
export function isLoopback(address: string): boolean {
  const ip = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  return ip === '::1' || /^127\.\d+\.\d+\.\d+$/.test(ip);
}

/** Whether a login with `password` from `client` must be refused as the published demo password used from afar. */
export function demoPasswordFromAfar(password: string, client: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return password === DEMO_PASSWORD && !isLoopback(client) && env.ALLOW_DEMO_PASSWORD_REMOTE !== 'true';
}
