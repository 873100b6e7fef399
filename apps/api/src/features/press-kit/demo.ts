import { pressKitDocuments } from '@pressroom/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type DemoEditionDays, daysOf, demoCalendar } from '../../demo/demo-calendar.ts';
import { asUpload, simplePdf } from '../../lib/generated-files.ts';
import { temporaryDirectory } from '../../lib/storage/index.ts';
import { addDocument } from './service.ts';

/** The kit's documents; the fact sheet gives the days of the demo's coming edition. */
const kit = (fair: DemoEditionDays): Record<'en' | 'it', [string, string, string[]][]> => ({
  en: [
    [
      'Fact sheet',
      'The fair in figures: dates, halls, exhibitors, visitors.',
      [`Dates: ${daysOf(fair, 'en')}`, '1,000 exhibitors in 15 halls'],
    ],
    [
      'Exhibitor list',
      'Every exhibitor with hall and stand.',
      ['Hall A: 120 exhibitors', 'Hall B: 95 exhibitors'],
    ],
    [
      'Press accreditation rules',
      'Who can be accredited and how.',
      ['Journalists with a valid press card', 'Apply online before the fair'],
    ],
    [
      'Logos and brand guide',
      'How to use the logos in articles.',
      ['Keep a clear space around the logo', 'Do not change the colours'],
    ],
  ],
  it: [
    [
      'Scheda informativa',
      'La fiera in cifre: date, padiglioni, espositori, visitatori.',
      [`Date: ${daysOf(fair, 'it')}`, '1.000 espositori in 15 padiglioni'],
    ],
    [
      'Elenco espositori',
      'Tutti gli espositori con padiglione e stand.',
      ['Padiglione A: 120 espositori', 'Padiglione B: 95 espositori'],
    ],
    [
      'Regole di accreditamento stampa',
      'Chi può accreditarsi e come.',
      ['Giornalisti con tessera valida', 'Richiesta online prima della fiera'],
    ],
  ],
});

/** A press kit in English and Italian for one site. Skipped when the site already has one. */
export async function seedDemoPressKit(app: FastifyInstance, site: { id: number; name: string }) {
  const existing = await app.db
    .select({ id: pressKitDocuments.id })
    .from(pressKitDocuments)
    .where(sql`${site.id} = any(${pressKitDocuments.groupIds})`)
    .limit(1);
  if (existing.length > 0) return { documents: 0 };
  const tempDir = temporaryDirectory(app.config.dataDir, 'uploads');
  let documents = 0;
  const documentsOf = kit(demoCalendar(app.clock.now()).current);
  for (const language of ['en', 'it'] as const) {
    for (const [position, [title, description, lines]] of documentsOf[language].entries()) {
      const fileName = `${site.name} - ${title}.pdf`;
      const file = await asUpload(
        tempDir,
        'file',
        fileName,
        simplePdf(`${site.name}: ${title}`, [description, ...lines]),
        'application/pdf',
      );
      await addDocument(
        app,
        site.id,
        { title, description, language, position, groups: [site.id] },
        { fields: {}, files: [file], field: () => undefined, cleanup: async () => {} },
      );
      documents++;
    }
  }
  return { documents };
}
