// The pure parts of `npm run server`: the settings file that never loses a secret, the files it
// writes for systemd and Caddy, and what doctor concludes from a reading. The installation itself
// is checked on a real machine by scripts/ci/server.mjs (e2e/server/).
import { envLine, mergeEnvFile, parseEnvFile } from './env-file.mjs';
import { judgeCertificate, judgeDisk } from './judge.mjs';
import { checkInstallOptions } from './install-options.mjs';
import { caddyfile, systemdUnit } from './templates.mjs';

describe('the settings file', () => {
  it('adds what is missing and never replaces a secret that is there', () => {
    const first = mergeEnvFile('', [
      ['DATABASE_URL', 'postgresql://tsbn:geheim1@127.0.0.1:5432/tsbn'],
      ['METRICS_TOKEN', 'token-1'],
      ['PUBLIC_URL', 'https://a.example.nl', { replace: true }],
    ]);
    expect(first.added).toEqual(['DATABASE_URL', 'METRICS_TOKEN', 'PUBLIC_URL']);
    const second = mergeEnvFile(first.text, [
      ['DATABASE_URL', 'postgresql://tsbn:geheim2@127.0.0.1:5432/tsbn'],
      ['METRICS_TOKEN', 'token-2'],
      ['PUBLIC_URL', 'https://b.example.nl', { replace: true }],
      ['SMTP_HOST', undefined, { replace: true }],
    ]);
    expect(second).toMatchObject({ added: [], changed: ['PUBLIC_URL'], kept: ['DATABASE_URL', 'METRICS_TOKEN'] });
    expect(Object.fromEntries(parseEnvFile(second.text))).toEqual({
      DATABASE_URL: 'postgresql://tsbn:geheim1@127.0.0.1:5432/tsbn',
      METRICS_TOKEN: 'token-1',
      PUBLIC_URL: 'https://b.example.nl',
    });
  });

  it('keeps the operator’s own lines and comments', () => {
    const text = '# van de beheerder\nEXTRA=ja\nPUBLIC_URL=https://oud.nl\n';
    const merged = mergeEnvFile(text, [['PUBLIC_URL', 'https://nieuw.nl', { replace: true }]]);
    expect(merged.text).toBe('# van de beheerder\nEXTRA=ja\nPUBLIC_URL=https://nieuw.nl\n');
  });

  it.each([
    ['plain', 'abc-123_./:@', 'abc-123_./:@'],
    ['spaces and angle brackets', 'TSBN <noreply@tsbn.nl>', 'TSBN <noreply@tsbn.nl>'],
    ['quotes and backslashes', 'a "b" \\c', 'a "b" \\c'],
  ])('writes a value with %s so that it reads back the same', (_, value, expected) => {
    const line = envLine('X', value);
    expect(parseEnvFile(line).get('X')).toBe(expected);
  });
});

describe('the files for systemd and Caddy', () => {
  it('runs the supervised start of the current release as the app user, restarted on failure, at boot', () => {
    const unit = systemdUnit({ node: '/usr/bin/node' });
    expect(unit).toContain('ExecStart=/usr/bin/node /opt/tsbn/current/scripts/start.mjs');
    expect(unit).toMatch(/^User=tsbn$/m);
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/tsbn\/tsbn\.env$/m);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^WantedBy=multi-user\.target$/m);
  });

  it('serves the domain over HTTPS with HSTS in front of the dashboard on loopback', () => {
    const site = caddyfile({ domain: 'competitie.tsbn.nl', email: 'bestuur@tsbn.nl', tls: undefined });
    expect(site).toMatch(/^competitie\.tsbn\.nl \{$/m);
    expect(site).toContain('reverse_proxy 127.0.0.1:3000');
    expect(site).toContain('Strict-Transport-Security "max-age=31536000; includeSubDomains"');
    expect(site).toContain('email bestuur@tsbn.nl');
    expect(site).not.toMatch(/^\ttls internal$/m);
    expect(caddyfile({ domain: 'tsbn.test', email: 'a@b.nl', tls: 'internal' })).toMatch(/^\ttls internal$/m);
  });
});

describe('the install command’s options', () => {
  it.each([
    [{ domain: 'competitie.tsbn.nl', email: 'Bestuur@TSBN.nl' }, [], 'bestuur@tsbn.nl'],
    [{ domain: 'tsbn.test', tls: 'internal' }, [], 'beheerder@tsbn.test'],
    [{ domain: 'niet een naam' }, ['--domain'], 'beheerder@niet een naam'],
    [{}, ['--domain'], ''],
    [{ domain: 'tsbn.test', email: 'geen-adres' }, ['--email'], 'geen-adres'],
    [{ domain: 'tsbn.test', tls: 'zelf' }, ['--tls'], 'beheerder@tsbn.test'],
    [{ domain: 'tsbn.test', 'smtp-port': 'vijf' }, ['--smtp-port'], 'beheerder@tsbn.test'],
  ])('%o: problems %o, administrator %s', (values, problems, email) => {
    const checked = checkInstallOptions(values as Record<string, string>);
    expect(checked.problems.map((p) => p.split(':')[0])).toEqual(problems);
    expect(checked.email).toBe(email);
  });
});

describe('what doctor concludes', () => {
  const GB = 1024 ** 3;
  it.each([
    [50 * GB, 100 * GB, 'OK'],
    [19 * GB, 100 * GB, 'LET OP'],
    [4 * GB, 100 * GB, 'FOUT'],
    [0, 100 * GB, 'FOUT'],
  ])('disk: %d free of %d is %s', (free, total, level) => {
    expect(judgeDisk(free, total)[0]).toBe(level);
  });

  const now = new Date('2026-12-06T12:00:00Z');
  it.each([
    ['2027-02-01T00:00:00Z', false, 'OK'],
    ['2026-12-15T00:00:00Z', false, 'LET OP'],
    ['2026-12-06T20:00:00Z', false, 'FOUT'],
    ['2026-12-01T00:00:00Z', false, 'FOUT'],
    // Caddy's own CA: certificates of 12 hours, renewed by Caddy long before they end.
    ['2026-12-06T20:00:00Z', true, 'OK'],
    ['2026-12-06T11:00:00Z', true, 'FOUT'],
  ])('a certificate valid until %s (own CA: %s) is %s', (validTo, internal, level) => {
    expect(judgeCertificate(validTo, now, { internal })[0]).toBe(level);
  });
});
