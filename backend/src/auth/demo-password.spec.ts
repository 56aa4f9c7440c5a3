import { demoPasswordFromAfar, DEMO_PASSWORD, isLoopback } from './demo-password';

describe('the published demo password only from this machine', () => {
  test.each([
    ['127.0.0.1', true],
    ['127.0.0.2', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['192.168.1.20', false],
    ['10.0.0.5', false],
    ['::ffff:192.168.1.20', false],
    ['fe80::1', false],
    ['unknown', false],
  ])('%s is loopback: %s', (address, expected) => {
    expect(isLoopback(address)).toBe(expected);
  });

  test.each([
    ['the demo password from the club Wi-Fi', DEMO_PASSWORD, '192.168.1.20', {}, true],
    ['the demo password on this machine', DEMO_PASSWORD, '127.0.0.1', {}, false],
    ['an own password from the club Wi-Fi', 'eigen-wachtwoord-2026', '192.168.1.20', {}, false],
    ['the demo password from afar, allowed by the operator', DEMO_PASSWORD, '172.17.0.1', { ALLOW_DEMO_PASSWORD_REMOTE: 'true' }, false],
  ])('%s → refused: %s', (_case, password, client, env, refused) => {
    expect(demoPasswordFromAfar(password, client, env)).toBe(refused);
  });
});
