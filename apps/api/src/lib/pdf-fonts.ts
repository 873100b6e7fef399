import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocument, PDFFont } from 'pdf-lib';

// DejaVu Sans covers Latin, Greek, Cyrillic, Hebrew and Arabic letters: names, outlets and titles in a PDF
// are the users'. Read once per process, embedded as subsets.
const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined;

/**
 * A new PDF, with pdf-lib's colour maker. pdf-lib and its font engine are loaded by the first PDF a process
 * makes, not at start-up: importing either took about 0.35 s of CPU (each measured alone), paid at every server
 * start for files few requests ask for (decision 22).
 */
export async function createPdf() {
  const { PDFDocument, rgb } = await import('pdf-lib');
  return { pdf: await PDFDocument.create(), rgb };
}

export async function embedFonts(pdf: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  fonts ??= Promise.all([
    readFile(path.join(fontDir, 'DejaVuSans.ttf')),
    readFile(path.join(fontDir, 'DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold }));
  const { regular, bold } = await fonts;
  const { default: fontkit } = await import('@pdf-lib/fontkit');
  pdf.registerFontkit(fontkit);
  return {
    regular: await pdf.embedFont(regular, { subset: true }),
    bold: await pdf.embedFont(bold, { subset: true }),
  };
}

/** A line no wider than `width`: shrunk down to 9 pt, then cut at the end with an ellipsis. */
export function fitted(
  font: PDFFont,
  text: string,
  size: number,
  width: number,
): { text: string; size: number } {
  let current = size;
  while (current > 9 && font.widthOfTextAtSize(text, current) > width) current -= 1;
  let shown = text;
  while (shown.length > 1 && font.widthOfTextAtSize(shown, current) > width) shown = `${shown.slice(0, -2)}…`;
  return { text: shown, size: current };
}

/**
 * Writes lines down A4 pages from the top, 50 pt from the edges, a new page when one is full: the lists the
 * back office prints (attendance, rankings). `gap` leaves room before a new part.
 */
export async function a4Lines(pdf: PDFDocument) {
  const { regular, bold } = await embedFonts(pdf);
  const margin = 50;
  const a4: [number, number] = [595.28, 841.89];
  let page = pdf.addPage(a4);
  const width = page.getSize().width - margin * 2;
  let y = page.getSize().height - margin;
  const { rgb } = await import('pdf-lib');
  const ink = rgb(0.1, 0.1, 0.12);
  return {
    line(text: string, size = 10, useBold = false) {
      if (y < margin + size) {
        page = pdf.addPage(a4);
        y = page.getSize().height - margin;
      }
      const font = useBold ? bold : regular;
      const shown = fitted(font, text, size, width);
      page.drawText(shown.text, { x: margin, y, size: shown.size, font, color: ink });
      y -= size * 1.6;
    },
    gap(points: number) {
      y -= points;
    },
  };
}
