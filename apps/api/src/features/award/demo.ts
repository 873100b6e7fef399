import { awardCategories, awardEntries, awards, coverage } from '@pressroom/db';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { shiftDay } from '../../demo/demo-calendar.ts';
import { startOfDayInZone } from '../../lib/clock.ts';
import type { Site } from '../../plugins/sites.ts';

// The demo's journalism award: open on the site of the fair's current edition, two categories named in every
// language, for pieces published since the past edition opened; entries close on the current edition's last
// day at 23:59 at the fair, and the first demo journalists' approved pieces (about the past edition) are
// already entered.

const name = {
  en: 'Ceramic Journalism Award',
  it: 'Premio giornalistico della ceramica',
  fr: 'Prix de journalisme de la céramique',
  es: 'Premio de periodismo cerámico',
  de: 'Keramik-Journalistenpreis',
  he: 'פרס העיתונאות לקרמיקה',
  ar: 'جائزة صحافة الخزف',
};

const categories = [
  {
    en: 'Design and architecture',
    it: 'Design e architettura',
    fr: 'Design et architecture',
    es: 'Diseño y arquitectura',
    de: 'Design und Architektur',
    he: 'עיצוב ואדריכלות',
    ar: 'التصميم والعمارة',
  },
  {
    en: 'Industry and sustainability',
    it: 'Industria e sostenibilità',
    fr: 'Industrie et durabilité',
    es: 'Industria y sostenibilidad',
    de: 'Industrie und Nachhaltigkeit',
    he: 'תעשייה וקיימות',
    ar: 'الصناعة والاستدامة',
  },
];

const statements = [
  'How recycled porcelain stoneware moved from the lab to the stand, told through the people who make it.',
  'Five trends of the fair seen from the building site: large slabs, terracotta and quiet glazes.',
];

type EditionDays = { id: number; startsOn: string; endsOn: string; timeZone: string };

export async function seedDemoAward(
  app: FastifyInstance,
  site: Site,
  editions: { current: EditionDays; past: EditionDays } | null,
) {
  if (editions === null) return { awards: 0 };
  const { current, past } = editions;
  const [existing] = await app.db
    .select({ id: awards.id })
    .from(awards)
    .where(eq(awards.pressGroupId, site.id));
  if (existing) return { awards: 0 };
  const now = app.clock.now();
  const deadline = new Date(
    startOfDayInZone(shiftDay(current.endsOn, 1), current.timeZone).getTime() - 60_000,
  );
  await app.db.transaction(async (tx) => {
    const [award] = await tx
      .insert(awards)
      .values({
        pressGroupId: site.id,
        editionId: current.id,
        name,
        windowStartsOn: past.startsOn,
        windowEndsOn: current.endsOn,
        entryDeadline: deadline,
        entriesPerCategory: 2,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const made = await tx
      .insert(awardCategories)
      .values(categories.map((category, position) => ({ awardId: award!.id, name: category, position })))
      .returning();
    const pieces = await tx
      .select({ id: coverage.id, reporterId: coverage.reporterId })
      .from(coverage)
      .where(
        and(
          eq(coverage.pressGroupId, site.id),
          eq(coverage.status, 'approved'),
          isNotNull(coverage.reporterId),
        ),
      )
      .orderBy(asc(coverage.id))
      .limit(2);
    if (pieces.length > 0) {
      await tx.insert(awardEntries).values(
        pieces.map((piece, index) => ({
          categoryId: made[index % made.length]!.id,
          coverageId: piece.id,
          journalistId: piece.reporterId as number,
          statement: statements[index % statements.length]!,
          createdAt: now,
        })),
      );
    }
  });
  return { awards: 1 };
}
