// Every kind of change that the code records has a Dutch sentence: the test reads the backend's
// sources for the kinds (literals such as 'match.table.sign' or 'fine.confirm', however they reach
// the audit), so a new command without a sentence fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { AUDIT_DESCRIPTIONS, describeAudit, describeMatchEntry } from './audit-descriptions';

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

describe('a match logboek line names the seat, a signature and a correction (issue 47)', () => {
  const seat = (set: number, table: number, extra: Record<string, unknown> = {}) => ({ set, table, score: '6-2', source: 'GAMES', ...extra });
  test.each<[string, string, unknown, unknown, string | null, string]>([
    ['an entry', 'match.table.enter', {}, { sets: [seat(2, 3)] }, null, 'Set 2 aan tafel 3 ingevoerd, nog niet ondertekend'],
    ['an entry signed on the same phone', 'match.table.enter', {}, { sets: [seat(2, 3, { signed: 'AWAY' })] }, null, 'Set 2 aan tafel 3 ingevoerd en ondertekend door het andere koppel (op hetzelfde toestel)'],
    ['a signature', 'match.table.sign', { sets: [seat(1, 4)] }, { sets: [seat(1, 4, { signed: 'HOME' })] }, null, 'Set 1 aan tafel 4 ondertekend door het andere koppel'],
    ['a refusal', 'match.table.refuse', { sets: [seat(1, 4)] }, { sets: [seat(1, 4, { refused: 'HOME' })] }, null, 'Set 1 aan tafel 4 niet ondertekend: voorgelegd aan de wedstrijdleider'],
    ['a decision on a refusal', 'match.supervisor.decide', { sets: [seat(1, 4, { refused: 'HOME' })] }, { sets: [seat(1, 4, { score: '8-0', decided: '2026-12-08T20:00:00Z' })] }, 'SUPERVISOR', 'De wedstrijdleider besliste over set 1 aan tafel 4'],
    [
      'a changed signed score (the match corrected)',
      'match.supervisor.decide',
      { sets: [seat(1, 4, { signed: 'AWAY' })], correctedAt: null },
      { sets: [seat(1, 4, { signed: 'AWAY', score: '8-0', decided: '2026-12-08T20:00:00Z' })], correctedAt: '2026-12-08T20:00:00Z', correctedByRole: 'SUPERVISOR' },
      'SUPERVISOR',
      'De wedstrijdleider corrigeerde de ondertekende set 1 aan tafel 4',
    ],
    [
      'a signed score changed by the federation',
      'match.supervisor.decide',
      { sets: [seat(3, 1, { signed: 'HOME' })] },
      { sets: [seat(3, 1, { signed: 'HOME', score: '2-6', decided: '2026-12-08T20:00:00Z' })], correctedAt: '2026-12-08T20:00:00Z', correctedByRole: 'ADMIN' },
      'ADMIN',
      'De bond corrigeerde de ondertekende set 3 aan tafel 1',
    ],
    ['a signed seat decided with the same score (no correction)', 'match.supervisor.decide', { sets: [seat(1, 4, { signed: 'AWAY' })] }, { sets: [seat(1, 4, { signed: 'AWAY', decided: '2026-12-08T20:00:00Z' })] }, 'SUPERVISOR', 'De wedstrijdleider besliste over set 1 aan tafel 4'],
    ['two tables of one set', 'match.table.sign', {}, { sets: [seat(2, 1, { signed: 'AWAY' }), seat(2, 3, { signed: 'AWAY' })] }, null, 'Set 2 aan tafels 1 en 3 ondertekend door het andere koppel'],
    ['an entry written before the seats were kept (no sets): the kind', 'match.table.sign', { version: 3 }, { version: 4 }, null, 'Set ondertekend door het andere koppel'],
    ['another kind: its sentence', 'match.lineup', {}, { sets: [seat(1, 1)] }, null, 'Spelerslijst vastgelegd'],
  ])('%s', (_what, action, before, after, role, sentence) => {
    expect(describeMatchEntry({ action, before, after, role })).toBe(sentence);
  });
});
