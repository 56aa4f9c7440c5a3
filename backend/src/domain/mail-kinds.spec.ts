// Every mail the code sends has a Dutch name for Beheer → E-mail (issue 47: the log showed
// "match.moved" and "reminder.MATCH_CORRECTED"): the test reads the sources for the kinds a mail
// is sent with, so a new mail without a name fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REMINDER_KINDS } from './reminders';
import { MAIL_KIND_NAMES, mailKindName } from './mail-kinds';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) return entry === 'generated' ? [] : sources(file);
    return /\.ts$/.test(entry) && !/\.spec\.ts$/.test(entry) ? [file] : [];
  });
}

/** The literal kinds of the mails the code sends: on a `mail.send(` line, or in a function answering a MailMessage. */
function sentKinds(): string[] {
  const kinds = new Set<string>();
  for (const file of sources(path.join(__dirname, '..'))) {
    const text = readFileSync(file, 'utf8');
    for (const line of text.split('\n').filter((l) => l.includes('mail.send('))) for (const [, kind] of line.matchAll(/kind: '([a-z][a-z.-]*)'/g)) kinds.add(kind);
    if (/: MailMessage \{/.test(text)) for (const [, kind] of text.matchAll(/^\s+kind: '([a-z][a-z.-]*)',$/gm)) kinds.add(kind);
  }
  return [...kinds].sort();
}

describe('the mail kinds in words', () => {
  const kinds = sentKinds();

  it('finds the kinds the code sends (the scan itself works)', () => {
    expect(kinds).toEqual(expect.arrayContaining(['match.moved', 'match.remark', 'password-reset', 'invitation', 'login-attempts']));
  });

  test.each([...new Set([...kinds, 'reminder.weekly-digest', ...REMINDER_KINDS.map((k) => `reminder.${k}`)])])('%s has a Dutch name', (kind) => {
    expect(MAIL_KIND_NAMES[kind]).toEqual(expect.any(String));
    expect(mailKindName(kind)).not.toContain(kind);
  });

  test.each([
    ['match.moved', 'Wedstrijd verplaatst'],
    ['reminder.MATCH_CORRECTED', 'Melding: uitslag gecorrigeerd'],
    ['iets-nieuws', 'Overige mail (iets-nieuws)'],
  ])('%s reads "%s"', (kind, name) => {
    expect(mailKindName(kind)).toBe(name);
  });
});
