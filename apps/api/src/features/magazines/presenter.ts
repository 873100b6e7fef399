import type { Magazine } from '@pressroom/contract';
import type { Signer } from '../../lib/signed-urls.ts';
import { withReader } from '../../plugins/read-counter.ts';
import type { MagazineRow } from './repository.ts';

/** `reader`: the caller's kind, signed into the PDF's link for the reading figures (readerParam). */
export function presentMagazine(sign: Signer, row: MagazineRow, reader = ''): Magazine {
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
      ? sign(`/api/press_room/magazine/${row.id}/cover/${row.coverChecksum}.webp`)
      : null,
    pdf_url: row.pdfChecksum
      ? sign(withReader(`/api/press_room/magazine/${row.id}/pdf/${row.pdfChecksum}.pdf`, reader))
      : null,
    pdf_size: row.pdfSize,
    link: row.link,
  };
}
