import { apiPaths } from '@pressroom/contract';
import { alertSubscriptions } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import {
  as,
  call,
  createCompany,
  harness,
  type Json,
  type PatchCase,
  sites,
  upload,
} from './openapi-patch-test-setup.ts';
import { authHeader, createUser, tokenFor } from './test-support/factories.ts';
import { fair, sampleJpeg } from './test-support/press-content.ts';

// Objects a change points to, made while its case creates the object under test.
let otherBrandId: number;
let secondCompanyId: number;
let otherCategoryId: number;
let taggedCompanyId: number;
let taggedBrandId: number;
let alertCompanyId: number;
let alertBrandId: number;

/** The PATCH cases of alert subscriptions, accounts, companies, editions, brands, users, contacts and galleries. */
export const accountCompanyAndGalleryCases: Record<string, PatchCase> = {
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
};
