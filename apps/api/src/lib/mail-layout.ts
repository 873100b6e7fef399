import { rtlLanguages } from '@pressroom/contract';
import { escapeHtml } from './html.ts';

export interface MailContent {
  siteName: string;
  /** A language code; he and ar are laid out right-to-left. */
  language: string;
  heading: string;
  paragraphs: string[];
  /** One call to action: a button in HTML, "label: url" on its own line in the text part. */
  action?: { label: string; url: string };
  footer?: string;
  /** Links under the footer (e.g. change the alerts, unsubscribe): anchors in HTML, "label: url" in text. */
  footerLinks?: { label: string; url: string }[];
  /** A picture under the heading (an alert's first image), absolute http(s) address. */
  image?: { url: string; alt: string };
}

export interface RenderedMail {
  text: string;
  html: string;
}

function isRightToLeft(language: string): boolean {
  return (rtlLanguages as readonly string[]).includes(language);
}

/**
 * Builds the text and HTML parts of every message the same way: the site's name, a heading, paragraphs, an
 * optional action link and a footer. Everything given is text and is escaped; the HTML is plain, with inline
 * styles only (mail clients ignore style sheets) and the language's direction.
 */
export function renderMail(content: MailContent): RenderedMail {
  const { siteName, language, heading, paragraphs, action, footer, footerLinks = [], image } = content;
  if (action && !/^https?:\/\//i.test(action.url)) {
    throw new Error(`mail action URL must be http(s): ${action.url}`);
  }

  const textLines = [siteName, '', heading, '', ...paragraphs.flatMap((paragraph) => [paragraph, ''])];
  if (action) textLines.push(`${action.label}:`, action.url, '');
  if (footer || footerLinks.length > 0) textLines.push('--');
  if (footer) textLines.push(footer, '');
  for (const link of footerLinks) textLines.push(`${link.label}: ${link.url}`);
  const text = `${textLines.join('\n').trimEnd()}\n`;

  const dir = isRightToLeft(language) ? 'rtl' : 'ltr';
  const align = dir === 'rtl' ? 'right' : 'left';
  const body = paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(paragraph)}</p>`)
    .join('\n');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:#1f4e79;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555555;word-break:break-all">${escapeHtml(action.url)}</p>`
    : '';
  const links = footerLinks
    .map((link) => `<a href="${escapeHtml(link.url)}" style="color:#1f4e79">${escapeHtml(link.label)}</a>`)
    .join(' · ');
  const footerHtml =
    footer || links
      ? `<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid #dddddd;font-size:13px;color:#555555">${[
          footer ? escapeHtml(footer) : '',
          links,
        ]
          .filter(Boolean)
          .join('<br>')}</p>`
      : '';
  const imageHtml = image
    ? `<p style="margin:0 0 20px"><img src="${escapeHtml(image.url)}" alt="${escapeHtml(image.alt)}" width="552" style="display:block;max-width:100%;height:auto;border-radius:4px"></p>`
    : '';
  const html = `<!doctype html>
<html lang="${escapeHtml(language)}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f4;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f4">
<tr><td style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:6px">
<tr><td dir="${dir}" style="padding:24px;text-align:${align}">
<p style="margin:0 0 8px;font-size:14px;color:#555555">${escapeHtml(siteName)}</p>
<h1 style="margin:0 0 20px;font-size:22px;line-height:1.3">${escapeHtml(heading)}</h1>
${imageHtml}${body}
${button}
${footerHtml}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { text, html };
}
