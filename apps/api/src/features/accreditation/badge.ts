import { type Language, translateMessage } from '@pressroom/contract';
import QRCode from 'qrcode';
import { createPdf, embedFonts, fitted } from '../../lib/pdf-fonts.ts';

export interface BadgeContent {
  language: Language;
  siteName: string;
  name: string;
  outlet: string;
  role: string;
  edition: string;
  /** The edition's dates, written in the holder's language. */
  dates: string;
  validUntil: string;
  checkUrl: string;
  /** The short code typed at the door when the QR cannot be read, as printed ("K7QM-3XPR"). */
  code: string;
}

/**
 * The badge: an A6 card with the site, a "PRESS" band, the holder's name, outlet and role, the edition and its
 * dates, the QR code leading to the gate's check page and, under it, the short code the door types when no
 * camera reads the QR (on a line of its own, so that no right-to-left text is mixed with it). Text is drawn left-aligned; right-to-left scripts
 * are drawn in their stored order (pdf-lib does not reorder bidirectional text).
 */
export async function renderBadgePdf(content: BadgeContent): Promise<Uint8Array> {
  const t = (key: string, params?: Record<string, string>) => translateMessage(content.language, key, params);
  const { pdf, rgb } = await createPdf();
  pdf.setTitle(`${t('badgePress')} - ${content.name} - ${content.edition}`);
  pdf.setAuthor(content.siteName);
  pdf.setLanguage(content.language);
  const { regular: font, bold: boldFont } = await embedFonts(pdf);
  const page = pdf.addPage([297.64, 419.53]);
  const { width, height } = page.getSize();
  const margin = 22;
  const inner = width - margin * 2;
  const ink = rgb(0.09, 0.11, 0.15);
  const accent = rgb(0.7, 0.22, 0.1);

  const draw = (text: string, y: number, size: number, useBold = false, colour = ink) => {
    const chosen = useBold ? boldFont : font;
    const line = fitted(chosen, text, size, inner);
    page.drawText(line.text, { x: margin, y, size: line.size, font: chosen, color: colour });
  };

  draw(content.siteName, height - 36, 12, true);
  page.drawRectangle({ x: 0, y: height - 92, width, height: 40, color: accent });
  const press = t('badgePress');
  const pressSize = 26;
  page.drawText(press, {
    x: (width - boldFont.widthOfTextAtSize(press, pressSize)) / 2,
    y: height - 82,
    size: pressSize,
    font: boldFont,
    color: rgb(1, 1, 1),
  });
  draw(content.name, height - 124, 18, true);
  draw(content.outlet, height - 146, 13);
  draw(content.role, height - 164, 11, false, rgb(0.3, 0.32, 0.36));
  draw(content.edition, height - 192, 11, true);
  draw(content.dates, height - 207, 10);

  const qr = await QRCode.toBuffer(content.checkUrl, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    scale: 6,
  });
  const image = await pdf.embedPng(qr);
  const side = 124;
  page.drawImage(image, { x: (width - side) / 2, y: 80, width: side, height: side });
  const centred = (text: string, y: number, size: number, chosen = boldFont, colour = ink) =>
    page.drawText(text, {
      x: (width - chosen.widthOfTextAtSize(text, size)) / 2,
      y,
      size,
      font: chosen,
      color: colour,
    });
  const hint = fitted(font, t('badgeCodeHint'), 8, inner);
  centred(hint.text, 69, hint.size, font, rgb(0.3, 0.32, 0.36));
  centred(content.code, 51, 16);
  centred(t('badgeValidUntil', { date: content.validUntil }), 35, 10);
  draw(t('badgeScanHint'), 20, 8, false, rgb(0.3, 0.32, 0.36));
  return pdf.save();
}
