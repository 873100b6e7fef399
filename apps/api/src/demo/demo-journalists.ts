import type { Language, MediaType } from '@pressroom/contract';
import { type Database, users } from '@pressroom/db';
import { inArray } from 'drizzle-orm';
import { createActiveUser } from '../features/account/service.ts';

/**
 * The demo's journalists: press-area accounts writing in different languages, each with the outlet they are
 * accredited for at the demo fair, so that "My fair" and the back office's interview requests show something.
 * They share one password, public like the demo administrator's.
 */
export const demoJournalistPassword = 'Demo_press_2026';

export interface DemoJournalist {
  email: string;
  firstName: string;
  lastName: string;
  language: Language;
  outlet: string;
  mediaType: MediaType;
  role: string;
  phone: string;
}

export const demoJournalists: DemoJournalist[] = [
  {
    email: 'giulia.bianchi@ceramica-oggi.example',
    firstName: 'Giulia',
    lastName: 'Bianchi',
    language: 'it',
    outlet: 'Ceramica Oggi',
    mediaType: 'magazines',
    role: 'Caporedattrice',
    phone: '+39 02 5550 1234',
  },
  {
    email: 'sophie.laurent@maison-materiaux.example',
    firstName: 'Sophie',
    lastName: 'Laurent',
    language: 'fr',
    outlet: 'Maison & Matériaux',
    mediaType: 'magazines',
    role: 'Journaliste',
    phone: '+33 1 55 50 12 34',
  },
  {
    email: 'markus.weber@fliesen-report.example',
    firstName: 'Markus',
    lastName: 'Weber',
    language: 'de',
    outlet: 'Fliesen Report',
    mediaType: 'website',
    role: 'Redakteur',
    phone: '+49 30 5550 1234',
  },
  {
    email: 'carmen.ortega@radio-levante.example',
    firstName: 'Carmen',
    lastName: 'Ortega',
    language: 'es',
    outlet: 'Radio Levante',
    mediaType: 'radio',
    role: 'Periodista',
    phone: '+34 96 555 0123',
  },
  {
    email: 'yael.cohen@binyan.example',
    firstName: 'Yael',
    lastName: 'Cohen',
    language: 'he',
    outlet: 'Binyan VeDiur',
    mediaType: 'newspapers',
    role: 'כתבת',
    phone: '+972 3 555 0123',
  },
  {
    email: 'omar.haddad@emaar-review.example',
    firstName: 'Omar',
    lastName: 'Haddad',
    language: 'ar',
    outlet: 'Emaar Review',
    mediaType: 'magazines',
    role: 'محرر',
    phone: '+971 4 555 0123',
  },
];

/** The demo journalists' accounts, made when missing (found again by e-mail), with their ids. */
export async function seedDemoJournalists(db: Database, now: Date) {
  const emails = demoJournalists.map((journalist) => journalist.email);
  const existing = new Map(
    (
      await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))
    ).map((row) => [row.email, row.id]),
  );
  let created = 0;
  const seeded: (DemoJournalist & { userId: number })[] = [];
  for (const journalist of demoJournalists) {
    let userId = existing.get(journalist.email);
    if (userId === undefined) {
      const user = await createActiveUser(
        db,
        {
          email: journalist.email,
          password: demoJournalistPassword,
          firstName: journalist.firstName,
          lastName: journalist.lastName,
          language: journalist.language,
          roles: ['user_press_room'],
        },
        now,
      );
      userId = user.id;
      created += 1;
    }
    seeded.push({ ...journalist, userId });
  }
  return { created, journalists: seeded };
}
