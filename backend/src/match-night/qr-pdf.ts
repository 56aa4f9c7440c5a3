/**
 * A QR code drawn into a PDF as vector squares (the `qrcode` package computes the modules),
 * so it prints sharp at any size without an image.
 */
import QRCode from 'qrcode';

/** Draws `text` as a QR code of `size` points square at (x, y), with a white quiet zone of 4 modules included. */
export function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cell = size / (modules.size + 2 * quiet);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      // Slightly larger squares, so neighbouring modules leave no hairline gap in a viewer.
      if (modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell + 0.05, cell + 0.05);
    }
  }
  doc.fill('#000000');
  doc.restore();
}
