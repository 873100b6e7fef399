import { type Language, rtlLanguages, translateMessage } from '@pressroom/contract';
import { escapeHtml } from '../../lib/html.ts';

// The page a badge's QR code opens at the gate: one word in large type (valid or not) on green or red, the name
// and outlet printed on the badge, and nothing else about the person. Plain HTML, no script, never indexed.

const stylesheet = `
:root{color-scheme:light dark}
*{box-sizing:border-box}
body{margin:0;font:1.1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Hebrew","Noto Sans Arabic",sans-serif;background:Canvas;color:CanvasText}
main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem}
.verdict{border-radius:10px;padding:1.25rem 1.25rem;color:#fff}
.valid{background:#1b5e20}
.invalid{background:#8e1c1c}
h1{font-size:2rem;line-height:1.2;margin:0}
dl{margin:1.25rem 0 0;display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
dt{font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
p{margin:.75rem 0 0}
.site{font-weight:600;margin:0 0 1rem}
`;

export interface BadgePageInput {
  language: Language;
  siteName: string;
  /** Null when the badge is not valid: nothing about anyone is shown then. */
  holder: { name: string; outlet: string; edition: string; validUntil: string } | null;
}

export function renderBadgePage(input: BadgePageInput): string {
  const t = (key: string, params?: Record<string, string>) => translateMessage(input.language, key, params);
  const dir = rtlLanguages.includes(input.language) ? 'rtl' : 'ltr';
  const { holder } = input;
  const details = holder
    ? `<dl>
<dt>${escapeHtml(t('badgeName'))}</dt><dd dir="auto">${escapeHtml(holder.name)}</dd>
<dt>${escapeHtml(t('badgeOutlet'))}</dt><dd dir="auto">${escapeHtml(holder.outlet)}</dd>
<dt>${escapeHtml(t('badgeEdition'))}</dt><dd dir="auto">${escapeHtml(holder.edition)}</dd>
</dl>
<p>${escapeHtml(t('badgeValidUntil', { date: holder.validUntil }))}</p>`
    : `<p>${escapeHtml(t('badgeInvalidHint'))}</p>`;
  return `<!doctype html>
<html lang="${input.language}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(t('badgePageTitle'))} - ${escapeHtml(input.siteName)}</title>
<style>${stylesheet}</style>
</head>
<body>
<main>
<p class="site">${escapeHtml(input.siteName)}</p>
<section class="verdict ${holder ? 'valid' : 'invalid'}" data-verdict="${holder ? 'valid' : 'invalid'}">
<h1>${escapeHtml(t(holder ? 'badgeValid' : 'badgeInvalid'))}</h1>
${details}
</section>
</main>
</body>
</html>
`;
}
