import { apiPaths } from '@pressroom/contract';
import { alertSubscriptions, awardEntries, coverage } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRelease, insertReleaseFile } from './features/press-releases/test-factories.ts';
import { insertVideo } from './features/videos/test-factories.ts';
import { authHeader, createUser, tokenFor } from './test-support/factories.ts';
import {
  type FilePart,
  fair,
  multipart,
  type PressContentApp,
  sampleJpeg,
  samplePdf,
  startPressContentApp,
} from './test-support/press-content.ts';

/**
 * A PATCH writes only the fields it names (a release patched with only its sites lost its embargo, a
 * press-kit document moved up lost its description). Every PATCH operation of the OpenAPI description has a
 * case here: a full object is created, then each field of the body is sent alone, and after each call the
 * object read back differs from the one before only in that field (and in what it is documented to move).
 */

type Json = Record<string, unknown>;

interface Change {
  field: string;
  value: unknown;
  /** The response field showing the change, when it is not named like the request field. */
  shows?: string;
  /** Other response fields the change moves by rule (a release moved to another year changes its year). */
  moves?: string[];
}

interface Target {
  url: string;
  /** The object as created, for operations that have no GET of their own (then PATCH answers are read). */
  created: Json;
  headers?: Record<string, string>;
  /** How to read the object back, when it is not a GET of `url`. */
  read?: () => Promise<Json>;
}

interface PatchCase {
  create(): Promise<Target>;
  changes: Change[];
  /** The body is multipart (files may come with the fields), so the OpenAPI description lists no fields. */
  multipart?: boolean;
}

let harness: PressContentApp['harness'];
let as: PressContentApp['as'];
let stop: PressContentApp['stop'];
let operations: Map<string, { fields: string[]; readable: boolean }>;
let sites: { fair: number; association: number };
/** The picture of the release whose PATCH is tried, for its cover. */
let releasePictureId = 0;

const admin = () => ({ ...fair, ...as.administrator_global });

/** An award of a new edition of the fair's site: one category, entries open until 2099. */
async function awardBody(name: string) {
  const edition = await call('POST', apiPaths.editions, {
    site: sites.fair,
    name,
    starts_on: '2026-09-22',
    ends_on: '2026-09-26',
  });
  return {
    edition: edition.id,
    name: { en: name },
    window_starts_on: '2026-09-01',
    window_ends_on: '2027-03-31',
    entry_deadline: '2099-04-01T10:00:00.000Z',
    categories: [{ name: { en: 'Design' } }, { name: { en: 'Industry' } }],
  };
}

async function call(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  headers: Record<string, string> = admin(),
) {
  const response = await harness.app.inject({ method, url, headers, payload: body as Json | undefined });
  if (response.statusCode >= 300) {
    throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json() as Json;
}

async function upload(
  method: 'POST' | 'PATCH',
  url: string,
  fields: Record<string, string | string[]>,
  files: FilePart[] = [],
) {
  const form = multipart(fields, files);
  return call(method, url, form.payload, { ...admin(), ...form.headers });
}

async function createCompany(name: string) {
  return call('POST', apiPaths.companies, { business_name: name });
}

const cases: Record<string, PatchCase> = {
  'PATCH /api/alerts/manage/{token}/': {
    async create() {
      // An accredited journalist subscribes their own address: active at once, releases under embargo early.
      const journalist = await createUser(harness.app, { roles: ['user_press_room'] });
      const headers = { ...fair, ...authHeader(await tokenFor(harness.app, journalist)) };
      await call(
        'POST',
        apiPaths.alertSubscriptions,
        { email: journalist.email, languages: ['en', 'it'], consent: true, embargoed_early: true },
        headers,
      );
      const [row] = await harness.db
        .select()
        .from(alertSubscriptions)
        .where(eq(alertSubscriptions.email, journalist.email));
      alertCompanyId = (await createCompany('Alert Ceramiche')).id as number;
      alertBrandId = (await call('POST', apiPaths.brands, { name: 'Alert Brand' })).id as number;
      const url = apiPaths.alertManage(row.token);
      return { url, created: await call('GET', url, undefined, fair) };
    },
    changes: [
      { field: 'languages', value: ['de'] },
      {
        field: 'companies',
        get value() {
          return [alertCompanyId];
        },
      },
      {
        field: 'brands',
        get value() {
          return [alertBrandId];
        },
      },
      { field: 'frequency', value: 'daily' },
      { field: 'embargoed_early', value: false },
    ],
  },

  'PATCH /api/account/profile/': {
    async create() {
      const journalist = await createUser(harness.app, { roles: ['user_press_room'] });
      const headers = { ...fair, ...authHeader(await tokenFor(harness.app, journalist)) };
      const created = await call(
        'PATCH',
        apiPaths.profile,
        {
          first_name: 'Giulia',
          last_name: 'Ferri',
          language: 'it',
          qualify: 'journalist',
          publishing_house: 'Edizioni Ceramica',
          newspaper: 'Ceramica Oggi',
          media_type: 'magazines',
          periodicity: 'daily',
          printing_copies: 12000,
          sector: 'design',
          cap: '41049',
          province: 'MO',
          country: 'IT',
        },
        headers,
      );
      return { url: apiPaths.profile, created, headers };
    },
    changes: [
      { field: 'first_name', value: 'Anna' },
      { field: 'last_name', value: 'Bianchi' },
      { field: 'language', value: 'fr' },
      { field: 'qualify', value: 'freelance' },
      { field: 'publishing_house', value: 'Tile Press' },
      { field: 'newspaper', value: 'Tile Weekly' },
      { field: 'media_type', value: 'website' },
      { field: 'periodicity', value: 'weekly_monthly' },
      { field: 'printing_copies', value: 500 },
      { field: 'sector', value: 'trade' },
      { field: 'cap', value: '42100' },
      { field: 'province', value: 'RE' },
      { field: 'country', value: 'FR' },
      { field: 'coverage_mail', value: true },
    ],
  },

  'PATCH /api/back_office/companies/{id}/': {
    async create() {
      const [tiles, slabs] = await Promise.all(
        ['Terra Tiles', 'Lastra Slabs'].map((name) => call('POST', apiPaths.brands, { name })),
      );
      const created = await call('POST', apiPaths.companies, {
        business_name: 'Ceramiche Rossi S.p.A.',
        shortName: 'Rossi',
        address: 'Via Radici 12',
        city: 'Sassuolo',
        state: 'MO',
        country: 'IT',
        postalCode: '41049',
        telephone: '+39 0536 100100',
        fax: '+39 0536 100101',
        vat: 'FR40303265045',
        email: 'info@rossi.example',
        website: 'https://rossi.example',
        note: 'Exhibits every year',
        typology: 'Manufacturer',
        associationStatus: 'member',
        pubBusinessName: 'Rossi Ceramiche',
        pubAddress: 'Via Emilia 1',
        pubPostalCode: '41100',
        pubCity: 'Modena',
        pubState: 'MO',
        pubCountry: 'IT',
        pubTelephone: '+39 059 200200',
        pubFax: '+39 059 200201',
        pubWebsite: 'https://press.rossi.example',
        pubEmail: 'press@rossi.example',
        brands: [tiles.id],
      });
      otherBrandId = slabs.id as number;
      return { url: apiPaths.company(created.id as number), created };
    },
    changes: [
      { field: 'business_name', value: 'Ceramiche Verdi S.r.l.' },
      { field: 'shortName', value: 'Verdi' },
      { field: 'address', value: 'Via Ancora 3' },
      { field: 'city', value: 'Fiorano Modenese' },
      { field: 'state', value: 'RE' },
      { field: 'country', value: 'ES' },
      { field: 'postalCode', value: '41042' },
      { field: 'telephone', value: '+39 0536 300300' },
      { field: 'fax', value: '+39 0536 300301' },
      { field: 'vat', value: 'DE136695976' },
      { field: 'email', value: 'hello@verdi.example' },
      { field: 'website', value: 'https://verdi.example' },
      { field: 'note', value: 'New stand in hall B' },
      { field: 'typology', value: 'Distributor' },
      { field: 'associationStatus', value: 'former_member' },
      { field: 'pubBusinessName', value: 'Verdi Ceramiche' },
      { field: 'pubAddress', value: 'Via Emilia 9' },
      { field: 'pubPostalCode', value: '41121' },
      { field: 'pubCity', value: 'Reggio Emilia' },
      { field: 'pubState', value: 'RE' },
      { field: 'pubCountry', value: 'ES' },
      { field: 'pubTelephone', value: '+39 0522 400400' },
      { field: 'pubFax', value: '+39 0522 400401' },
      { field: 'pubWebsite', value: 'https://press.verdi.example' },
      { field: 'pubEmail', value: 'press@verdi.example' },
      {
        field: 'brands',
        get value() {
          return [otherBrandId];
        },
      },
    ],
  },

  'PATCH /api/back_office/editions/{id}/': {
    async create() {
      const created = await call('POST', apiPaths.editions, {
        site: sites.fair,
        name: 'Tile Fair 2027',
        starts_on: '2027-03-10',
        ends_on: '2027-03-14',
        proof_required: true,
      });
      return { url: apiPaths.edition(created.id as number), created };
    },
    changes: [
      { field: 'name', value: 'Tile Fair 2027, 40th edition' },
      { field: 'starts_on', value: '2027-03-09' },
      { field: 'ends_on', value: '2027-03-15' },
      { field: 'proof_required', value: false },
      { field: 'time_zone', value: 'Europe/Lisbon' },
    ],
  },

  'PATCH /api/back_office/brands/{id}/': {
    async create() {
      const created = await call('POST', apiPaths.brands, { name: 'Gres Antico' });
      return { url: apiPaths.brand(created.id as number), created };
    },
    changes: [{ field: 'name', value: 'Gres Moderno' }],
  },

  'PATCH /api/back_office/users/{id}/': {
    async create() {
      const [first, second] = [await createCompany('Smalti Srl'), await createCompany('Piastrelle Spa')];
      const agent = await createUser(harness.app, {
        roles: ['agent_press_room_external_company'],
        companyId: first.id as number,
        userType: 'COMPANY',
      });
      secondCompanyId = second.id as number;
      return { url: apiPaths.adminUser(agent.id), created: {} };
    },
    changes: [
      { field: 'first_name', value: 'Marco' },
      { field: 'last_name', value: 'Neri' },
      { field: 'is_active', value: false },
      {
        field: 'roles',
        value: ['administrator_press_room_external_company'],
        moves: ['permissions'],
      },
      { field: 'extra_permissions', value: ['magazine.manage'], moves: ['permissions'] },
      {
        field: 'company_id',
        get value() {
          return secondCompanyId;
        },
        shows: 'company',
      },
      // A USER has no company: the change of type empties it by rule.
      { field: 'user_type', value: 'USER', moves: ['company'] },
    ],
  },

  'PATCH /api/press_room/contact/{id}/': {
    async create() {
      const created = await call(
        'POST',
        apiPaths.contact,
        { subject: 'Interview request', message: 'May I interview the president at the fair?' },
        { ...fair, ...as.user_press_room },
      );
      return { url: apiPaths.contactMessage(created.id as number), created: {} };
    },
    changes: [{ field: 'read', value: true, shows: 'read_at' }],
  },

  'PATCH /api/press_room/gallery/categories/{id}/': {
    async create() {
      const first = await call('POST', apiPaths.galleryCategories, { name: { en: 'Halls' } });
      const second = await call('POST', apiPaths.galleryCategories, { name: { en: 'Events' } });
      otherCategoryId = second.id as number;
      const created = await call('POST', apiPaths.galleryCategories, {
        name: { en: 'Hall A', it: 'Padiglione A' },
        parent: first.id,
        position: 3,
        groups: [sites.fair],
      });
      return { url: apiPaths.galleryCategory(created.id as number), created };
    },
    changes: [
      { field: 'name', value: { en: 'Hall B', it: 'Padiglione B' } },
      {
        field: 'parent',
        get value() {
          return otherCategoryId;
        },
      },
      { field: 'position', value: 7 },
      {
        field: 'groups',
        get value() {
          return [sites.fair, sites.association];
        },
      },
    ],
  },

  'PATCH /api/press_room/gallery/galleries/{id}/': {
    async create() {
      const [first, second] = [
        await call('POST', apiPaths.galleryCategories, { name: { en: 'Opening' } }),
        await call('POST', apiPaths.galleryCategories, { name: { en: 'Awards' } }),
      ];
      otherCategoryId = second.id as number;
      const created = await call('POST', apiPaths.galleries, {
        name: { en: 'Opening day', it: 'Giorno di apertura' },
        category: first.id,
        position: 2,
        status: 'draft',
      });
      return { url: apiPaths.gallery(created.id as number), created };
    },
    changes: [
      { field: 'name', value: { en: 'Second day', it: 'Secondo giorno' } },
      {
        field: 'category',
        get value() {
          return otherCategoryId;
        },
        shows: 'category_id',
        moves: ['path'],
      },
      { field: 'position', value: 5 },
      // A draft's download link names the editor it was made for; a published gallery's is the press's.
      { field: 'status', value: 'published', moves: ['download_url'] },
    ],
  },

  'PATCH /api/press_room/gallery/images/{id}/': {
    async create() {
      const category = await call('POST', apiPaths.galleryCategories, { name: { en: 'Stands' } });
      const gallery = await call('POST', apiPaths.galleries, {
        name: { en: 'Stands' },
        category: category.id,
      });
      const uploaded = await upload(
        'POST',
        apiPaths.galleryImages(gallery.id as number),
        { credit: 'Studio Rossi', usage_terms: 'Editorial use only' },
        [
          {
            field: 'file',
            fileName: 'stand.jpg',
            contentType: 'image/jpeg',
            content: await sampleJpeg(400, 300),
          },
        ],
      );
      const image = (uploaded.images as Json[])[0];
      taggedCompanyId = (await createCompany('Ceramica Rossi')).id as number;
      taggedBrandId = (await call('POST', apiPaths.brands, { name: 'Terra' })).id as number;
      const url = apiPaths.galleryImage(image.id as number);
      await call('PATCH', url, { caption: { en: 'The stand' }, alt_text: { en: 'A tiled stand' } });
      return { url, created: {} };
    },
    changes: [
      { field: 'caption', value: { en: 'The stand at noon', it: 'Lo stand a mezzogiorno' } },
      { field: 'alt_text', value: { en: 'A stand with blue tiles' } },
      { field: 'credit', value: 'Foto Bianchi' },
      { field: 'usage_terms', value: 'Free for press use' },
      { field: 'keywords', value: ['tiles', 'stand'] },
      { field: 'position', value: 4 },
      {
        field: 'companies',
        get value() {
          return [taggedCompanyId];
        },
      },
      {
        field: 'brands',
        get value() {
          return [taggedBrandId];
        },
      },
    ],
  },

  'PATCH /api/back_office/press_contacts/{id}/': {
    async create() {
      const created = await call('POST', apiPaths.pressContactsAdmin, {
        site: sites.fair,
        name: 'Chiara Fontana',
        role: { en: 'Head of press office', it: 'Responsabile ufficio stampa' },
        email: 'press@fair.test',
        phone: '+39 051 000 1001',
        languages: ['it', 'en'],
      });
      return { url: apiPaths.pressContactAdmin(created.id as number), created };
    },
    changes: [
      { field: 'name', value: 'Chiara Fontana Neri' },
      { field: 'role', value: { en: 'Press office', ar: 'المكتب الصحفي' } },
      { field: 'email', value: 'chiara@fair.test' },
      { field: 'phone', value: '+39 051 000 2002' },
      { field: 'languages', value: ['de'] },
      { field: 'position', value: 5 },
      {
        field: 'site',
        get value() {
          return sites.association;
        },
      },
    ],
  },

  'PATCH /api/press_room/magazine/{id}/': {
    multipart: true,
    async create() {
      const created = await upload('POST', apiPaths.magazines, {
        kind: 'international',
        publisher: 'Tile Media Ltd',
        title: 'Tile International',
        month: '4',
        year: '2026',
        territory: 'Europe',
        link: 'https://tile-international.example',
        groups: [String(sites.fair)],
      });
      return { url: `/api/press_room/magazine/${created.id}/`, created };
    },
    changes: [
      { field: 'publisher', value: 'Ceramic Media' },
      { field: 'title', value: 'Ceramic World' },
      { field: 'month', value: '9' },
      { field: 'year', value: '2025' },
      { field: 'territory', value: 'Asia' },
      { field: 'link', value: 'https://ceramic-world.example' },
      {
        field: 'groups',
        get value() {
          return [String(sites.fair), String(sites.association)];
        },
      },
      // Territory belongs to international magazines only.
      { field: 'kind', value: 'italian', moves: ['territory'] },
    ],
  },

  'PATCH /api/press_room/press_kit/{id}/': {
    async create() {
      const created = await upload(
        'POST',
        apiPaths.pressKit,
        {
          title: 'Fact sheet',
          description: 'The fair in numbers',
          language: 'en',
          position: '4',
          groups: [String(sites.fair)],
        },
        [{ field: 'file', fileName: 'facts.pdf', contentType: 'application/pdf', content: samplePdf() }],
      );
      return { url: apiPaths.pressKitDocument(created.id as number), created };
    },
    changes: [
      { field: 'title', value: 'Key figures' },
      { field: 'description', value: 'Exhibitors and visitors' },
      { field: 'language', value: 'it' },
      // The back office's "move up" sends only the position.
      { field: 'position', value: 0 },
      {
        field: 'groups',
        get value() {
          return [sites.fair, sites.association];
        },
      },
    ],
  },

  'PATCH /api/press_room/admin/press_release/{id}/': {
    async create() {
      const company = await createCompany('Graniti Srl');
      const created = await call('POST', '/api/press_room/admin/press_release/', {
        publication_date: '2026-05-20',
        groups: [sites.fair],
        company_id: company.id,
        embargo_until: '2026-06-10T08:00:00.000Z',
        translations: [{ language: 'en', title: 'New slabs', subtitle: 'Large sizes', body: '<p>Text</p>' }],
      });
      otherCompanyId = (await createCompany('Mosaici Spa')).id as number;
      const picture = await insertReleaseFile(harness.db, harness.app.storage, {
        releaseId: created.id as number,
        kind: 'image',
        name: 'slab.jpg',
        contentType: 'image/jpeg',
        bytes: Buffer.from('slab picture'),
      });
      releasePictureId = picture.id;
      return { url: `/api/press_room/admin/press_release/${created.id}/`, created };
    },
    changes: [
      { field: 'publication_date', value: '2025-11-02', moves: ['year'] },
      {
        field: 'groups',
        get value() {
          return [sites.association];
        },
      },
      {
        field: 'company_id',
        get value() {
          return otherCompanyId;
        },
      },
      { field: 'embargo_until', value: '2026-07-01T10:00:00.000Z', moves: ['embargo_end'] },
      {
        field: 'cover_file_id',
        get value() {
          return releasePictureId;
        },
      },
      {
        field: 'translations',
        value: [{ language: 'it', title: 'Nuove lastre', subtitle: 'Grandi formati', body: '<p>Testo</p>' }],
      },
    ],
  },

  'PATCH /api/back_office/exhibitors/{id}/': {
    async create() {
      const company = await createCompany('Exhibiting Ceramiche');
      const edition = await call('POST', apiPaths.editions, {
        site: sites.fair,
        name: 'Tile Fair 2026',
        starts_on: '2026-09-22',
        ends_on: '2026-09-26',
      });
      const exhibitor = await call('POST', apiPaths.exhibitors, {
        edition: edition.id,
        company: company.id,
        category: 'design',
        stands: [{ hall: '5', stand: 'A12' }],
      });
      return { url: apiPaths.exhibitor(exhibitor.id as number), created: exhibitor };
    },
    changes: [
      { field: 'category', value: 'trade', moves: ['updated_at'] },
      { field: 'stands', value: [{ hall: '6', stand: 'B3' }], moves: ['updated_at'] },
    ],
  },

  'PATCH /api/back_office/programme/{id}/': {
    async create() {
      const [host, guest] = [await createCompany('Sala Ceramiche'), await createCompany('Ospite Ceramiche')];
      const edition = await call('POST', apiPaths.editions, {
        site: sites.fair,
        name: 'Tile Fair 2026 programme',
        starts_on: '2026-09-22',
        ends_on: '2026-09-26',
      });
      const exhibitorOf = async (company: Json, stand: string) =>
        (
          await call('POST', apiPaths.exhibitors, {
            edition: edition.id,
            company: company.id,
            category: 'design',
            stands: [{ hall: '5', stand }],
          })
        ).id as number;
      const hostExhibitor = await exhibitorOf(host, 'A1');
      programmeGuestExhibitorId = await exhibitorOf(guest, 'B1');
      const category = await call('POST', apiPaths.galleryCategories, { name: { en: 'Programme' } });
      programmeGalleryId = (
        await call('POST', apiPaths.galleries, { name: { en: 'Press conference' }, category: category.id })
      ).id as number;
      programmeReleaseId = (
        await call('POST', '/api/press_room/admin/press_release/', {
          publication_date: '2026-09-20',
          groups: [sites.fair],
          company_id: host.id,
          translations: [{ language: 'en', title: 'The programme', subtitle: '', body: '<p>Text</p>' }],
        })
      ).id as number;
      const created = await call('POST', apiPaths.programmeAdmin, {
        edition: edition.id,
        exhibitor: hostExhibitor,
        type: 'press_conference',
        title: { en: 'Opening press conference' },
        description: { en: 'The president opens the fair.' },
        starts_at: '2026-09-22T08:00:00.000Z',
        ends_at: '2026-09-22T09:00:00.000Z',
        hall: '5',
        room: 'Sala Verdi',
        stand: 'A1',
        languages: ['en'],
        capacity: 20,
        signup_required: true,
      });
      return { url: apiPaths.programmeAdminEvent(created.id as number), created };
    },
    changes: [
      {
        field: 'exhibitor',
        get value() {
          return programmeGuestExhibitorId;
        },
        shows: 'organiser',
        moves: ['updated_at'],
      },
      { field: 'type', value: 'talk', moves: ['updated_at'] },
      { field: 'title', value: { en: 'Opening talk', it: 'Talk di apertura' }, moves: ['updated_at'] },
      { field: 'description', value: { it: 'Il presidente apre la fiera.' }, moves: ['updated_at'] },
      { field: 'starts_at', value: '2026-09-22T07:30:00.000Z', moves: ['sequence', 'updated_at'] },
      { field: 'ends_at', value: '2026-09-22T09:30:00.000Z', moves: ['sequence', 'updated_at'] },
      { field: 'hall', value: '6', shows: 'place', moves: ['sequence', 'updated_at'] },
      { field: 'room', value: 'Sala Rossini', shows: 'place', moves: ['sequence', 'updated_at'] },
      { field: 'stand', value: 'B2', shows: 'place', moves: ['sequence', 'updated_at'] },
      { field: 'languages', value: ['it', 'en'], moves: ['updated_at'] },
      { field: 'capacity', value: 30, moves: ['places_left', 'updated_at'] },
      { field: 'signup_required', value: false, moves: ['updated_at'] },
      {
        field: 'releases',
        get value() {
          return [programmeReleaseId];
        },
        moves: ['updated_at'],
      },
      {
        field: 'galleries',
        get value() {
          return [programmeGalleryId];
        },
        moves: ['updated_at'],
      },
      {
        field: 'releases_at_start',
        get value() {
          return [programmeReleaseId];
        },
        shows: 'releases',
        moves: ['updated_at'],
      },
      {
        field: 'galleries_at_start',
        get value() {
          return [programmeGalleryId];
        },
        shows: 'galleries',
        moves: ['updated_at'],
      },
    ],
  },

  'PATCH /api/back_office/awards/{id}/': {
    async create() {
      const created = await call('POST', apiPaths.awards, await awardBody('Tile Fair 2026 award'));
      // A winner, so that the award may be announced on a release of the site.
      const journalist = await createUser(harness.app, { roles: ['user_press_room'] });
      const [piece] = await harness.db
        .insert(coverage)
        .values({
          pressGroupId: sites.fair,
          url: 'https://www.tile-today.example/winner',
          urlKey: 'www.tile-today.example/winner',
          title: 'The winning piece',
          outlet: 'Tile Today',
          publishedOn: '2026-10-01',
          language: 'en',
          country: 'GB',
          mediaType: 'website',
          status: 'approved',
          reporterId: journalist.id,
        })
        .returning();
      const categories = created.categories as Json[];
      await harness.db.insert(awardEntries).values({
        categoryId: categories[0]!.id as number,
        coverageId: piece!.id,
        journalistId: journalist.id,
        winner: true,
      });
      announcementReleaseId = (
        await insertRelease(harness.db, {
          groups: [sites.fair],
          translations: [{ language: 'en', title: 'The award winners' }],
        })
      ).id;
      return { url: apiPaths.award(created.id as number), created };
    },
    changes: [
      { field: 'name', value: { en: 'Tile Press Prize', it: 'Premio stampa' } },
      { field: 'window_starts_on', value: '2026-09-15' },
      { field: 'window_ends_on', value: '2027-04-30' },
      { field: 'entry_deadline', value: '2099-05-01T10:00:00.000Z' },
      { field: 'entries_per_category', value: 3 },
      { field: 'judging_closed', value: true },
      {
        field: 'announcement_release',
        get value() {
          return announcementReleaseId;
        },
      },
    ],
  },

  'PATCH /api/back_office/award_categories/{id}/': {
    async create() {
      const created = await call('POST', apiPaths.awards, await awardBody('Tile Fair 2027 award'));
      const categories = created.categories as Json[];
      return {
        url: apiPaths.awardCategory(categories[0]!.id as number),
        created,
        read: () => call('GET', apiPaths.award(created.id as number)),
      };
    },
    changes: [{ field: 'name', value: { en: 'Best design story', it: 'Design' }, shows: 'categories' }],
  },

  'PATCH /api/back_office/press_boxes/{company}/': {
    async create() {
      const company = await createCompany('Press Box Ceramiche');
      const url = apiPaths.pressBox(company.id as number);
      await call('PATCH', url, { description: { en: 'Tiles' }, website: 'https://box.example' });
      return { url, created: await call('GET', url) };
    },
    changes: [
      { field: 'description', value: { it: 'Piastrelle' } },
      { field: 'website', value: 'https://other.example' },
    ],
  },

  'PATCH /api/back_office/press_boxes/{company}/contacts/{contact}/': {
    async create() {
      const company = await createCompany('Contact Ceramiche');
      const boxUrl = apiPaths.pressBox(company.id as number);
      const box = await call('POST', `${boxUrl}contacts/`, {
        name: 'Giulia Neri',
        role: { en: 'Press officer' },
        email: 'giulia@example.test',
        phone: '+39 0536 000000',
        languages: ['it'],
      });
      const [contact] = box.contacts as Json[];
      // The contact is read back from its press box (it has no GET of its own; a PATCH answers the box).
      const read = async () =>
        ((await call('GET', boxUrl)).contacts as Json[]).find((row) => row.id === contact.id) as Json;
      return { url: `${boxUrl}contacts/${contact.id}/`, created: contact, read };
    },
    changes: [
      { field: 'name', value: 'Giulia Bianchi' },
      { field: 'role', value: { it: 'Addetta stampa' } },
      { field: 'email', value: 'press@example.test' },
      { field: 'phone', value: '+39 0536 111111' },
      { field: 'languages', value: ['en', 'de'] },
      { field: 'position', value: 4 },
    ],
  },

  'PATCH /api/back_office/videos/{id}/': {
    async create() {
      const release = await call('POST', '/api/press_room/admin/press_release/', {
        publication_date: '2026-05-22',
        groups: [sites.fair],
        translations: [{ language: 'en', title: 'The fair on video' }],
      });
      const video = await insertVideo(harness.app, { pressReleaseId: release.id as number });
      const url = apiPaths.videoAdmin(video.id);
      await call('PATCH', url, { title: { en: 'Halls' }, credit: 'Tile Fair' });
      return { url, created: {} };
    },
    changes: [
      { field: 'title', value: { en: 'The halls at noon', it: 'I padiglioni a mezzogiorno' } },
      { field: 'credit', value: 'Studio Rossi' },
      { field: 'position', value: 2 },
    ],
  },
  'PATCH /api/press_room/admin/press_release/{id}/files/{fileId}/': {
    async create() {
      const release = await call('POST', '/api/press_room/admin/press_release/', {
        publication_date: '2026-05-21',
        groups: [sites.fair],
        translations: [{ language: 'en', title: 'Fair preview' }],
      });
      const url = `/api/press_room/admin/press_release/${release.id}/files/`;
      // Pictures, so the credit (a picture's) is among what changes.
      const form = multipart({ kind: 'image', language: 'en', title: 'Hall A', credit: 'Studio Rossi' }, [
        {
          field: 'file',
          fileName: 'hall-a.jpg',
          contentType: 'image/jpeg',
          content: await sampleJpeg(400, 300),
        },
        {
          field: 'file',
          fileName: 'hall-b.jpg',
          contentType: 'image/jpeg',
          content: await sampleJpeg(400, 300, '#305070'),
        },
      ]);
      const response = await harness.app.inject({
        method: 'POST',
        url,
        headers: { ...admin(), ...form.headers },
        payload: form.payload,
      });
      const [created] = response.json() as Json[];
      // A file shows its position only as its place among the release's pictures.
      const read = async () => {
        const images = (await call('GET', `/api/press_room/admin/press_release/${release.id}/`))
          .images as Json[];
        const index = images.findIndex((file) => file.id === created.id);
        return { ...images[index], position: index };
      };
      return { url: `${url}${created.id}/`, created, read };
    },
    changes: [
      { field: 'title', value: 'Hall A at noon' },
      { field: 'credit', value: 'Foto Bianchi' },
      { field: 'language', value: 'it' },
      { field: 'position', value: 6 },
    ],
  },
};

// Objects a change points to, made while its case creates the object under test.
let otherBrandId: number;
let secondCompanyId: number;
let otherCategoryId: number;
let taggedCompanyId: number;
let taggedBrandId: number;
let otherCompanyId: number;
let alertCompanyId: number;
let alertBrandId: number;
let programmeGuestExhibitorId: number;
let programmeGalleryId: number;
let programmeReleaseId: number;
let announcementReleaseId: number;

beforeAll(async () => {
  ({ harness, as, stop } = await startPressContentApp());
  const description = await harness.app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = description.json().paths as Record<string, Record<string, { requestBody?: Json }>>;
  operations = new Map();
  for (const [path, byMethod] of Object.entries(paths)) {
    const patch = byMethod.patch;
    if (!patch) continue;
    const content = patch.requestBody?.content as
      | Record<string, { schema: { properties?: Json } }>
      | undefined;
    const properties = content?.['application/json']?.schema.properties ?? {};
    operations.set(`PATCH ${path}`, { fields: Object.keys(properties), readable: 'get' in byMethod });
  }
  const groups = (await call('GET', '/api/press_room/press_group/?page_size=50')).results as Json[];
  const idOf = (name: string) => groups.find((group) => group.name === name)?.id as number;
  sites = { fair: idOf('Tile Fair'), association: idOf('Ceramics Association') };
});

afterAll(() => stop());

describe('every PATCH operation writes only the fields it is sent', () => {
  it('has a case for each PATCH operation of the OpenAPI description, changing each field of its body', () => {
    expect([...operations.keys()].sort()).toEqual(Object.keys(cases).sort());
    for (const [operation, { fields }] of operations) {
      if (cases[operation].multipart) continue;
      expect({ operation, fields: cases[operation].changes.map((change) => change.field).sort() }).toEqual({
        operation,
        fields: [...fields].sort(),
      });
    }
  });

  it.each(Object.keys(cases))('%s', async (operation) => {
    const patchCase = cases[operation];
    const readable = operations.get(operation)?.readable ?? false;
    const target = await patchCase.create();
    const headers = target.headers ?? admin();
    const read = target.read ?? (readable ? () => call('GET', target.url, undefined, headers) : undefined);
    let before = read ? await read() : target.created;
    for (const change of patchCase.changes) {
      const body = { [change.field]: change.value };
      const answer = patchCase.multipart
        ? await upload('PATCH', target.url, body as Record<string, string | string[]>)
        : await call('PATCH', target.url, body, headers);
      const after = read ? await read() : answer;
      const shown = change.shows ?? change.field;
      const moved = [shown, ...(change.moves ?? [])];
      const unchanged = (object: Json) =>
        Object.fromEntries(Object.entries(object).filter(([key]) => !moved.includes(key)));
      expect({ sent: body, fields: unchanged(after) }).toEqual({ sent: body, fields: unchanged(before) });
      expect({ sent: body, shown: after[shown] }).not.toEqual({ sent: body, shown: before[shown] });
      before = after;
    }
  });
});
