import { rm } from 'node:fs/promises';
import { magazines } from '@pressroom/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { asUpload, gradientJpeg, simplePdf } from '../../lib/generated-files.ts';
import { temporaryDirectory } from '../../lib/storage/index.ts';
import type { ReceivedFile, ReceivedForm } from '../../lib/uploads.ts';
import { createMagazine } from './service.ts';

const italian: [string, string, number, number][] = [
  ['Ceramica Informazione', 'Faenza Editrice Demo', 9, 2025],
  ['Il Giornale della Piastrella', 'Edizioni Demo', 10, 2025],
  ['Casa & Design Oggi', 'Gruppo Editoriale Demo', 10, 2025],
  ['Architettura Superfici', 'Edizioni Demo', 3, 2025],
  ['Ceramica Informazione', 'Faenza Editrice Demo', 9, 2024],
  ['Bagno Design', 'Gruppo Editoriale Demo', 11, 2024],
];
const international: [string, string, number, number, string][] = [
  ['Tile International', 'Demo Verlag', 9, 2025, 'Germany'],
  ['Fliesen & Platten', 'Demo Verlag', 10, 2025, 'Germany'],
  ['Céramique Magazine', 'Éditions Démo', 10, 2025, 'France'],
  ['Surface Design Journal', 'Demo Media Inc.', 9, 2025, 'United States'],
  ['Revista Azulejo', 'Ediciones Demo', 11, 2025, 'Spain'],
  ['Tile UK Review', 'Demo Publishing Ltd', 9, 2024, 'United Kingdom'],
  ['Revestir Brasil', 'Editora Demo', 3, 2024, 'Brazil'],
  ['Ceramic Asia', 'Demo Asia Media', 10, 2024, 'China'],
];
const covers: [string, string][] = [
  ['#20344f', '#5f8fbf'],
  ['#4f2034', '#bf5f8f'],
  ['#344f20', '#8fbf5f'],
  ['#4f3a20', '#bf935f'],
];

/** The generated files as a received form; its cleanup removes what the store did not take (the cover). */
function form(files: ReceivedFile[]): ReceivedForm {
  return {
    fields: {},
    files,
    field: () => undefined,
    cleanup: async () => {
      await Promise.all(files.map((file) => rm(file.tempPath, { force: true })));
    },
  };
}

/**
 * Italian and international magazines over several periods and territories for one site: generated covers,
 * PDFs for some, links for the others. Skipped when the site already has magazines.
 */
export async function seedDemoMagazines(app: FastifyInstance, site: { id: number; name: string }) {
  const existing = await app.db
    .select({ id: magazines.id })
    .from(magazines)
    .where(sql`${site.id} = any(${magazines.groupIds})`)
    .limit(1);
  if (existing.length > 0) return { magazines: 0 };
  const tempDir = temporaryDirectory(app.config.dataDir, 'uploads');
  const entries = [
    ...italian.map(([title, publisher, month, year]) => ({
      kind: 'italian' as const,
      title,
      publisher,
      month,
      year,
      territory: undefined,
    })),
    ...international.map(([title, publisher, month, year, territory]) => ({
      kind: 'international' as const,
      title,
      publisher,
      month,
      year,
      territory,
    })),
  ];
  for (const [index, entry] of entries.entries()) {
    const [from, to] = covers[index % covers.length];
    const cover = await gradientJpeg({
      title: entry.title,
      subtitle: `${String(entry.month).padStart(2, '0')}/${entry.year}`,
      from,
      to,
      width: 600,
      height: 800,
      credit: entry.publisher,
    });
    const files = [await asUpload(tempDir, 'cover', 'cover.jpg', cover, 'image/jpeg')];
    const withPdf = index % 2 === 0;
    if (withPdf) {
      const pdf = simplePdf(entry.title, [
        `${entry.publisher}, ${String(entry.month).padStart(2, '0')}/${entry.year}`,
        `An article about ${site.name} (demo content).`,
      ]);
      files.push(
        await asUpload(
          tempDir,
          'pdf',
          `${entry.title.replace(/\W+/g, '-')}-${entry.year}-${entry.month}.pdf`,
          pdf,
          'application/pdf',
        ),
      );
    }
    const generated = form(files);
    try {
      await createMagazine(
        app,
        site.id,
        {
          ...entry,
          link: withPdf ? undefined : `https://example.com/magazines/${encodeURIComponent(entry.title)}`,
        },
        generated,
      );
    } finally {
      await generated.cleanup();
    }
  }
  return { magazines: entries.length };
}
