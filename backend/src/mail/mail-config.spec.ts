import { DEFAULT_MAIL_FROM, mailConfig, publicLink } from './mail-config';

describe('mailConfig (.env)', () => {
  test.each([
    ['nothing set: the catcher on 127.0.0.1:2525, links to localhost:3000', {}, { smtp: null, catcher: { enabled: false, host: '127.0.0.1', port: 2525 }, from: DEFAULT_MAIL_FROM, publicUrl: 'http://localhost:3000' }],
    ['npm start without a mail server', { MAIL_CATCHER: 'on', PORT: '4000' }, { smtp: null, catcher: { enabled: true, host: '127.0.0.1', port: 2525 }, from: DEFAULT_MAIL_FROM, publicUrl: 'http://localhost:4000' }],
    ['a catcher on port 0 (tests: any free port)', { MAIL_CATCHER: 'true', MAIL_CATCHER_PORT: '0' }, { smtp: null, catcher: { enabled: true, host: '127.0.0.1', port: 0 }, from: DEFAULT_MAIL_FROM, publicUrl: 'http://localhost:3000' }],
    [
      'a mail server with STARTTLS on 587 and a login',
      { SMTP_HOST: 'smtp.example.nl', SMTP_USER: 'tsbn', SMTP_PASSWORD: 'geheim', MAIL_FROM: 'TSBN <bond@tsbn.nl>', PUBLIC_URL: 'https://competitie.tsbn.nl/' },
      { smtp: { host: 'smtp.example.nl', port: 587, secure: false, auth: { user: 'tsbn', pass: 'geheim' } }, catcher: { enabled: false, host: '127.0.0.1', port: 2525 }, from: 'TSBN <bond@tsbn.nl>', publicUrl: 'https://competitie.tsbn.nl' },
    ],
    ['TLS from the start: port 465 unless told', { SMTP_HOST: 'smtp.example.nl', SMTP_SECURE: 'true' }, expect.objectContaining({ smtp: { host: 'smtp.example.nl', port: 465, secure: true } })],
    ['an explicit port wins', { SMTP_HOST: 'mail', SMTP_PORT: '25' }, expect.objectContaining({ smtp: { host: 'mail', port: 25, secure: false } })],
    ['an empty SMTP_HOST is no mail server (e2e clears it)', { SMTP_HOST: '  ', MAIL_CATCHER: 'on' }, expect.objectContaining({ smtp: null })],
  ])('%s', (_, env, expected) => {
    expect(mailConfig(env as NodeJS.ProcessEnv)).toEqual(expected);
  });

  test.each([
    ['/wachtwoord-herstellen?token=abc', 'https://competitie.tsbn.nl/wachtwoord-herstellen?token=abc'],
    ['uitnodiging', 'https://competitie.tsbn.nl/uitnodiging'],
  ])('publicLink(%s)', (path, link) => {
    expect(publicLink(path, { publicUrl: 'https://competitie.tsbn.nl' })).toBe(link);
  });
});
