import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

// DejaVu Sans covers Latin, Greek, Cyrillic, Hebrew and Arabic letters: names, outlets and titles in a PDF
// are the users'. Read once per process, embedded as subsets.
const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined;

export async function embedFonts(pdf: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  fonts ??= Promise.all([
    readFile(path.join(fontDir, 'DejaVuSans.ttf')),
    readFile(path.join(fontDir, 'DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold }));
  const { regular, bold } = await fonts;
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
