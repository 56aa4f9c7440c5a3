/**
 * Score slips (scorebriefjes) for clubs that still keep the score on paper: one small card
 * per set and table (36 with the defaults), six to an A4 page with dashed cut lines, so
 * the slip for a set lies on the table where it is played. Each names the match, the set
 * and the table, the home pair that stays there and the away pair that walks to it in that
 * set (Regel 22), with family names only (Regel 15); then a row per game and lines for both
 * pairs to sign.
 */
import PDFDocument from 'pdfkit';
import type { IsoDate } from '../domain/dates';
import { positions } from '../domain/match';
import { longDutchDate } from './match-form.pdf';
import { PDF_FONT, useTsbnFonts } from '../common/pdf-fonts';

/** One card: the seat of the table plan and who sits there. */
export interface ScoreSlip {
  setNumber: number;
  tableNumber: number;
  homePairNumber: number;
  awayPairNumber: number;
  /** Family names; empty when the line-up is not known yet. */
  homeNames: string[];
  awayNames: string[];
}

export interface ScoreSlipsData {
  seasonName: string;
  divisionName: string;
  round: number;
  date: IsoDate;
  startTime: string;
  homeName: string;
  awayName: string;
  gamesPerSet: number;
  slips: ScoreSlip[];
}

type Doc = PDFKit.PDFDocument;

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 24;
const COLUMNS = 2;
const ROWS = 3;
const CARD_W = (PAGE_WIDTH - 2 * MARGIN) / COLUMNS;
const CARD_H = (PAGE_HEIGHT - 2 * MARGIN) / ROWS;
const PAD = 14;
const INK = '#111111';
const MUTED = '#555555';
const GREY = '#e6e6e6';

/** Six cards to a page. */
export const SLIPS_PER_PAGE = COLUMNS * ROWS;

function text(doc: Doc, value: string, x: number, y: number, width: number, options: { bold?: boolean; size?: number; color?: string; align?: 'left' | 'center' | 'right' } = {}): void {
  doc
    .font(options.bold ? PDF_FONT.bold : PDF_FONT.regular)
    .fontSize(options.size ?? 9)
    .fillColor(options.color ?? INK)
    .text(value, x, y, { width, align: options.align ?? 'left', lineBreak: false, ellipsis: true });
}

function pairLine(label: string, pairNumber: number, names: string[]): string {
  return `${label} koppel ${pairNumber}: ${names.length ? names.join(' / ') : '……………………………'}`;
}

function cutLines(doc: Doc): void {
  doc.save().lineWidth(0.5).strokeColor('#888888').dash(4, { space: 3 });
  for (let c = 0; c <= COLUMNS; c++) doc.moveTo(MARGIN + c * CARD_W, MARGIN).lineTo(MARGIN + c * CARD_W, PAGE_HEIGHT - MARGIN).stroke();
  for (let r = 0; r <= ROWS; r++) doc.moveTo(MARGIN, MARGIN + r * CARD_H).lineTo(PAGE_WIDTH - MARGIN, MARGIN + r * CARD_H).stroke();
  doc.undash().restore();
}

function card(doc: Doc, data: ScoreSlipsData, slip: ScoreSlip, left: number, top: number): void {
  const x = left + PAD;
  const width = CARD_W - 2 * PAD;
  let y = top + PAD;
  text(doc, 'TSBN  Scorebriefje', x, y + 3, width / 2, { size: 8, color: MUTED });
  text(doc, `Set ${slip.setNumber} · Tafel ${slip.tableNumber}`, x + width / 2, y, width / 2, { bold: true, size: 13, align: 'right' });
  y += 20;
  text(doc, `${data.homeName} – ${data.awayName}`, x, y, width, { bold: true, size: 10 });
  y += 14;
  text(doc, `${data.divisionName} · ronde ${data.round} · ${longDutchDate(data.date)} · ${data.startTime}`, x, y, width, { size: 7.5, color: MUTED });
  y += 16;
  text(doc, pairLine('Thuis', slip.homePairNumber, slip.homeNames), x, y, width, { size: 9 });
  y += 13;
  text(doc, pairLine('Uit (lopend)', slip.awayPairNumber, slip.awayNames), x, y, width, { size: 9 });
  y += 17;

  const rowH = 18;
  const firstW = 58;
  const sideW = (width - firstW) / 2;
  const cell = (cx: number, cy: number, w: number, label: string, options: { bold?: boolean; fill?: boolean } = {}) => {
    if (options.fill) doc.rect(cx, cy, w, rowH).fill(GREY);
    doc.lineWidth(0.6).strokeColor(INK).rect(cx, cy, w, rowH).stroke();
    if (label) text(doc, label, cx + 3, cy + (rowH - 8.5) / 2, w - 6, { bold: options.bold, size: 8.5, align: 'center' });
  };
  const gridRow = (labels: [string, string, string], options: { bold?: boolean; fill?: boolean } = {}) => {
    cell(x, y, firstW, labels[0], options);
    cell(x + firstW, y, sideW, labels[1], options);
    cell(x + firstW + sideW, y, sideW, labels[2], options);
    y += rowH;
  };
  gridRow(['Partij', `Thuis (koppel ${slip.homePairNumber})`, `Uit (koppel ${slip.awayPairNumber})`], { bold: true, fill: true });
  for (const game of positions(data.gamesPerSet)) gridRow([String(game), '', '']);
  gridRow(['Totaal', '', ''], { bold: true });

  const signY = top + CARD_H - PAD - 12;
  const signW = (width - 12) / 2;
  doc.lineWidth(0.6).strokeColor(INK);
  for (const [i, label] of ['Paraaf thuiskoppel', 'Paraaf uitkoppel'].entries()) {
    const sx = x + i * (signW + 12);
    doc.moveTo(sx, signY).lineTo(sx + signW, signY).stroke();
    text(doc, label, sx, signY + 3, signW, { size: 7, color: MUTED });
  }
}

/** The slips as PDF bytes: set by set, table by table, six to a page. */
export function renderScoreSlips(data: ScoreSlipsData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: `Scorebriefjes ${data.homeName} – ${data.awayName}`, Author: 'Troefcall Sport Bond Nederland' },
  });
  useTsbnFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  data.slips.forEach((slip, i) => {
    const place = i % SLIPS_PER_PAGE;
    if (place === 0) {
      doc.addPage({ size: 'A4', margin: 0 });
      cutLines(doc);
    }
    card(doc, data, slip, MARGIN + (place % COLUMNS) * CARD_W, MARGIN + Math.floor(place / COLUMNS) * CARD_H);
  });
  if (data.slips.length === 0) doc.addPage({ size: 'A4', margin: 0 });
  doc.end();
  return done;
}
