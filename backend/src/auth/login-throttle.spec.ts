import { AppError } from '../common/errors';
import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  let clock = 0;
  const throttle = () => new LoginThrottle(3, 5, 60_000, () => clock);
  const refused = (t: LoginThrottle, email: string, ip: string) => {
    try {
      t.check(email, ip);
      return false;
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(429);
      return true;
    }
  };

  beforeEach(() => {
    clock = 1_000_000;
  });

  it('refuses an address after 3 failures within the window, and lets it in again afterwards', () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) {
      expect(refused(t, 'a@b.nl', '1.1.1.1')).toBe(false);
      t.fail('a@b.nl', '1.1.1.1');
    }
    expect(refused(t, 'a@b.nl', '1.1.1.1')).toBe(true);
    expect(refused(t, 'c@d.nl', '1.1.1.1')).toBe(false);
    clock += 60_001;
    expect(refused(t, 'a@b.nl', '1.1.1.1')).toBe(false);
  });

  it('refuses an IP address that fails for many e-mail addresses', () => {
    const t = throttle();
    for (let i = 0; i < 5; i++) t.fail(`user${i}@b.nl`, '2.2.2.2');
    expect(refused(t, 'new@b.nl', '2.2.2.2')).toBe(true);
    expect(refused(t, 'new@b.nl', '3.3.3.3')).toBe(false);
  });

  it('forgets the failures of an address after a successful login', () => {
    const t = throttle();
    t.fail('a@b.nl', '1.1.1.1');
    t.fail('a@b.nl', '1.1.1.1');
    t.succeed('a@b.nl');
    t.fail('a@b.nl', '1.1.1.1');
    t.fail('a@b.nl', '1.1.1.1');
    expect(refused(t, 'a@b.nl', '1.1.1.1')).toBe(false);
  });
});
