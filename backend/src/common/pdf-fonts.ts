/**
 * The fonts of every PDF the API writes (match form, score slips, table cards, fine
 * statements). PDFKit's built-in Helvetica and Courier only know the Windows-1252 letters: a
 * name like "Şahinoğlu" or "Nguyễn", which the member lists accept, came out garbled on the
 * official form. DejaVu Sans (the dejavu-fonts-ttf package; free licence) covers Latin with
 * every accent, Greek, Cyrillic and Vietnamese; its condensed cut is about as wide as Helvetica,
 * so the layouts keep their measure. PDFKit embeds only the letters a document uses.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const TTF = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** The names the PDF writers use with doc.font(…). */
export const PDF_FONT = { regular: 'Sans', bold: 'Sans-Bold', monoBold: 'Mono-Bold' } as const;

const FILES: Record<(typeof PDF_FONT)[keyof typeof PDF_FONT], string> = {
  Sans: 'DejaVuSansCondensed.ttf',
  'Sans-Bold': 'DejaVuSansCondensed-Bold.ttf',
  'Mono-Bold': 'DejaVuSansMono-Bold.ttf',
};

/** Read once per process, shared by every document. */
let loaded: [string, Buffer][] | undefined;

interface FontRegistry {
  registerFont(name: string, src: Buffer): unknown;
  font(name: string): unknown;
}

/** Registers the fonts on a new document and makes the regular one current (the text before any font(…) call). */
export function useTsbnFonts<T extends FontRegistry>(doc: T): T {
  loaded ??= Object.entries(FILES).map(([name, file]) => [name, readFileSync(path.join(TTF, file))]);
  for (const [name, bytes] of loaded) doc.registerFont(name, bytes);
  doc.font(PDF_FONT.regular);
  return doc;
}
