/**
 * The printed match form (wedstrijdformulier) used at the table: teams, date and venue,
 * the pairs with family names only (Regel 15), reserves and a substitution column
 * (Regel 13, 14), the table plan of every set (Regel 22), an empty score grid of sets ×
 * tables × games, and signature boxes. Page 1 (line-ups, table plan, totals and
 * signatures) is filled in before and after the match, page 2 (the scores) during it.
 * What the system already knows is printed in: the line-ups, the substitutions and, once
 * entered, every game, set and total with the result (provisional until final, and how it became final).
 * Once the match night is open, a third page carries each table's QR code and short code
 * (only in the copy of the people who hand the codes out).
 */
import PDFDocument from 'pdfkit';
import type { IsoDate } from '../domain/dates';
import { positions, TableSeat } from '../domain/match';
import { drawQrCode } from '../match-night/qr-pdf';
import { PDF_FONT, useTsbnFonts } from '../common/pdf-fonts';

export interface FormTeam {
  name: string;
  pairs: { pairNumber: number; fromSet: number; names: string[] }[];
  reserves: string[];
  /** Family names only (Regel 15). */
  substitutions?: { setNumber: number; pairNumber: number; outName: string; inName: string }[];
}

/** One seat's stored score: per game the side that got the points. */
export interface FormSeatScore {
  setNumber: number;
  tableNumber: number;
  homePoints: number | null;
  awayPoints: number | null;
  /** Decided by the rules (missing pair, forfeit, …), not played. */
  credited: boolean;
  games: { gameNumber: number; winner: 'HOME' | 'AWAY'; points: number }[];
}

/** The result as far as it is entered; null prints the blank form. */
export interface FormScores {
  seats: FormSeatScore[];
  /** Before final the counted score (signed, decided, credited: the same as every screen), once final the result. */
  homePoints: number | null;
  awayPoints: number | null;
  confirmed: boolean;
  /** How the result became final, or becomes final, in the words of every screen (finalityWords); null: not yet. */
  finality: string | null;
  /** The unsigned work beside the counted score ("+ 8–0 nog niet ondertekend"); null when there is none. */
  unsigned: string | null;
  /** "Winnaar: …", "Gelijkspel", or why there is no winner. */
  outcome: string | null;
}

export interface MatchFormData {
  seasonName: string;
  divisionName: string;
  round: number;
  date: IsoDate;
  startTime: string;
  venue: string | null;
  city: string | null;
  home: FormTeam;
  away: FormTeam;
  pairsPerTeam: number;
  gamesPerSet: number;
  maxSubstitutions: number;
  substitutionsFromSet: number;
  plan: readonly TableSeat[];
  scores?: FormScores | null;
  /** The match night's table codes (QR code and short code per table); printed on a page of their own. */
  tableCodes?: { tableNumber: number; displayCode: string; url: string }[];
  /** Until when the codes work, in words. */
  tableCodesValidUntil?: string;
}

type Doc = PDFKit.PDFDocument;
type Align = 'left' | 'center' | 'right';

const MARGIN = 32;
const PAGE_WIDTH = 595.28;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
const GREY = '#e6e6e6';
const INK = '#111111';
const MUTED = '#555555';

export function longDutchDate(date: IsoDate): string {
  return new Intl.DateTimeFormat('nl-NL', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

function cell(doc: Doc, x: number, y: number, w: number, h: number, text = '', options: { bold?: boolean; size?: number; align?: Align; fill?: string; color?: string } = {}): void {
  if (options.fill) doc.rect(x, y, w, h).fill(options.fill);
  doc.lineWidth(0.6).strokeColor(INK).rect(x, y, w, h).stroke();
  if (!text) return;
  const size = options.size ?? 9;
  doc
    .font(options.bold ? PDF_FONT.bold : PDF_FONT.regular)
    .fontSize(size)
    .fillColor(options.color ?? INK)
    .text(text, x + 3, y + (h - size) / 2 + 0.5, { width: w - 6, align: options.align ?? 'left', lineBreak: false, ellipsis: true });
}

function heading(doc: Doc, text: string, x: number, y: number, width = WIDTH): number {
  doc.font(PDF_FONT.bold).fontSize(10.5).fillColor(INK).text(text, x, y, { width, lineBreak: false });
  return y + 15;
}

function row(doc: Doc, x: number, y: number, h: number, columns: [width: number, text: string, align?: Align][], options: { bold?: boolean; fill?: string; size?: number } = {}): number {
  let left = x;
  for (const [w, text, align] of columns) {
    cell(doc, left, y, w, h, text, { ...options, align: align ?? 'left' });
    left += w;
  }
  return y + h;
}

function header(doc: Doc, data: MatchFormData): number {
  doc.font(PDF_FONT.bold).fontSize(17).fillColor(INK).text('TSBN  Wedstrijdformulier', MARGIN, MARGIN, { lineBreak: false });
  doc.font(PDF_FONT.regular).fontSize(9).fillColor(MUTED).text(`Seizoen ${data.seasonName}`, MARGIN, MARGIN + 4, { width: WIDTH, align: 'right' });
  const where = [data.venue, data.city].filter(Boolean).join(', ') || 'speellocatie van de thuisvereniging';
  doc
    .font(PDF_FONT.regular)
    .fontSize(10)
    .fillColor(INK)
    .text(`${data.divisionName}  ·  ronde ${data.round}  ·  ${longDutchDate(data.date)}  ·  aanvang ${data.startTime}`, MARGIN, MARGIN + 26)
    .text(`Locatie: ${where}`, MARGIN, MARGIN + 40);
  doc.font(PDF_FONT.bold).fontSize(12).text(`${data.home.name}  –  ${data.away.name}`, MARGIN, MARGIN + 58);
  return MARGIN + 82;
}

function teamColumn(doc: Doc, team: FormTeam, label: string, x: number, y: number, width: number, data: MatchFormData): number {
  let top = heading(doc, `${label}: ${team.name}`, x, y, width);
  const [numberW, fromW] = [40, 48];
  const namesW = width - numberW - fromW;
  top = row(doc, x, top, 16, [[numberW, 'Koppel', 'center'], [namesW, 'Spelers (achternamen)'], [fromW, 'Vanaf set', 'center']], { bold: true, fill: GREY, size: 8 });
  for (const pairNumber of positions(data.pairsPerTeam)) {
    const pair = team.pairs.find((p) => p.pairNumber === pairNumber);
    const names = pair ? pair.names.join('  /  ') : '';
    top = row(doc, x, top, 20, [[numberW, String(pairNumber), 'center'], [namesW, names], [fromW, pair && pair.fromSet > 1 ? String(pair.fromSet) : '', 'center']]);
  }
  top = heading(doc, `Reserves (hoogstens ${data.maxSubstitutions})`, x, top + 8, width);
  for (const i of positions(data.maxSubstitutions)) {
    top = row(doc, x, top, 16, [[numberW, String(i), 'center'], [width - numberW, team.reserves[i - 1] ?? '']]);
  }
  top = heading(doc, `Wissels (vanaf set ${data.substitutionsFromSet}, Regel 13, 14)`, x, top + 8, width);
  // Wide enough for "Koppel" in the bold 8 pt of the header (DejaVu Sans Condensed, pdf-fonts.ts).
  const smallW = 38;
  const subW = (width - 2 * smallW) / 2;
  top = row(doc, x, top, 16, [[smallW, 'Set', 'center'], [smallW, 'Koppel', 'center'], [subW, 'Eruit'], [subW, 'Erin (reserve)']], { bold: true, fill: GREY, size: 8 });
  for (let i = 0; i < data.maxSubstitutions; i++) {
    const sub = team.substitutions?.[i];
    top = row(doc, x, top, 16, sub ? [[smallW, String(sub.setNumber), 'center'], [smallW, String(sub.pairNumber), 'center'], [subW, sub.outName], [subW, sub.inName]] : [[smallW, ''], [smallW, ''], [subW, ''], [subW, '']]);
  }
  return top;
}

function tablePlanGrid(doc: Doc, data: MatchFormData, y: number): number {
  const n = data.pairsPerTeam;
  let top = heading(doc, 'Tafelschema (Regel 22): thuiskoppel – lopend uitkoppel per tafel', MARGIN, y);
  const firstW = 50;
  const w = (WIDTH - firstW) / n;
  top = row(doc, MARGIN, top, 16, [[firstW, ''], ...positions(n).map((t): [number, string, Align] => [w, `Tafel ${t}`, 'center'])], { bold: true, fill: GREY, size: 8 });
  for (const setNumber of positions(n)) {
    const seats = data.plan.filter((s) => s.setNumber === setNumber);
    top = row(doc, MARGIN, top, 16, [[firstW, `Set ${setNumber}`, 'center'], ...seats.map((s): [number, string, Align] => [w, `${s.homePairNumber} – ${s.awayPairNumber}`, 'center'])]);
  }
  return top;
}

function scoreBlock(doc: Doc, data: MatchFormData, setNumber: number, y: number): number {
  const [tableW, pairW, totalW] = [36, 42, 44];
  const gameW = (WIDTH - tableW - 2 * pairW - 2 * totalW) / (2 * data.gamesPerSet);
  const stored = data.scores?.seats.filter((s) => s.setNumber === setNumber && s.homePoints !== null) ?? [];
  const setTotal = stored.length
    ? `   ·   ${data.home.name} ${sum(stored.map((s) => s.homePoints!))} – ${sum(stored.map((s) => s.awayPoints!))} ${data.away.name}${stored.length < data.pairsPerTeam ? ' (nog niet alle tafels)' : ''}`
    : '';
  doc.font(PDF_FONT.bold).fontSize(9.5).fillColor(INK).text(`Set ${setNumber}${setTotal}`, MARGIN, y, { lineBreak: false });
  let top = y + 12;
  const headerH = 20;
  cell(doc, MARGIN, top, tableW, headerH, 'Tafel', { bold: true, fill: GREY, size: 7.5, align: 'center' });
  cell(doc, MARGIN + tableW, top, pairW, headerH, 'Thuis', { bold: true, fill: GREY, size: 7.5, align: 'center' });
  cell(doc, MARGIN + tableW + pairW, top, pairW, headerH, 'Uit', { bold: true, fill: GREY, size: 7.5, align: 'center' });
  let x = MARGIN + tableW + 2 * pairW;
  for (const game of positions(data.gamesPerSet)) {
    doc.rect(x, top, 2 * gameW, headerH).fill(GREY);
    doc.lineWidth(0.6).strokeColor(INK).rect(x, top, 2 * gameW, headerH).stroke();
    doc.font(PDF_FONT.bold).fontSize(7.5).fillColor(INK).text(`Partij ${game}`, x, top + 2, { width: 2 * gameW, align: 'center', lineBreak: false });
    doc.font(PDF_FONT.regular).fontSize(7).text('thuis', x, top + 11, { width: gameW, align: 'center', lineBreak: false }).text('uit', x + gameW, top + 11, { width: gameW, align: 'center', lineBreak: false });
    x += 2 * gameW;
  }
  cell(doc, x, top, totalW, headerH, 'Set thuis', { bold: true, fill: GREY, size: 7.5, align: 'center' });
  cell(doc, x + totalW, top, totalW, headerH, 'Set uit', { bold: true, fill: GREY, size: 7.5, align: 'center' });
  top += headerH;
  for (const seat of data.plan.filter((s) => s.setNumber === setNumber)) {
    const score = stored.find((s) => s.tableNumber === seat.tableNumber);
    const games = positions(data.gamesPerSet).flatMap((gameNumber): [number, string, Align][] => {
      const game = score?.games.find((g) => g.gameNumber === gameNumber);
      return [
        [gameW, game?.winner === 'HOME' ? String(game.points) : '', 'center'],
        [gameW, game?.winner === 'AWAY' ? String(game.points) : '', 'center'],
      ];
    });
    const total = (points: number | null | undefined) => (points === null || points === undefined ? '' : `${points}${score?.credited ? ' *' : ''}`);
    top = row(doc, MARGIN, top, 14, [
      [tableW, String(seat.tableNumber), 'center'],
      [pairW, String(seat.homePairNumber), 'center'],
      [pairW, String(seat.awayPairNumber), 'center'],
      ...games,
      [totalW, total(score?.homePoints), 'center'],
      [totalW, total(score?.awayPoints), 'center'],
    ]);
  }
  return top + 5;
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function signatures(doc: Doc, data: MatchFormData, y: number): number {
  const teamW = (WIDTH - 150) / 2;
  const scores = data.scores;
  const points = (value: number | null | undefined) => (value === null || value === undefined ? '' : ` ${value}`);
  let top = row(doc, MARGIN, y, 22, [[150, 'Totaal wedstrijdpunten'], [teamW, `${data.home.name}:${points(scores?.homePoints)}`], [teamW, `${data.away.name}:${points(scores?.awayPoints)}`]], { bold: true, size: 8.5 });
  if (scores && ((scores.homePoints !== null && scores.awayPoints !== null) || scores.unsigned)) {
    // RULES.md "Say how it became final": the words of every screen, never a confirmation nobody gave.
    const state = scores.confirmed ? `Uitslag (${scores.finality ?? 'definitief'})` : `Voorlopige uitslag (${scores.finality ?? 'nog niet definitief'})`;
    const score = scores.homePoints !== null && scores.awayPoints !== null ? `${scores.homePoints} – ${scores.awayPoints}` : '–';
    doc.font(PDF_FONT.bold).fontSize(9).fillColor(INK).text(`${state}: ${data.home.name} ${score} ${data.away.name}`, MARGIN, top + 5, { width: WIDTH, lineBreak: false, ellipsis: true });
    top += 14;
    // The unsigned work beside the counted score, and the winner once final: a line of their own.
    const more = [scores.unsigned, scores.outcome].filter(Boolean).join('  ·  ');
    if (more) {
      doc.font(PDF_FONT.regular).fontSize(8.5).fillColor(INK).text(more, MARGIN, top + 2, { width: WIDTH, lineBreak: false, ellipsis: true });
      top += 12;
    }
  }
  top += 8;
  const boxes = ['Voor de thuisploeg (naam en handtekening)', 'Voor de uitploeg (naam en handtekening)', 'Wedstrijdleider (bij correctie)'];
  const w = (WIDTH - 2 * 8) / boxes.length;
  boxes.forEach((label, i) => {
    const x = MARGIN + i * (w + 8);
    doc.lineWidth(0.8).strokeColor(INK).rect(x, top, w, 58).stroke();
    doc.font(PDF_FONT.regular).fontSize(7.5).fillColor(MUTED).text(label, x + 4, top + 4, { width: w - 8, lineBreak: false });
  });
  return top + 58;
}

function footer(doc: Doc, page: number, pages: number): void {
  doc.page.margins.bottom = 0;
  doc
    .font(PDF_FONT.regular)
    .fontSize(7)
    .fillColor(MUTED)
    .text(`Troefcall Sport Bond Nederland · alleen achternamen (Regel 15) · pagina ${page} van ${pages}`, MARGIN, 842 - MARGIN + 6, { width: WIDTH, align: 'center', lineBreak: false });
}

/** The match night (Regel 15 at the table): per table its QR code and the short code to type. */
function tableCodesPage(doc: Doc, data: MatchFormData, codes: NonNullable<MatchFormData['tableCodes']>): void {
  let top = heading(doc, `Tafelcodes voor de speelavond  ·  ${data.home.name} – ${data.away.name}`, MARGIN, MARGIN);
  const until = data.tableCodesValidUntil ? ` Geldig tot ${data.tableCodesValidUntil}.` : '';
  doc
    .font(PDF_FONT.regular)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(`Per tafel: scan de QR-code of typ de code op de tafelpagina. Eén koppel voert de set in, het andere koppel controleert en tekent op hetzelfde toestel.${until}`, MARGIN, top - 1, { width: WIDTH });
  top += 30;
  const columns = 3;
  const cellW = WIDTH / columns;
  const qr = 130;
  const cellH = qr + 50;
  codes.forEach((code, i) => {
    const x = MARGIN + (i % columns) * cellW;
    const y = top + Math.floor(i / columns) * cellH;
    doc.font(PDF_FONT.bold).fontSize(12).fillColor(INK).text(`Tafel ${code.tableNumber}`, x, y, { width: cellW, align: 'center', lineBreak: false });
    drawQrCode(doc, code.url, x + (cellW - qr) / 2, y + 16, qr);
    doc.font(PDF_FONT.monoBold).fontSize(13).fillColor(INK).text(code.displayCode, x, y + qr + 20, { width: cellW, align: 'center', lineBreak: false });
  });
}

/** The form as PDF bytes. */
export function renderMatchForm(data: MatchFormData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Wedstrijdformulier ${data.home.name} – ${data.away.name}`, Author: 'Troefcall Sport Bond Nederland' },
  });
  useTsbnFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let top = header(doc, data);
  const columnW = (WIDTH - 14) / 2;
  const bottom = Math.max(teamColumn(doc, data.home, 'Thuisploeg', MARGIN, top, columnW, data), teamColumn(doc, data.away, 'Uitploeg', MARGIN + columnW + 14, top, columnW, data));
  top = tablePlanGrid(doc, data, bottom + 14);
  signatures(doc, data, top + 14);
  const pages = data.tableCodes?.length ? 3 : 2;
  footer(doc, 1, pages);

  doc.addPage();
  top = heading(doc, `Uitslag per set en tafel  ·  ${data.home.name} (thuis) – ${data.away.name} (uit)`, MARGIN, MARGIN);
  const legend = data.scores?.seats.some((s) => s.credited) ? ' * = door de regels toegekend (niet gespeeld).' : '';
  doc.font(PDF_FONT.regular).fontSize(7.5).fillColor(MUTED).text(`Per partij de punten in de kolom van het team dat ze krijgt: gewonnen 2, kap 5, kap getikt door partner 2, baunie 15, mislukte baunie 5 voor de tegenstander, straf volgens de regel.${legend}`, MARGIN, top - 1, { width: WIDTH });
  top += 22;
  for (const setNumber of positions(data.pairsPerTeam)) top = scoreBlock(doc, data, setNumber, top);
  footer(doc, 2, pages);
  if (data.tableCodes?.length) {
    doc.addPage();
    tableCodesPage(doc, data, data.tableCodes);
    footer(doc, 3, pages);
  }
  doc.end();
  return done;
}
