/**
 * A club's fine statement (boeteoverzicht) as CSV (UTF-8 with BOM, ";" for Dutch Excel)
 * and as PDF, from the same ClubFinesDto the secretary's list shows, so the totals match.
 */
import PDFDocument from 'pdfkit';
import { formatDutchDate } from '../domain/dates';
import { formatEuro } from '../domain/fines/fines';
import { toCsv } from '../common/csv';
import type { DownloadFile } from '../common/download';
import type { ClubFinesDto, FineDto } from './fine.dto';
import { PDF_FONT, useTsbnFonts } from '../common/pdf-fonts';


const STATUS_LABELS: Record<FineDto['status'], string> = {
  PROPOSED: 'Voorstel',
  OPEN: 'Openstaand',
  PAID: 'Betaald',
  WAIVED: 'Kwijtgescholden',
  DISCARDED: 'Vervallen',
};

const STATEMENT_COLUMNS = ['Opgelegd', 'Uiterlijk betalen', 'Regel', 'Omschrijving', 'Wedstrijd', 'Bedrag', 'Status', 'Betaald op', 'Ten gunste van'] as const;

function statusLabel(fine: FineDto): string {
  return fine.overdue ? 'Openstaand, te laat' : STATUS_LABELS[fine.status];
}

function matchLabel(fine: FineDto): string {
  return fine.match ? `${fine.match.homeTeamName} – ${fine.match.awayTeamName} (${formatDutchDate(fine.match.date)})` : '';
}

function beneficiaryLabel(fine: FineDto): string {
  return fine.beneficiary === 'CLUB' ? `${fine.beneficiaryClubName ?? 'gedupeerde vereniging'} (via de bond, Regel 9B)` : 'TSBN';
}

/** "1.234,50": the amount as Dutch Excel reads a number. */
function csvAmount(cents: number): string {
  return formatEuro(cents).replace('€ ', '');
}

function totalRows(data: ClubFinesDto): [string, number][] {
  const t = data.totals;
  return [
    ['Totaal openstaand', t.openCents],
    ['Waarvan te laat', t.overdueCents],
    ['Betaald', t.paidCents],
    ['Kwijtgescholden', t.waivedCents],
  ];
}

function fineCells(fine: FineDto): string[] {
  return [
    formatDutchDate(fine.issuedOn),
    formatDutchDate(fine.dueOn),
    fine.rule,
    fine.reason,
    matchLabel(fine),
    csvAmount(fine.amountCents ?? 0),
    statusLabel(fine),
    fine.paidOn ? formatDutchDate(fine.paidOn) : '',
    beneficiaryLabel(fine),
  ];
}

export function statementCsv(data: ClubFinesDto): DownloadFile {
  const rows: string[][] = [
    ['Boeteoverzicht', data.clubName],
    ['Seizoen', data.season.name],
    ['Datum', formatDutchDate(data.today)],
    [],
    [...STATEMENT_COLUMNS],
    ...data.fines.map(fineCells),
    [],
    ...totalRows(data).map(([label, cents]) => [label, csvAmount(cents)]),
    [],
    ['Betalen aan', data.payment.accountName],
    ['IBAN', data.payment.iban],
    ['Onder vermelding van', data.payment.reference],
  ];
  return { filename: `${fileStem(data)}.csv`, contentType: 'text/csv; charset=utf-8', body: toCsv(rows) };
}

export function statementPdf(data: ClubFinesDto): Promise<DownloadFile> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Boeteoverzicht ${data.clubName} ${data.season.name}`, Author: 'Troefcall Sport Bond Nederland' } });
  useTsbnFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font(PDF_FONT.bold).fontSize(16).text('Troefcall Sport Bond Nederland');
  doc.font(PDF_FONT.regular).fontSize(12).text(`Boeteoverzicht ${data.clubName}, seizoen ${data.season.name}`);
  doc.fontSize(9).fillColor('#555555').text(`Opgemaakt op ${formatDutchDate(data.today)}`).fillColor('black').moveDown();

  if (data.fines.length === 0) {
    doc.fontSize(10).text('Er zijn dit seizoen geen boetes opgelegd aan uw vereniging.');
  } else {
    const header = ['Opgelegd', 'Uiterlijk', 'Regel', 'Omschrijving', 'Bedrag', 'Status'];
    doc.fontSize(8).table({
      columnStyles: [52, 52, 32, '*', 58, 78],
      defaultStyle: { border: 0.5, borderColor: '#bbbbbb', padding: 3 },
      data: [
        header.map((text) => ({ text, type: 'TH' as const, backgroundColor: '#eeeeee', font: { src: PDF_FONT.bold } })),
        ...data.fines.map((fine) => {
          const [issued, due, rule, reason, match, amount, status, paidOn] = fineCells(fine);
          const description = [reason, match, fine.beneficiary === 'CLUB' ? `Ten gunste van ${beneficiaryLabel(fine)}` : ''].filter(Boolean).join('\n');
          return [issued, due, rule, description, { text: `€ ${amount}`, align: { x: 'right' as const } }, paidOn ? `${status} ${paidOn}` : status];
        }),
      ],
    });
  }

  doc.moveDown().fontSize(10);
  for (const [label, cents] of totalRows(data)) {
    doc.font(label === 'Totaal openstaand' ? PDF_FONT.bold : PDF_FONT.regular).text(`${label}: ${formatEuro(cents)}`, doc.page.margins.left);
  }
  doc.moveDown().font(PDF_FONT.bold).text('Betalen');
  doc
    .font(PDF_FONT.regular)
    .text(
      `Maak het openstaande bedrag uiterlijk op de vermelde datum over op ${data.payment.iban} ten name van ${data.payment.accountName}, ` +
        `onder vermelding van "${data.payment.reference}". Boetes moeten binnen de termijn worden betaald (Regel 12B).`,
    );
  doc.end();
  return done.then((body) => ({ filename: `${fileStem(data)}.pdf`, contentType: 'application/pdf', body }));
}

function fileStem(data: ClubFinesDto): string {
  const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `boeteoverzicht-${slug(data.clubName)}-${slug(data.season.name)}`;
}
