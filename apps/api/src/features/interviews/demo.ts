import { type InterviewFormat, type Language, privacyNoticeVersion } from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import type { Site } from '../../plugins/sites.ts';
import * as repository from './repository.ts';

// The demo fair's interview requests: the demo journalists ask the demo exhibitors, in their own languages,
// and the requests stand in each status a fair sees (waiting, accepted with a time and place, declined with a
// reason, cancelled by either side).

type Outcome =
  | { status: 'pending' }
  | { status: 'accepted'; day: number; time: string; place: string }
  | { status: 'declined'; reason: string }
  | { status: 'cancelled'; by: 'journalist' | 'exhibitor'; reason: string };

interface DemoRequest {
  journalist: string;
  exhibitor: string;
  format: InterviewFormat;
  /** Days of the fair (0 the first) and the fair's wall-clock times the journalist proposed. */
  preferred: { day: number; time: string }[];
  topic: string;
  message: string;
  outcome: Outcome;
}

const demoRequests: DemoRequest[] = [
  {
    journalist: 'giulia.bianchi@ceramica-oggi.example',
    exhibitor: 'Ceramiche Aurora S.p.A.',
    format: 'stand',
    preferred: [
      { day: 0, time: '11:00' },
      { day: 1, time: '15:00' },
    ],
    topic: 'Le nuove collezioni in gres riciclato',
    message:
      'Buongiorno, vorrei intervistare il vostro direttore commerciale per un servizio sulle collezioni sostenibili presentate in fiera.',
    outcome: { status: 'accepted', day: 0, time: '11:00', place: 'Padiglione 5, stand A12' },
  },
  {
    journalist: 'giulia.bianchi@ceramica-oggi.example',
    exhibitor: 'Gres Fiorano Industrie',
    format: 'stand',
    preferred: [
      { day: 2, time: '10:00' },
      { day: 2, time: '15:30' },
    ],
    topic: 'Lastre di grande formato per l’edilizia',
    message: 'Mi interessa capire come cambia la posa delle lastre di grande formato nei cantieri.',
    outcome: { status: 'pending' },
  },
  {
    journalist: 'sophie.laurent@maison-materiaux.example',
    exhibitor: 'Céramiques de Provence',
    format: 'video',
    preferred: [
      { day: 1, time: '14:00' },
      { day: 3, time: '10:30' },
    ],
    topic: 'Le savoir-faire provençal face à l’industrie',
    message:
      'Bonjour, je prépare un dossier sur les ateliers céramiques du sud de la France et j’aimerais vous entendre sur la transmission du métier.',
    outcome: { status: 'pending' },
  },
  {
    journalist: 'sophie.laurent@maison-materiaux.example',
    exhibitor: 'Ceramiche Aurora S.p.A.',
    format: 'phone',
    preferred: [
      { day: 2, time: '09:30' },
      { day: 3, time: '16:00' },
    ],
    topic: 'La céramique italienne sur le marché français',
    message: 'Un entretien d’une vingtaine de minutes suffirait.',
    outcome: {
      status: 'cancelled',
      by: 'exhibitor',
      reason:
        'Notre directrice ne sera finalement pas présente au salon ; nous vous proposerons un entretien par téléphone après la foire.',
    },
  },
  {
    journalist: 'markus.weber@fliesen-report.example',
    exhibitor: 'Keramik Nordwerk GmbH',
    format: 'stand',
    preferred: [
      { day: 0, time: '10:00' },
      { day: 1, time: '10:00' },
    ],
    topic: 'Energiesparende Brennöfen in der Fliesenproduktion',
    message:
      'Guten Tag, für unseren Schwerpunkt zur Energiewende in der Keramikindustrie würde ich gern mit Ihrem technischen Leiter sprechen.',
    outcome: {
      status: 'declined',
      reason:
        'Leider ist unser Messeteam an allen Tagen ausgebucht. Gerne schicken wir Ihnen unsere Pressemappe zu den neuen Öfen.',
    },
  },
  {
    journalist: 'markus.weber@fliesen-report.example',
    exhibitor: 'Gres Fiorano Industrie',
    format: 'stand',
    preferred: [
      { day: 3, time: '09:30' },
      { day: 4, time: '11:00' },
    ],
    topic: 'Großformatige Feinsteinzeugplatten für Fassaden',
    message: 'Ich würde gern über Ihre neuen Fassadenplatten und deren Verlegung sprechen.',
    outcome: { status: 'accepted', day: 3, time: '09:30', place: 'Halle 7, Stand E01' },
  },
  {
    journalist: 'carmen.ortega@radio-levante.example',
    exhibitor: 'Azulejos del Sol S.L.',
    format: 'phone',
    preferred: [
      { day: 1, time: '12:00' },
      { day: 2, time: '12:00' },
    ],
    topic: 'El diseño independiente en el azulejo de Castellón',
    message:
      'Hola, preparo un programa de radio sobre diseño cerámico y me gustaría hablar con vuestra directora creativa.',
    outcome: {
      status: 'cancelled',
      by: 'journalist',
      reason: 'Se ha cancelado mi viaje a la feria; os escribiré para una entrevista a distancia.',
    },
  },
  {
    journalist: 'yael.cohen@binyan.example',
    exhibitor: 'Atelier Mosaïque Levant',
    format: 'stand',
    preferred: [
      { day: 1, time: '12:30' },
      { day: 2, time: '14:00' },
    ],
    topic: 'פסיפס עכשווי בבנייה הישראלית',
    message: 'שלום, אשמח לראיון קצר על הקולקציה החדשה ועל הפרויקטים שלכם בתל אביב.',
    outcome: { status: 'accepted', day: 1, time: '12:30', place: 'אולם 8, דוכן F11' },
  },
  {
    journalist: 'omar.haddad@emaar-review.example',
    exhibitor: 'Atelier Mosaïque Levant',
    format: 'video',
    preferred: [
      { day: 0, time: '16:00' },
      { day: 1, time: '11:00' },
    ],
    topic: 'الفسيفساء في العمارة المعاصرة',
    message: 'مرحباً، أرغب في إجراء مقابلة قصيرة حول مشاريعكم في منطقة الخليج وموادكم الجديدة.',
    outcome: { status: 'pending' },
  },
];

/** The fair's `day` (0 the first, the last when beyond) at a wall-clock time in the fair's time zone. */
function fairInstant(
  edition: { startsOn: string; endsOn: string },
  day: number,
  time: string,
  timeZone: string,
) {
  const first = Date.parse(`${edition.startsOn}T00:00:00Z`);
  const last = Date.parse(`${edition.endsOn}T00:00:00Z`);
  const date = new Date(Math.min(first + day * 86_400_000, last)).toISOString().slice(0, 10);
  const guess = new Date(`${date}T${time}:00Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(guess)
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:00Z`);
  return new Date(guess.getTime() - (wall - guess.getTime()));
}

export interface DemoInterviewJournalist {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  language: Language;
  outlet: string;
  phone: string;
}

/**
 * The demo requests for the edition's exhibitors, from the demo journalists (who must be accredited for it),
 * written as they would stand after their answers; no mail is sent. Skipped when the edition already has
 * requests.
 */
export async function seedDemoInterviews(
  app: FastifyInstance,
  site: Site,
  editionId: number,
  journalists: DemoInterviewJournalist[],
) {
  if (await repository.editionHasRequests(app.db, editionId)) return { interviews: 0 };
  const edition = await repository.findEditionDays(app.db, editionId);
  if (!edition) return { interviews: 0 };
  const exhibitorIds = new Map(
    (await repository.exhibitorsOfEdition(app.db, editionId)).map((row) => [row.companyName, row.id]),
  );
  const byEmail = new Map(journalists.map((journalist) => [journalist.email, journalist]));
  const now = app.clock.now();
  const timeZone = app.config.fairTimeZone;
  // Asked over the weeks before the fair, or in the days before now when the fair is still ahead.
  const firstDay = Date.parse(`${edition.startsOn}T09:00:00Z`);
  const asked = (index: number) =>
    new Date(Math.min(firstDay, now.getTime()) - (21 - index * 2) * 86_400_000);
  const rows = demoRequests.flatMap((demo, index) => {
    const journalist = byEmail.get(demo.journalist);
    const exhibitorId = exhibitorIds.get(demo.exhibitor);
    if (!journalist || exhibitorId === undefined) return [];
    const createdAt = asked(index);
    const updatedAt =
      demo.outcome.status === 'pending' ? createdAt : new Date(createdAt.getTime() + 86_400_000);
    const { outcome } = demo;
    return [
      {
        exhibitorId,
        journalistId: journalist.userId,
        status: outcome.status,
        topic: demo.topic,
        language: journalist.language,
        format: demo.format,
        preferredTimes: demo.preferred.map((slot) =>
          fairInstant(edition, slot.day, slot.time, timeZone).toISOString(),
        ),
        message: demo.message,
        journalistName: `${journalist.firstName} ${journalist.lastName}`,
        outlet: journalist.outlet,
        email: journalist.email,
        phone: journalist.phone,
        consentAt: createdAt,
        consentPressGroupId: site.id,
        consentNoticeVersion: privacyNoticeVersion,
        consentLanguage: journalist.language,
        scheduledAt:
          outcome.status === 'accepted' ? fairInstant(edition, outcome.day, outcome.time, timeZone) : null,
        place: outcome.status === 'accepted' ? outcome.place : '',
        declineReason: outcome.status === 'declined' ? outcome.reason : '',
        cancelledBy: outcome.status === 'cancelled' ? outcome.by : null,
        cancelReason: outcome.status === 'cancelled' ? outcome.reason : '',
        createdAt,
        updatedAt,
      },
    ];
  });
  if (rows.length === 0) return { interviews: 0 };
  await repository.insertRequests(app.db, rows);
  return { interviews: rows.length };
}
