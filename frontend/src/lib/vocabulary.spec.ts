/// <reference types="jest" />
// Issue 23 item 10: one vocabulary for the game's and the federation's words (lib/vocabulary.ts),
// checked over the frontend's own sources. It reads every .ts/.tsx file under frontend/src with
// the TypeScript parser and looks at what a person can read: JSX text and string literals
// (not imports, types, object keys, class names, comparisons).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { DECIDED_SET, GAME_KIND_ORDER, GAME_KINDS, SET_STATES, setMarkLegend } from './vocabulary';

const SRC = path.resolve(__dirname, '..');
const VOCABULARY = path.join(SRC, 'lib', 'vocabulary.ts');
const BACKEND_SEAT_ENTRY = path.resolve(SRC, '..', '..', 'backend', 'src', 'domain', 'match', 'seat-entry.ts');

/** Generated from the API (Dutch descriptions of the contract, never shown as such) and the tests themselves. */
const SKIP = /(^|\/)(api-types\.ts|[^/]+\.spec\.tsx?)$/;

function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !SKIP.test(full) ? [full] : [];
  });
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** JSX attributes whose value nobody reads on the screen. */
const CODE_ATTRIBUTES = new Set(['className', 'href', 'key', 'id', 'name', 'type', 'htmlFor', 'src', 'method', 'action', 'role', 'rel', 'target', 'autoComplete', 'inputMode', 'pattern', 'tone', 'variant', 'size', 'as', 'lang', 'dir', 'mode', 'data-mark']);

interface Text {
  where: string;
  text: string;
}

/** What a screen can show: JSX text and string literals, without the code around them. */
function visibleTexts(file: string): Text[] {
  const sf = parse(file);
  const out: Text[] = [];
  const where = (n: ts.Node) => `${path.relative(SRC, file)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n) || ts.isTypeNode(n)) return;
    if (ts.isJsxText(n)) {
      const text = n.text.replace(/\s+/g, ' ').trim();
      if (text) out.push({ where: where(n), text });
    } else if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) {
      const p = n.parent;
      const code =
        (ts.isJsxAttribute(p) && CODE_ATTRIBUTES.has(p.name.getText(sf))) ||
        (ts.isPropertyAssignment(p) && p.name === n) ||
        ts.isElementAccessExpression(p) ||
        ts.isCaseClause(p) ||
        (ts.isBinaryExpression(p) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(p.operatorToken.kind)) ||
        (ts.isCallExpression(p) && /^(require|import)$/.test(p.expression.getText(sf)));
      if (!code) out.push({ where: where(n), text: n.text });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

const FILES = sources();
const TEXTS = FILES.flatMap(visibleTexts);
const matching = (re: RegExp, texts = TEXTS) => texts.filter((t) => re.test(t.text)).map((t) => `${t.where}: ${t.text}`);

/** Object literals with at least `min` of `keys` as property names: a table keyed by those enum values. */
function keyedTables(file: string, keys: readonly string[], min: number): { where: string; node: ts.ObjectLiteralExpression }[] {
  const sf = parse(file);
  const found: { where: string; node: ts.ObjectLiteralExpression }[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isObjectLiteralExpression(n)) {
      const names = n.properties.flatMap((p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? [p.name.text] : []));
      if (names.filter((k) => keys.includes(k)).length >= min) found.push({ where: `${path.relative(SRC, file)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`, node: n });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

/** The string values of a keyed table ({ WON: 'gewonnen', … }), or null when its values are not plain words. */
function wordsOf(table: ts.ObjectLiteralExpression): Record<string, string> | null {
  const words: Record<string, string> = {};
  for (const p of table.properties) {
    if (!ts.isPropertyAssignment(p) || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) continue;
    if (!ts.isStringLiteral(p.initializer) && !ts.isNoSubstitutionTemplateLiteral(p.initializer)) return null;
    words[p.name.text] = p.initializer.text;
  }
  return words;
}

describe('the source scan itself', () => {
  it('reads the screens and finds their words', () => {
    expect(FILES.length).toBeGreaterThan(50);
    expect(matching(/^Te doen$/).length).toBeGreaterThan(0);
    expect(matching(/moederlijst/i).length).toBeGreaterThan(5);
  });
});

describe('the kinds of game have one wording: lib/vocabulary.ts', () => {
  const GAME_KIND_KEYS = GAME_KIND_ORDER;

  it('names each kind once, in every form', () => {
    expect(Object.keys(GAME_KINDS).sort()).toEqual([...GAME_KIND_KEYS].sort());
    for (const kind of GAME_KIND_KEYS) {
      const { name, choice, short } = GAME_KINDS[kind];
      expect(choice.toLowerCase()).toBe(kind === 'WON' ? 'gewonnen' : name);
      expect(name.startsWith(short.replace(/\.$/, ''))).toBe(true);
    }
  });

  it('no other frontend file keeps a table of words keyed by game kind', () => {
    const elsewhere = FILES.filter((f) => f !== VOCABULARY).flatMap((f) => keyedTables(f, GAME_KIND_KEYS, 3).filter((t) => wordsOf(t.node) !== null));
    expect(elsewhere.map((t) => t.where)).toEqual([]);
    // …nor a list of { kind, label: '…' } with its own words for the kinds
    const ownLists = FILES.filter((f) => f !== VOCABULARY).flatMap((f) => matching(/^(gewonnen|kap|baunie|mislukte baunie|straf)\b.*(\(\d+\)|…)$/i, visibleTexts(f)));
    expect(ownLists).toEqual([]);
  });

  it('no screen writes a kind of game in words of its own', () => {
    const own = TEXTS.filter((t) => !t.where.startsWith('lib/vocabulary.ts'));
    // the old wordings: "kap, door partner afgetikt", "Kap getikt door de partner", "gewonnen partij", "mislukte baunie"
    expect(matching(/(door (de )?partner (af)?getikt|getikt door de partner|gewonnen partij|gewonnen game|mislukte baunie)/i, own)).toEqual([]);
  });

  it('the API says the kinds in the same words (backend seat-entry.ts)', () => {
    const tables = keyedTables(BACKEND_SEAT_ENTRY, GAME_KIND_KEYS, 3).map((t) => wordsOf(t.node)).filter((w): w is Record<string, string> => w !== null);
    for (const words of tables) for (const [kind, word] of Object.entries(words)) expect([kind, word]).toEqual([kind, GAME_KINDS[kind as keyof typeof GAME_KINDS].name]);
  });
});

describe('one word for a game: "partij"', () => {
  it('no visible sentence says "game" or "games"', () => {
    expect(matching(/\s/).filter((t) => /\bgames?\b/i.test(t))).toEqual([]);
  });
});

describe('clear words instead of "Wacht" and "Gelezen"', () => {
  it('no label is a bare "Wacht" or "Gelezen"', () => {
    expect(matching(/^(wacht|gelezen)$/i)).toEqual([]);
    expect(Object.values(SET_STATES).map((s) => s.label)).not.toContain('Wacht');
  });
});

describe('decided sets are marked alike', () => {
  it('every final set is ✓, and no legend offers "= bepaald" beside it', () => {
    expect([SET_STATES.SIGNED.mark, SET_STATES.CREDITED.mark, DECIDED_SET.mark]).toEqual(['✓', '✓', '✓']);
    const legend = setMarkLegend();
    expect(legend.filter((l) => l.mark === '✓')).toHaveLength(1);
    expect(legend.map((l) => l.mark)).not.toContain('=');
    expect(matching(/^(= )?bepaald$/i)).toEqual([]);
  });

  it('no screen keeps its own marks per set state', () => {
    const SET_STATE_KEYS = Object.keys(SET_STATES);
    const marks = FILES.filter((f) => f !== VOCABULARY).flatMap((f) =>
      keyedTables(f, SET_STATE_KEYS, 4).filter((t) => {
        const words = wordsOf(t.node);
        return words !== null && Object.values(words).every((w) => [...w].length <= 2);
      }),
    );
    expect(marks.map((t) => t.where)).toEqual([]);
  });
});

describe('the standings have one points column', () => {
  it('shows CP (after deductions) and no separate "Totaal"', () => {
    const standings = visibleTexts(path.join(SRC, 'components', 'standings', 'standings-table.tsx'));
    expect(matching(/^Totaal$/, standings)).toEqual([]);
    const source = readFileSync(path.join(SRC, 'components', 'standings', 'standings-table.tsx'), 'utf8');
    expect(source).toContain('row.total');
    expect(source).not.toContain('row.competitionPoints');
  });
});

describe('one form of address: "u"', () => {
  it('no screen, public or not, says "je", "jij", "jou", "jouw" or "jullie"', () => {
    expect(matching(/\b(je|jij|jou|jouw|jullie)\b/i)).toEqual([]);
  });

  it('the public pages do address the reader (the check reads them)', () => {
    const publicTexts = TEXTS.filter((t) => t.where.startsWith('pages/'));
    expect(matching(/\b(u|uw)\b/i, publicTexts).length).toBeGreaterThan(0);
  });
});

describe('how a match became final: the API\'s words (RULES.md "Say how it became final")', () => {
  it('no screen says in words of its own that both teams confirmed, or that a result waits for a confirmation', () => {
    // The API's `finality` says it ("bevestigd door beide teams", "definitief na het correctievenster", …), on every screen alike.
    expect(matching(/(door beide teams bevestigd|bevestigd door beide teams|beide teams hebben bevestigd|wacht op bevestiging|wachten op bevestiging|^uitslag bevestigd$|^bevestigd$)/i)).toEqual([]);
  });
});

describe('no developer words on the screens', () => {
  it('never "mail catcher"', () => {
    expect(matching(/mail ?catcher/i)).toEqual([]);
  });
});

describe('the to-do list counts tasks', () => {
  it('never "punt"/"punten" as the count of items', () => {
    const todo = readFileSync(path.join(SRC, 'components', 'todo', 'todo-list.tsx'), 'utf8');
    expect(todo).not.toMatch(/'punt'|'punten'/);
  });
});
