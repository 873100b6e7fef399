import type { Magazine } from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import { signUrl } from '../../lib/signed-urls.ts';
import type { MagazineRow } from './repository.ts';

export function presentMagazine(app: FastifyInstance, row: MagazineRow): Magazine {
  const now = app.clock.now();
  return {
    id: row.id,
    kind: row.kind as Magazine['kind'],
    publisher: row.publisher,
    title: row.title,
    month: row.month,
    year: row.year,
    territory: row.territory,
    groups: row.groupIds,
    cover_url: row.coverChecksum
      ? signUrl(
          app.config.secretKey,
          `/api/press_room/magazine/${row.id}/cover/${row.coverChecksum}.webp`,
          now,
        )
      : null,
    pdf_url: row.pdfChecksum
      ? signUrl(app.config.secretKey, `/api/press_room/magazine/${row.id}/pdf/${row.pdfChecksum}.pdf`, now)
      : null,
    pdf_size: row.pdfSize,
    link: row.link,
  };
}
