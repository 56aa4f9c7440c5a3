import { trustedProxies } from './trusted-proxies';

describe('trustedProxies (TRUSTED_PROXIES)', () => {
  test.each([
    [undefined, ['loopback']],
    ['loopback', ['loopback']],
    ['10.0.0.5, 172.16.0.0/12 ,loopback', ['10.0.0.5', '172.16.0.0/12', 'loopback']],
    ['', false],
    [' , ', false],
    ['none', false],
    ['NONE', false],
  ])('%p → %p', (value, expected) => {
    expect(trustedProxies(value)).toEqual(expected);
  });
});
