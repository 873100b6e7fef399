import { pickLocalized, translateMessage } from '@pressroom/contract';
import { a4Lines, createPdf } from '../../lib/pdf-fonts.ts';
import type { ranking } from './service.ts';

type Ranking = Awaited<ReturnType<typeof ranking>>;

/**
 * The ranking on A4 pages, in the reader's language: per category, each entry's rank, mean, number of scores
 * and spread, the piece and its journalist, winners marked. Right-to-left text is drawn in its stored order
 * (pdf-lib does not reorder bidirectional text), as on the badges.
 */
export async function rankingPdf(result: Ranking, options: { language: string; siteName: string }) {
  const t = (key: string, params?: Record<string, string>) => translateMessage(options.language, key, params);
  const number = new Intl.NumberFormat(options.language, { maximumFractionDigits: 2 });
  const { pdf } = await createPdf();
  const title = t('awardRankingTitle', { name: pickLocalized(result.award.row.name, options.language) });
  pdf.setTitle(title);
  pdf.setLanguage(options.language);
  const { line, gap } = await a4Lines(pdf);
  line(options.siteName, 11, true);
  line(title, 16, true);
  line(result.award.edition.name, 11);
  for (const category of result.categories) {
    gap(8);
    line(pickLocalized(category.name, options.language), 13, true);
    for (const entry of category.entries) {
      const figures =
        entry.mean === null
          ? t('awardNotScored')
          : `${t('awardCsvMean')} ${number.format(entry.mean)} · ${t('awardCsvScores')} ${number.format(entry.scores)} · ${t('awardCsvSpread')} ${number.format(entry.spread ?? 0)}`;
      const winner = entry.entry.winner ? ` · ${t('awardCsvWinner')}` : '';
      line(`${number.format(entry.rank)}. ${entry.coverage.title}${winner}`, 10, entry.entry.winner);
      line(`    ${entry.coverage.outlet} · ${entry.journalist} · ${figures}`, 9);
    }
  }
  return pdf.save();
}
