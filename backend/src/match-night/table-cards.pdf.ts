/**
 * Table cards (tafelkaarten) for a match night: one card per table, two to an A4 page with a
 * cut line, to put on the table. Each names the match and the table, carries the table's QR
 * code and its short code to type, and says until when it works. No player names.
 */
import PDFDocument from 'pdfkit';
import type { IsoDate } from '../domain/dates';
import { longDutchDate } from '../matches/match-form.pdf';
import { drawQrCode } from './qr-pdf';
import { PDF_FONT, useTsbnFonts } from '../common/pdf-fonts';

export interface TableCard {
  tableNumber: number;
  displayCode: string;
  url: string;
}

export interface TableCardsData {
  divisionName: string;
  round: number;
  date: IsoDate;
  startTime: string;
  homeName: string;
  awayName: string;
  /** Where a code can be typed, e.g. "tsbn.nl/tafel". */
  typeAt: string;
  /** "woensdag 25 november 2026 06:00". */
  validUntil: string;
  cards: TableCard[];
}

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 36;
const CARD_H = PAGE_HEIGHT / 2;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
const INK = '#111111';
const MUTED = '#555555';

function card(doc: PDFKit.PDFDocument, data: TableCardsData, table: TableCard, top: number): void {
  let y = top + MARGIN;
  doc.font(PDF_FONT.regular).fontSize(9).fillColor(MUTED).text(`TSBN  ·  ${data.divisionName}  ·  ronde ${data.round}  ·  ${longDutchDate(data.date)}, ${data.startTime}`, MARGIN, y, { width: WIDTH, lineBreak: false, ellipsis: true });
  y += 14;
  doc.font(PDF_FONT.bold).fontSize(13).fillColor(INK).text(`${data.homeName}  –  ${data.awayName}`, MARGIN, y, { width: WIDTH, lineBreak: false, ellipsis: true });
  y += 24;
  doc.font(PDF_FONT.bold).fontSize(44).text(`Tafel ${table.tableNumber}`, MARGIN, y, { width: WIDTH, lineBreak: false });
  const qrSize = 210;
  const qrTop = y + 58;
  drawQrCode(doc, table.url, MARGIN, qrTop, qrSize);
  const x = MARGIN + qrSize + 24;
  const w = WIDTH - qrSize - 24;
  let ty = qrTop + 14;
  doc.font(PDF_FONT.regular).fontSize(11).fillColor(INK).text('Scan de QR-code met de camera van uw telefoon, of ga naar', x, ty, { width: w });
  ty = doc.y + 2;
  doc.font(PDF_FONT.bold).fontSize(11).text(data.typeAt, x, ty, { width: w });
  ty = doc.y + 2;
  doc.font(PDF_FONT.regular).fontSize(11).text('en typ de code:', x, ty, { width: w });
  ty = doc.y + 8;
  doc.font(PDF_FONT.monoBold).fontSize(28).text(table.displayCode, x, ty, { width: w, lineBreak: false });
  ty += 42;
  doc
    .font(PDF_FONT.regular)
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(
      `Alleen voor deze tafel: per set voert één koppel de partijen in, het andere koppel controleert en tekent op hetzelfde toestel (Regel 15). ` +
        `Geldig tot ${data.validUntil}. Deel de code niet buiten de zaal.`,
      x,
      ty,
      { width: w },
    );
}

export function renderTableCards(data: TableCardsData): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: `Tafelkaarten ${data.homeName} – ${data.awayName}`, Author: 'Troefcall Sport Bond Nederland' } });
  useTsbnFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  data.cards.forEach((table, i) => {
    const half = i % 2;
    if (i > 0 && half === 0) doc.addPage();
    card(doc, data, table, half * CARD_H);
    if (half === 0) {
      doc.save().lineWidth(0.5).strokeColor('#999999').dash(4, { space: 4 }).moveTo(12, CARD_H).lineTo(PAGE_WIDTH - 12, CARD_H).stroke().undash().restore();
    }
  });
  doc.end();
  return done;
}
