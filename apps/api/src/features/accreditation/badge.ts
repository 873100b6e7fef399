import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Language, translateMessage } from '@pressroom/contract';
import { PDFDocument, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { embedFonts, fitted } from '../../lib/pdf-fonts.ts';

// A press badge's QR code carries a signed identifier: the badge id (random, 16 bytes) and an HMAC of it with
// the server's secret, both base64url. Forging a badge needs the secret; a valid signature is not enough to
// pass the gate either: the check reads the request, which must still be approved and within its edition.

const uuidBytes = (badgeId: string) => Buffer.from(badgeId.replace(/-/g, ''), 'hex');

function signature(secret: string, id: Buffer): Buffer {
  return createHmac('sha256', secret).update('press-badge:').update(id).digest().subarray(0, 16);
}

export function badgeToken(secret: string, badgeId: string): string {
  const id = uuidBytes(badgeId);
  return `${id.toString('base64url')}.${signature(secret, id).toString('base64url')}`;
}

/** The badge id a token names, when its signature holds; null for anything else. */
export function badgeIdOfToken(secret: string, token: string): string | null {
  const match = /^([\w-]{22})\.([\w-]{22})$/.exec(token);
  if (!match) return null;
  const id = Buffer.from(match[1], 'base64url');
  const given = Buffer.from(match[2], 'base64url');
  if (id.length !== 16 || given.length !== 16 || !timingSafeEqual(given, signature(secret, id))) return null;
  const hex = id.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

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
}

/**
 * The badge: an A6 card with the site, a "PRESS" band, the holder's name, outlet and role, the edition and its
 * dates, and the QR code leading to the gate's check page. Text is drawn left-aligned; right-to-left scripts
 * are drawn in their stored order (pdf-lib does not reorder bidirectional text).
 */
export async function renderBadgePdf(content: BadgeContent): Promise<Uint8Array> {
  const t = (key: string, params?: Record<string, string>) => translateMessage(content.language, key, params);
  const pdf = await PDFDocument.create();
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
  const side = 140;
  page.drawImage(image, { x: (width - side) / 2, y: 60, width: side, height: side });
  const until = t('badgeValidUntil', { date: content.validUntil });
  page.drawText(until, {
    x: (width - boldFont.widthOfTextAtSize(until, 10)) / 2,
    y: 46,
    size: 10,
    font: boldFont,
    color: ink,
  });
  draw(t('badgeScanHint'), 28, 8, false, rgb(0.3, 0.32, 0.36));
  return pdf.save();
}
