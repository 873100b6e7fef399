import { pressContacts, siteBoilerplates } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Site } from '../../plugins/sites.ts';

interface DemoContact {
  name: string;
  role: Record<'en' | 'it' | 'fr' | 'de' | 'es' | 'he' | 'ar', string>;
  email: string;
  phone: string;
  languages: string[];
  colour: string;
}

const contacts: DemoContact[] = [
  {
    name: 'Chiara Fontana',
    role: {
      en: 'Head of press office',
      it: 'Responsabile ufficio stampa',
      fr: 'Responsable du service de presse',
      de: 'Leiterin der Pressestelle',
      es: 'Jefa de prensa',
      he: 'ראש משרד העיתונות',
      ar: 'رئيسة المكتب الصحفي',
    },
    email: 'press@localhost',
    phone: '+39 051 000 1001',
    languages: ['it', 'en', 'fr'],
    colour: '#8a4b2a',
  },
  {
    name: 'David Klein',
    role: {
      en: 'International press',
      it: 'Stampa internazionale',
      fr: 'Presse internationale',
      de: 'Internationale Presse',
      es: 'Prensa internacional',
      he: 'עיתונות בינלאומית',
      ar: 'الصحافة الدولية',
    },
    email: 'international.press@localhost',
    phone: '+39 051 000 1002',
    languages: ['en', 'de', 'es'],
    colour: '#2a5d8a',
  },
];

const boilerplates: Record<string, Record<'en' | 'it', string>> = {
  fair: {
    en: '{{site}} is the international exhibition of ceramic tiles and bathroom furnishings: every autumn, over 1,000 exhibitors in 15 halls show what ceramics can do, to architects, designers, distributors and the press of 150 countries.',
    it: '{{site}} è la rassegna internazionale della piastrella di ceramica e dell’arredobagno: ogni autunno oltre 1.000 espositori in 15 padiglioni mostrano che cosa sa fare la ceramica ad architetti, designer, distributori e alla stampa di 150 paesi.',
  },
  association: {
    en: '{{site}} brings together the Italian manufacturers of ceramic tiles, sanitaryware and refractories: it speaks for the industry, publishes its figures and organises its trade fair.',
    it: '{{site}} riunisce i produttori italiani di piastrelle di ceramica, sanitari e refrattari: rappresenta il settore, ne pubblica i dati e ne organizza la fiera.',
  },
};

/** A portrait to tell the demo contacts apart: their initials on a coloured disc. */
async function portrait(contact: DemoContact) {
  const initials = contact.name
    .split(' ')
    .map((word) => word[0])
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="${contact.colour}"/><text x="200" y="250" font-family="sans-serif" font-size="150" fill="#ffffff" text-anchor="middle">${initials}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** Two press contacts and an English and Italian boilerplate for a site that has none of them yet. */
export async function seedDemoPressContacts(app: FastifyInstance, site: Site) {
  const existing = await app.db
    .select({ id: pressContacts.id })
    .from(pressContacts)
    .where(eq(pressContacts.pressGroupId, site.id))
    .limit(1);
  if (existing.length > 0) return { contacts: 0 };
  const now = app.clock.now();
  for (const [position, contact] of contacts.entries()) {
    await app.db.insert(pressContacts).values({
      pressGroupId: site.id,
      name: contact.name,
      roles: contact.role,
      email: contact.email,
      phone: contact.phone,
      languages: contact.languages,
      position,
      photo: await portrait(contact),
      photoVersion: 1,
      updatedAt: now,
    });
  }
  const texts = /fair/i.test(site.name) ? boilerplates.fair : boilerplates.association;
  await app.db
    .insert(siteBoilerplates)
    .values(
      (['en', 'it'] as const).map((language) => ({
        pressGroupId: site.id,
        language,
        text: texts[language].replaceAll('{{site}}', site.name),
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
  return { contacts: contacts.length };
}
