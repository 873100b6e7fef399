import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFNumber, PDFRawStream } from 'pdf-lib';

/** Reads the QR code a badge PDF carries: its one image, inflated to pixels, through a QR decoder. */
export async function qrOfBadge(pdfBytes: Buffer): Promise<string | null> {
  const pdf = await PDFDocument.load(pdfBytes);
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    if (object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    if (object.dict.get(PDFName.of('ColorSpace')) !== PDFName.of('DeviceRGB')) continue;
    const width = (object.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (object.dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    const rgb = inflateSync(Buffer.from(object.contents));
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let pixel = 0; pixel < width * height; pixel += 1) {
      rgba.set([rgb[pixel * 3], rgb[pixel * 3 + 1], rgb[pixel * 3 + 2], 255], pixel * 4);
    }
    return jsQR(rgba, width, height)?.data ?? null;
  }
  return null;
}

/**
 * The lines of text a PDF made with pdf-lib draws, in drawing order: each `<glyphs> Tj` of its pages read back
 * through the ToUnicode map pdf-lib writes for every embedded font (its fonts are subsets, numbered in order).
 */
export async function textOfPdf(pdfBytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(pdfBytes);
  const inflated = (stream: PDFRawStream) => {
    const bytes = Buffer.from(stream.contents);
    return (stream.dict.get(PDFName.of('Filter')) ? inflateSync(bytes) : bytes).toString('latin1');
  };
  const lines: string[] = [];
  for (const page of pdf.getPages()) {
    const fonts = new Map<string, Map<string, string>>();
    const fontDict = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = pdf.context.lookup(ref, PDFDict);
      const toUnicode = pdf.context.lookup(font.get(PDFName.of('ToUnicode'))) as PDFRawStream;
      const glyphs = new Map<string, string>();
      for (const [, glyph, unicode] of inflated(toUnicode).matchAll(/<([0-9A-Fa-f]{4})> <([0-9A-Fa-f]+)>/g)) {
        glyphs.set(glyph.toUpperCase(), String.fromCodePoint(Number.parseInt(unicode, 16)));
      }
      fonts.set(name.asString(), glyphs);
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    for (const ref of streams) {
      const stream = pdf.context.lookup(ref) as PDFRawStream;
      let glyphs = new Map<string, string>();
      for (const [, font, shown] of inflated(stream).matchAll(/(\/[^\s]+) [\d.]+ Tf|<([0-9A-Fa-f]*)> Tj/g)) {
        if (font) glyphs = fonts.get(font) ?? new Map();
        else
          lines.push(
            (shown.match(/.{4}/g) ?? []).map((glyph) => glyphs.get(glyph.toUpperCase()) ?? '').join(''),
          );
      }
    }
  }
  return lines;
}
