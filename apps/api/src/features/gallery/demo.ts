import type { LocalizedText } from '@pressroom/contract';
import { galleries, galleryCategories, galleryImages } from '@pressroom/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type DemoEditionDays, demoCalendar, monthOf } from '../../demo/demo-calendar.ts';
import { asUpload, gradientJpeg } from '../../lib/generated-files.ts';
import { temporaryDirectory } from '../../lib/storage/index.ts';
import { storeImages } from './image-store.ts';

interface DemoCategory {
  name: LocalizedText;
  childs?: DemoCategory[];
  galleries?: { name: LocalizedText; subjects: [string, string][] }[];
}

const palettes: [string, string][] = [
  ['#7a3b1d', '#e3a867'],
  ['#1d4e7a', '#67b8e3'],
  ['#3d5a2a', '#b5d38a'],
  ['#5a2a52', '#d38ac7'],
  ['#2f2f2f', '#a8a8a8'],
  ['#7a1d2e', '#e36780'],
];

/** The photographer's keywords of each subject, as a picture desk files them (searched, shown in the viewer). */
const demoKeywords: Record<string, string[]> = {
  'Hall A, opening day': ['Padiglione', 'Inaugurazione', 'Cerámica'],
  'Hall B from the gallery': ['Padiglione', 'Panoramica'],
  'Visitors at the entrance': ['Visitatori', 'Ingresso'],
  'A large-format slab stand': ['Lastre', 'Grande formato', 'Gres porcellanato'],
  'Bathroom furniture corner': ['Arredobagno', 'Bagno'],
  'Outdoor tiles on show': ['Piastrelle', 'Esterni', 'Outdoor'],
  'A pavilion of glazed bricks': ['Mattoni smaltati', 'Architettura', 'Maiòlica'],
  'Light and ceramics': ['Cerámica', 'Illuminazione', 'Design'],
  'The young designers area': ['Design', 'Giovani designer'],
  'The president opens the fair': ['Inaugurazione', 'Presidente'],
  'Round table on sustainability': ['Sostenibilità', 'Convegno'],
  'Press conference': ['Conferenza stampa', 'Giornalisti'],
  'Oak-look planks': ['Effetto legno', 'Rovere', 'Pavimento'],
  'Herringbone floor': ['Spina di pesce', 'Pavimento', 'Effetto legno'],
  'Warm living room': ['Soggiorno', 'Interni'],
  'Calacatta-look slabs': ['Effetto marmo', 'Calacatta', 'Lastre'],
  'A bathroom in grey marble look': ['Effetto marmo', 'Bagno'],
  'Kitchen worktop': ['Cucina', 'Top', 'Gres porcellanato'],
};

/** The tree: the past edition's pictures under its year and month, the products under that year's collections. */
const demoTree = (site: string, past: DemoEditionDays): DemoCategory[] => [
  {
    name: { en: `${site} ${past.year}`, it: `${site} ${past.year}` },
    childs: [
      {
        name: { en: 'Exhibition', it: 'Esposizione', fr: 'Exposition', es: 'Exposición', de: 'Ausstellung' },
        childs: [
          {
            name: { en: 'Halls', it: 'Padiglioni', fr: 'Halls', es: 'Pabellones', de: 'Hallen' },
            galleries: [
              {
                name: {
                  en: monthOf(past.startsOn, 'en'),
                  it: monthOf(past.startsOn, 'it'),
                  fr: monthOf(past.startsOn, 'fr'),
                  de: monthOf(past.startsOn, 'de'),
                },
                subjects: [
                  ['Hall A, opening day', 'Padiglione A, giorno di apertura'],
                  ['Hall B from the gallery', 'Il padiglione B dalla balconata'],
                  ['Visitors at the entrance', "Visitatori all'ingresso"],
                ],
              },
              {
                name: { en: 'Stands', it: 'Stand', fr: 'Stands', de: 'Stände' },
                subjects: [
                  ['A large-format slab stand', 'Uno stand di lastre di grande formato'],
                  ['Bathroom furniture corner', "L'angolo dell'arredobagno"],
                  ['Outdoor tiles on show', 'Piastrelle per esterni in mostra'],
                ],
              },
            ],
          },
          {
            name: { en: 'Installations', it: 'Installazioni', fr: 'Installations', de: 'Installationen' },
            galleries: [
              {
                name: { en: 'Design installations', it: 'Installazioni di design' },
                subjects: [
                  ['A pavilion of glazed bricks', 'Un padiglione di mattoni smaltati'],
                  ['Light and ceramics', 'Luce e ceramica'],
                  ['The young designers area', "L'area dei giovani designer"],
                ],
              },
            ],
          },
        ],
      },
      {
        name: { en: 'Events', it: 'Eventi', fr: 'Événements', es: 'Eventos', de: 'Veranstaltungen' },
        childs: [
          {
            name: {
              en: 'Conferences',
              it: 'Convegni',
              fr: 'Conférences',
              es: 'Conferencias',
              de: 'Konferenzen',
            },
            galleries: [
              {
                name: { en: 'Opening conference', it: 'Convegno inaugurale' },
                subjects: [
                  ['The president opens the fair', 'Il presidente apre la fiera'],
                  ['Round table on sustainability', 'Tavola rotonda sulla sostenibilità'],
                  ['Press conference', 'Conferenza stampa'],
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    name: { en: 'Products', it: 'Prodotti', fr: 'Produits', es: 'Productos', de: 'Produkte' },
    childs: [
      {
        name: { en: 'Porcelain stoneware', it: 'Gres porcellanato', fr: 'Grès cérame', de: 'Feinsteinzeug' },
        childs: [
          {
            name: { en: 'Wood effect', it: 'Effetto legno', fr: 'Effet bois', de: 'Holzoptik' },
            galleries: [
              {
                name: { en: `Collections ${past.year}`, it: `Collezioni ${past.year}` },
                subjects: [
                  ['Oak-look planks', 'Listoni effetto rovere'],
                  ['Herringbone floor', 'Pavimento a spina di pesce'],
                  ['Warm living room', 'Un soggiorno caldo'],
                ],
              },
            ],
          },
          {
            name: { en: 'Marble effect', it: 'Effetto marmo', fr: 'Effet marbre', de: 'Marmoroptik' },
            galleries: [
              {
                name: { en: `Collections ${past.year}`, it: `Collezioni ${past.year}` },
                subjects: [
                  ['Calacatta-look slabs', 'Lastre effetto Calacatta'],
                  ['A bathroom in grey marble look', 'Un bagno effetto marmo grigio'],
                  ['Kitchen worktop', 'Piano cucina'],
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * A gallery tree three levels deep for one site (named after the demo calendar's past edition), with generated
 * photographs (gradients with their subject), captions and alt texts in English and Italian, credit and usage
 * terms. Skipped when the site already has categories, so running it again changes nothing.
 */
export async function seedDemoGallery(app: FastifyInstance, site: { id: number; name: string }) {
  const existing = await app.db
    .select({ id: galleryCategories.id })
    .from(galleryCategories)
    .where(sql`${site.id} = any(${galleryCategories.groupIds})`)
    .limit(1);
  if (existing.length > 0) return { images: 0 };
  const tempDir = temporaryDirectory(app.config.dataDir, 'uploads');
  const credit = `Photo: ${site.name} press office`;
  let images = 0;
  let paletteIndex = 0;

  async function addCategory(category: DemoCategory, parentId: number | null, position: number) {
    const [row] = await app.db
      .insert(galleryCategories)
      .values({ parentId, position, names: category.name as Record<string, string>, groupIds: [site.id] })
      .returning();
    for (const [index, entry] of (category.galleries ?? []).entries()) {
      const [gallery] = await app.db
        .insert(galleries)
        .values({
          categoryId: row.id,
          position: index,
          names: entry.name as Record<string, string>,
          status: 'published',
        })
        .returning();
      const files = [];
      for (const [subjectIndex, [english]] of entry.subjects.entries()) {
        const [from, to] = palettes[paletteIndex++ % palettes.length];
        const content = await gradientJpeg({
          title: english,
          subtitle: `${site.name} · demo image`,
          from,
          to,
          credit,
        });
        const slug = english
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '');
        files.push(
          await asUpload(
            tempDir,
            'files',
            `${String(subjectIndex + 1).padStart(2, '0')}-${slug}.jpg`,
            content,
            'image/jpeg',
          ),
        );
      }
      const stored = await storeImages(app, gallery.id, files, {
        credit,
        usageTerms: 'Free for editorial use about the fair, with the credit. No advertising or resale.',
        captions: entry.subjects.map(([en, it]) => ({ en, it })),
        altTexts: entry.subjects.map(([en, it]) => ({
          en: `Demo picture: ${en}`,
          it: `Immagine dimostrativa: ${it}`,
        })),
      });
      for (const [index, [english]] of entry.subjects.entries()) {
        const keywords = demoKeywords[english];
        if (keywords) {
          await app.db.update(galleryImages).set({ keywords }).where(eq(galleryImages.id, stored[index].id));
        }
      }
      images += files.length;
    }
    for (const [index, child] of (category.childs ?? []).entries()) await addCategory(child, row.id, index);
  }

  const { past } = demoCalendar(app.clock.now());
  for (const [index, root] of demoTree(site.name, past).entries()) await addCategory(root, null, index);
  return { images };
}
