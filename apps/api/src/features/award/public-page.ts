import type { ReleaseWinner } from '@pressroom/contract';
import { escapeHtml } from '../../lib/html.ts';
import { isolated, translator } from '../../lib/public-page.ts';

// The winners a release announces, as its server-rendered page shows them: the category, the piece (its link
// leaves the site: nofollow), its outlet, and the journalist's name only where they consented to show it.

export function renderWinners(winners: ReleaseWinner[], language: string): string {
  const t = translator(language);
  const items = winners.map((winner) => {
    const details = [`<span dir="auto">${escapeHtml(winner.outlet)}</span>`];
    if (winner.journalist)
      details.push(escapeHtml(t('pageCoverageBy', { name: isolated(winner.journalist) })));
    return `<li><strong dir="auto">${escapeHtml(winner.category)}</strong><br><a href="${escapeHtml(winner.url)}" rel="nofollow noopener" dir="auto">${escapeHtml(winner.title)}</a><br><span class="meta">${details.join(' · ')}</span></li>`;
  });
  return `<h2>${escapeHtml(t('pageAwardWinners'))}</h2><ul class="plain">${items.join('')}</ul>`;
}
