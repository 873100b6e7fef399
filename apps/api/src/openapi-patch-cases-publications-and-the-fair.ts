import { apiPaths } from '@pressroom/contract';
import { awardEntries, coverage } from '@pressroom/db';
import { insertRelease, insertReleaseFile } from './features/press-releases/test-factories.ts';
import { insertVideo } from './features/videos/test-factories.ts';
import {
  admin,
  awardBody,
  call,
  createCompany,
  harness,
  type Json,
  type PatchCase,
  sites,
  upload,
} from './openapi-patch-test-setup.ts';
import { createUser } from './test-support/factories.ts';
import { multipart, sampleJpeg, samplePdf } from './test-support/press-content.ts';

// Objects a change points to, made while its case creates the object under test.
let otherCompanyId: number;
let programmeGuestExhibitorId: number;
let programmeGalleryId: number;
let programmeReleaseId: number;
let announcementReleaseId: number;
/** The picture of the release whose PATCH is tried, for its cover. */
let releasePictureId = 0;

/**
 * The PATCH cases of magazines, press kits, releases and their files, exhibitors, the programme, awards, press
 * boxes and videos.
 */
export const publicationAndFairCases: Record<string, PatchCase> = {
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
