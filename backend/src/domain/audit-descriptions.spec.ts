// Every kind of change that the code records has a Dutch sentence: the test reads the backend's
// sources for the kinds (literals such as 'match.table.sign' or 'fine.confirm', however they reach
// the audit), so a new command without a sentence fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { AUDIT_DESCRIPTIONS, describeAudit } from './audit-descriptions';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) return entry === 'generated' ? [] : sources(file);
    return /\.ts$/.test(entry) && !/\.spec\.ts$/.test(entry) ? [file] : [];
  });
}

/** Strings of the same shape that are no kind of change: the season form's fields, a mail's kind. */
const NOT_AUDIT_KINDS = new Set(['season.name', 'season.startsOn', 'season.endsOn', 'season.competitionStartsOn', 'season.settings', 'match.moved']);
const KIND = /['`]((?:account|club|division|fine|fine-catalog|member|memberList|memberListEntry|playoff|season|team|transfer|user|match)\.[a-zA-Z][a-zA-Z.-]*[a-zA-Z])['`]/g;

/** Every audit kind the code can record (the sources' literals of the audit's shape). */
function recordedKinds(): string[] {
  const kinds = new Set<string>();
  for (const file of sources(path.join(__dirname, '..'))) {
    if (file.endsWith('audit-descriptions.ts')) continue;
    for (const [, kind] of readFileSync(file, 'utf8').matchAll(KIND)) if (!NOT_AUDIT_KINDS.has(kind)) kinds.add(kind);
  }
  return [...kinds].sort();
}

describe('the logboek in words', () => {
  const kinds = recordedKinds();

  it('finds the kinds the code records (the scan itself works)', () => {
    expect(kinds).toEqual(expect.arrayContaining(['match.table.enter', 'match.table.sign', 'match.supervisor.void-wrong-table', 'match.lineup', 'division.schedule', 'fine.confirm', 'account.password-reset']));
  });

  test.each(kinds)('%s has a Dutch sentence', (kind) => {
    expect(AUDIT_DESCRIPTIONS[kind]).toEqual(expect.any(String));
    expect(describeAudit(kind)).not.toContain(kind);
  });

  test.each([
    ['match.table.enter', 'Set ingevoerd aan tafel'],
    ['match.table.sign', 'Set ondertekend door het andere koppel'],
    ['match.supervisor.void-wrong-table', 'Partijen aan de verkeerde tafel ongeldig verklaard (Regel 22)'],
  ])('%s reads "%s" (a signature is not an entry)', (kind, sentence) => {
    expect(describeAudit(kind)).toBe(sentence);
  });

  it('an unknown kind is named, never hidden', () => {
    expect(describeAudit('match.iets-nieuws')).toBe('Wijziging (match.iets-nieuws)');
  });
});
