import type { Language, ProgrammeEventType } from '@pressroom/contract';
import { programmeEvents, programmeSignups } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { startOfDayInZone } from '../../lib/clock.ts';
import type { Site } from '../../plugins/sites.ts';
import * as repository from './repository.ts';

// The demo fair's press programme: about ten events over its first three days, in the seven languages, organised
// by the fair and by the demo's exhibitors, one of them full with a waiting list, one cancelled.

type Texts = Record<Language, string>;

interface DemoEvent {
  day: 0 | 1 | 2;
  /** Local time in the fair's zone, and length in minutes. */
  at: string;
  minutes: number;
  type: ProgrammeEventType;
  /** The organising exhibitor's company, or none for the fair. */
  company?: string;
  hall: string;
  room?: string;
  stand?: string;
  languages: Language[];
  capacity: number | null;
  signupRequired: boolean;
  title: Texts;
  description: Texts;
  cancelled?: string;
  /** How many demo journalists signed up (beyond the capacity: waiting). */
  signups?: number;
}

const demoEvents: DemoEvent[] = [
  {
    day: 0,
    at: '10:30',
    minutes: 60,
    type: 'press_conference',
    hall: 'Mall',
    room: 'Sala Concerto',
    languages: ['it', 'en'],
    capacity: 150,
    signupRequired: false,
    signups: 4,
    title: {
      en: 'Opening press conference',
      it: 'Conferenza stampa di apertura',
      fr: 'Conférence de presse d’ouverture',
      es: 'Rueda de prensa inaugural',
      de: 'Eröffnungspressekonferenz',
      he: 'מסיבת עיתונאים לפתיחת התערוכה',
      ar: 'المؤتمر الصحفي الافتتاحي',
    },
    description: {
      en: 'The president of the fair presents this year’s figures, the new halls and the guests of honour.',
      it: 'Il presidente della fiera presenta i numeri di quest’anno, i nuovi padiglioni e gli ospiti d’onore.',
      fr: 'Le président du salon présente les chiffres de l’année, les nouveaux halls et les invités d’honneur.',
      es: 'El presidente de la feria presenta las cifras de este año, los nuevos pabellones y los invitados de honor.',
      de: 'Der Präsident der Messe stellt die Zahlen des Jahres, die neuen Hallen und die Ehrengäste vor.',
      he: 'נשיא התערוכה מציג את נתוני השנה, את הביתנים החדשים ואת אורחי הכבוד.',
      ar: 'يعرض رئيس المعرض أرقام هذا العام والقاعات الجديدة وضيوف الشرف.',
    },
  },
  {
    day: 0,
    at: '14:00',
    minutes: 45,
    type: 'exhibitor_event',
    company: 'Ceramiche Aurora S.p.A.',
    hall: '5',
    stand: 'A12',
    languages: ['it', 'en'],
    capacity: 4,
    signupRequired: true,
    signups: 6,
    title: {
      en: 'Aurora 2027: the lustre collection',
      it: 'Aurora 2027: la collezione a lustro',
      fr: 'Aurora 2027 : la collection lustrée',
      es: 'Aurora 2027: la colección de reflejo metálico',
      de: 'Aurora 2027: die Lüster-Kollektion',
      he: 'אאורורה 2027: קולקציית הברק',
      ar: 'أورورا 2027: مجموعة البريق',
    },
    description: {
      en: 'A preview of the new lustreware tiles at the stand, with the art director. Few places: sign up.',
      it: 'Anteprima allo stand delle nuove piastrelle a lustro, con il direttore artistico. Pochi posti: iscriviti.',
      fr: 'Avant-première des nouveaux carreaux lustrés sur le stand, avec le directeur artistique. Places limitées.',
      es: 'Preestreno en el stand de los nuevos azulejos de reflejo, con el director artístico. Plazas limitadas.',
      de: 'Vorpremiere der neuen Lüsterfliesen am Stand, mit dem Art Director. Wenige Plätze: bitte anmelden.',
      he: 'הצגה מוקדמת של אריחי הברק החדשים בדוכן, עם המנהל האמנותי. מספר המקומות מוגבל.',
      ar: 'عرض مسبق لبلاط البريق الجديد في الجناح مع المدير الفني. الأماكن محدودة.',
    },
  },
  {
    day: 0,
    at: '16:00',
    minutes: 60,
    type: 'talk',
    hall: 'Mall',
    room: 'Sala Ravel',
    languages: ['en'],
    capacity: 80,
    signupRequired: false,
    title: {
      en: 'Large slabs in architecture',
      it: 'Le grandi lastre in architettura',
      fr: 'Les grandes dalles dans l’architecture',
      es: 'Las grandes placas en la arquitectura',
      de: 'Großformatige Platten in der Architektur',
      he: 'לוחות גדולים בארכיטקטורה',
      ar: 'الألواح الكبيرة في العمارة',
    },
    description: {
      en: 'Three architects on façades, kitchens and floors made of porcelain slabs up to three metres long.',
      it: 'Tre architetti su facciate, cucine e pavimenti in lastre di gres lunghe fino a tre metri.',
      fr: 'Trois architectes parlent de façades, cuisines et sols en dalles de grès jusqu’à trois mètres.',
      es: 'Tres arquitectos hablan de fachadas, cocinas y suelos con placas de gres de hasta tres metros.',
      de: 'Drei Architekten über Fassaden, Küchen und Böden aus Feinsteinzeugplatten bis drei Meter Länge.',
      he: 'שלושה אדריכלים על חזיתות, מטבחים ורצפות מלוחות פורצלן באורך של עד שלושה מטרים.',
      ar: 'ثلاثة معماريين يتحدثون عن الواجهات والمطابخ والأرضيات من ألواح البورسلين بطول يصل إلى ثلاثة أمتار.',
    },
  },
  {
    day: 1,
    at: '09:30',
    minutes: 90,
    type: 'tour',
    hall: '6',
    room: 'Press Centre',
    languages: ['en', 'it', 'fr'],
    capacity: 20,
    signupRequired: true,
    signups: 3,
    title: {
      en: 'Guided press tour of the halls',
      it: 'Visita guidata dei padiglioni per la stampa',
      fr: 'Visite guidée des halls pour la presse',
      es: 'Visita guiada de los pabellones para la prensa',
      de: 'Geführter Presserundgang durch die Hallen',
      he: 'סיור מודרך לעיתונאים בביתנים',
      ar: 'جولة صحفية مصحوبة بمرشد في القاعات',
    },
    description: {
      en: 'Meet at the Press Centre: an hour and a half through the novelties of halls 5 to 8.',
      it: 'Ritrovo al Centro stampa: un’ora e mezza tra le novità dei padiglioni dal 5 all’8.',
      fr: 'Rendez-vous au Centre de presse : une heure et demie parmi les nouveautés des halls 5 à 8.',
      es: 'Encuentro en el Centro de prensa: hora y media entre las novedades de los pabellones 5 a 8.',
      de: 'Treffpunkt im Pressezentrum: anderthalb Stunden durch die Neuheiten der Hallen 5 bis 8.',
      he: 'נפגשים במרכז העיתונות: שעה וחצי בין החידושים של ביתנים 5 עד 8.',
      ar: 'اللقاء في المركز الصحفي: ساعة ونصف بين مستجدات القاعات من 5 إلى 8.',
    },
  },
  {
    day: 1,
    at: '12:00',
    minutes: 45,
    type: 'exhibitor_event',
    company: 'Azulejos del Sol S.L.',
    hall: '6',
    stand: 'B03',
    languages: ['es', 'en'],
    capacity: 30,
    signupRequired: false,
    title: {
      en: 'Colour trends from Castellón',
      it: 'Le tendenze del colore da Castellón',
      fr: 'Les tendances couleur de Castellón',
      es: 'Tendencias de color desde Castellón',
      de: 'Farbtrends aus Castellón',
      he: 'מגמות צבע מקסטיון',
      ar: 'اتجاهات الألوان من كاستيون',
    },
    description: {
      en: 'The design team shows the glazes of the season, from ochre to deep blue.',
      it: 'Il team di design mostra gli smalti della stagione, dall’ocra al blu profondo.',
      fr: 'L’équipe design présente les émaux de la saison, de l’ocre au bleu profond.',
      es: 'El equipo de diseño muestra los esmaltes de la temporada, del ocre al azul profundo.',
      de: 'Das Designteam zeigt die Glasuren der Saison, von Ocker bis Tiefblau.',
      he: 'צוות העיצוב מציג את הזיגוגים של העונה, מאוקר ועד כחול עמוק.',
      ar: 'يعرض فريق التصميم طلاءات الموسم، من المغرة إلى الأزرق العميق.',
    },
  },
  {
    day: 1,
    at: '15:00',
    minutes: 45,
    type: 'press_conference',
    company: 'Keramik Nordwerk GmbH',
    hall: '6',
    stand: 'C20',
    languages: ['de', 'en'],
    capacity: 25,
    signupRequired: true,
    signups: 2,
    title: {
      en: 'Firing with hydrogen: Nordwerk’s new kiln',
      it: 'Cottura a idrogeno: il nuovo forno di Nordwerk',
      fr: 'Cuisson à l’hydrogène : le nouveau four de Nordwerk',
      es: 'Cocción con hidrógeno: el nuevo horno de Nordwerk',
      de: 'Brennen mit Wasserstoff: der neue Ofen von Nordwerk',
      he: 'שריפה במימן: הכבשן החדש של נורדוורק',
      ar: 'الحرق بالهيدروجين: فرن نوردفيرك الجديد',
    },
    description: {
      en: 'How the Mettlach plant cut its gas use by half, with figures and a visit by video.',
      it: 'Come lo stabilimento di Mettlach ha dimezzato il consumo di gas, con dati e una visita in video.',
      fr: 'Comment l’usine de Mettlach a réduit de moitié sa consommation de gaz, chiffres et vidéo à l’appui.',
      es: 'Cómo la planta de Mettlach redujo a la mitad su consumo de gas, con cifras y una visita en vídeo.',
      de: 'Wie das Werk Mettlach seinen Gasverbrauch halbiert hat, mit Zahlen und einem Videorundgang.',
      he: 'כיצד המפעל במטלך קיצץ בחצי את צריכת הגז, עם נתונים וסיור בווידאו.',
      ar: 'كيف خفّض مصنع ميتلاخ استهلاكه للغاز إلى النصف، بالأرقام وجولة بالفيديو.',
    },
  },
  {
    day: 1,
    at: '18:00',
    minutes: 90,
    type: 'award_ceremony',
    hall: 'Mall',
    room: 'Sala Concerto',
    languages: ['it', 'en'],
    capacity: 200,
    signupRequired: true,
    signups: 3,
    title: {
      en: 'Ceramic Design Awards',
      it: 'Premio Ceramic Design',
      fr: 'Prix Ceramic Design',
      es: 'Premios Ceramic Design',
      de: 'Ceramic Design Awards',
      he: 'פרסי Ceramic Design',
      ar: 'جوائز Ceramic Design',
    },
    description: {
      en: 'The jury announces the winners of the five categories; photographers have a reserved area.',
      it: 'La giuria annuncia i vincitori delle cinque categorie; i fotografi hanno un’area riservata.',
      fr: 'Le jury annonce les lauréats des cinq catégories ; les photographes ont un espace réservé.',
      es: 'El jurado anuncia los ganadores de las cinco categorías; los fotógrafos tienen un área reservada.',
      de: 'Die Jury gibt die Gewinner der fünf Kategorien bekannt; für Fotografen gibt es einen eigenen Bereich.',
      he: 'חבר השופטים מכריז על הזוכים בחמש הקטגוריות; לצלמים שמור אזור מיוחד.',
      ar: 'تعلن لجنة التحكيم الفائزين في الفئات الخمس؛ وللمصورين منطقة مخصصة.',
    },
  },
  {
    day: 2,
    at: '10:00',
    minutes: 60,
    type: 'talk',
    hall: '7',
    room: 'Sala Bianca',
    languages: ['it', 'en', 'es'],
    capacity: 60,
    signupRequired: false,
    title: {
      en: 'Tiles and water: the bathroom of tomorrow',
      it: 'Piastrelle e acqua: il bagno di domani',
      fr: 'Carreaux et eau : la salle de bains de demain',
      es: 'Azulejos y agua: el baño del mañana',
      de: 'Fliesen und Wasser: das Bad von morgen',
      he: 'אריחים ומים: חדר הרחצה של מחר',
      ar: 'البلاط والماء: حمّام المستقبل',
    },
    description: {
      en: 'Designers and a hydraulic engineer on saving water without giving up comfort.',
      it: 'Designer e un ingegnere idraulico su come risparmiare acqua senza rinunciare al comfort.',
      fr: 'Des designers et un ingénieur hydraulicien sur l’économie d’eau sans renoncer au confort.',
      es: 'Diseñadores y un ingeniero hidráulico sobre cómo ahorrar agua sin renunciar al confort.',
      de: 'Designer und ein Wasserbauingenieur über Wassersparen ohne Verzicht auf Komfort.',
      he: 'מעצבים ומהנדס הידראוליקה על חיסכון במים בלי לוותר על נוחות.',
      ar: 'مصممون ومهندس هيدروليكي يتحدثون عن توفير المياه دون التخلي عن الراحة.',
    },
  },
  {
    day: 2,
    at: '12:30',
    minutes: 45,
    type: 'exhibitor_event',
    company: 'Céramiques de Provence',
    hall: '7',
    stand: 'D08',
    languages: ['fr', 'en'],
    capacity: null,
    signupRequired: false,
    title: {
      en: 'Terracotta, reinvented',
      it: 'La terracotta reinventata',
      fr: 'La terre cuite réinventée',
      es: 'La terracota reinventada',
      de: 'Terrakotta neu erfunden',
      he: 'טרקוטה בהמצאה מחודשת',
      ar: 'التيراكوتا بحلّة جديدة',
    },
    description: {
      en: 'Hand-pressed tomettes for contemporary homes, tasted with a glass of rosé from Aubagne.',
      it: 'Tomette pressate a mano per le case contemporanee, con un bicchiere di rosé di Aubagne.',
      fr: 'Des tomettes pressées à la main pour la maison contemporaine, autour d’un verre de rosé d’Aubagne.',
      es: 'Baldosas prensadas a mano para la casa contemporánea, con una copa de rosado de Aubagne.',
      de: 'Handgepresste Tomettes für moderne Wohnungen, bei einem Glas Rosé aus Aubagne.',
      he: 'אריחי טומט בכבישה ידנית לבית העכשווי, לצד כוס רוזה מאובאן.',
      ar: 'بلاط مضغوط يدويًا للبيوت المعاصرة، مع كأس من نبيذ الروزيه من أوباني.',
    },
  },
  {
    day: 2,
    at: '14:30',
    minutes: 45,
    type: 'exhibitor_event',
    company: 'Gres Fiorano Industrie',
    hall: '8',
    stand: 'E02',
    languages: ['it'],
    capacity: 40,
    signupRequired: true,
    cancelled: 'The speaker cannot travel.',
    title: {
      en: 'Outdoor porcelain: twenty millimetres',
      it: 'Gres per esterni: venti millimetri',
      fr: 'Grès d’extérieur : vingt millimètres',
      es: 'Gres para exteriores: veinte milímetros',
      de: 'Feinsteinzeug für draußen: zwanzig Millimeter',
      he: 'פורצלן לחוץ: עשרים מילימטר',
      ar: 'بورسلين للخارج: عشرون ملّيمترًا',
    },
    description: {
      en: 'Thick porcelain for terraces and gardens.',
      it: 'Gres spesso per terrazze e giardini.',
      fr: 'Du grès épais pour terrasses et jardins.',
      es: 'Gres grueso para terrazas y jardines.',
      de: 'Dickes Feinsteinzeug für Terrassen und Gärten.',
      he: 'פורצלן עבה למרפסות ולגינות.',
      ar: 'بورسلين سميك للشرفات والحدائق.',
    },
  },
  {
    day: 2,
    at: '16:00',
    minutes: 45,
    type: 'press_conference',
    hall: 'Mall',
    room: 'Sala Concerto',
    languages: ['it', 'en'],
    capacity: null,
    signupRequired: false,
    title: {
      en: 'Closing press conference: the fair in figures',
      it: 'Conferenza stampa di chiusura: la fiera in cifre',
      fr: 'Conférence de presse de clôture : le salon en chiffres',
      es: 'Rueda de prensa de clausura: la feria en cifras',
      de: 'Abschlusspressekonferenz: die Messe in Zahlen',
      he: 'מסיבת עיתונאים לסיום: התערוכה במספרים',
      ar: 'المؤتمر الصحفي الختامي: المعرض بالأرقام',
    },
    description: {
      en: 'Visitors, exhibitors and countries of this edition, and the dates of the next one.',
      it: 'Visitatori, espositori e paesi di questa edizione, e le date della prossima.',
      fr: 'Visiteurs, exposants et pays de cette édition, et les dates de la prochaine.',
      es: 'Visitantes, expositores y países de esta edición, y las fechas de la próxima.',
      de: 'Besucher, Aussteller und Länder dieser Ausgabe und die Termine der nächsten.',
      he: 'מבקרים, מציגים ומדינות במהדורה זו, ומועדי המהדורה הבאה.',
      ar: 'الزوار والعارضون والدول في هذه الدورة، ومواعيد الدورة القادمة.',
    },
  },
];

const addMinutes = (time: Date, minutes: number) => new Date(time.getTime() + minutes * 60_000);

/**
 * The programme of one of the demo fair's editions, on its first three days, when it has none yet. On an
 * edition that has ended, the journalists placed were checked in at the door (all but the last of each event,
 * who did not come) and signed up the week before, so that attendance, no-shows and the figures show
 * something; on one still ahead they signed up just before the seeding. Skipped for a site that is not the
 * fair's, or without that edition.
 */
export async function seedDemoProgramme(
  app: FastifyInstance,
  site: Site,
  editionId: number | null,
  journalists: { userId: number; language: Language }[],
) {
  if (!/fair/i.test(site.name) || editionId === null) return { events: 0 };
  const edition = await repository.findEdition(app.db, editionId);
  if (!edition) return { events: 0 };
  const [any] = await app.db
    .select({ id: programmeEvents.id })
    .from(programmeEvents)
    .where(eq(programmeEvents.editionId, edition.id))
    .limit(1);
  if (any) return { events: 0 };
  const organisers = await repository.exhibitorsByCompanyName(app.db, edition.id);
  const firstDay = Date.parse(`${edition.startsOn}T00:00:00Z`);
  const now = app.clock.now();
  const over = edition.endsOn < now.toISOString().slice(0, 10);
  const fairStart = startOfDayInZone(edition.startsOn, edition.timeZone);
  // Decided and signed up for before the fair: a week before an edition that has ended, just now for one ahead.
  const before = over ? addMinutes(fairStart, -7 * 24 * 60) : now;
  let count = 0;
  for (const demo of demoEvents) {
    const day = new Date(firstDay + demo.day * 86_400_000).toISOString().slice(0, 10);
    if (day > edition.endsOn) continue;
    const [hours, minutes] = demo.at.split(':').map(Number);
    const startsAt = addMinutes(startOfDayInZone(day, edition.timeZone), hours * 60 + minutes);
    const exhibitorId = demo.company ? organisers.get(demo.company) : null;
    if (exhibitorId === undefined) continue;
    await app.db.transaction(async (tx) => {
      const signups = Math.min(demo.signups ?? 0, journalists.length);
      const placed = demo.capacity === null ? signups : Math.min(signups, demo.capacity);
      const [event] = await tx
        .insert(programmeEvents)
        .values({
          editionId: edition.id,
          exhibitorId,
          type: demo.type,
          status: demo.cancelled ? 'cancelled' : 'approved',
          title: demo.title,
          description: demo.description,
          startsAt,
          endsAt: addMinutes(startsAt, demo.minutes),
          hall: demo.hall,
          room: demo.room ?? '',
          stand: demo.stand ?? '',
          languages: demo.languages,
          capacity: demo.capacity,
          signupRequired: demo.signupRequired,
          signedUp: placed,
          sequence: demo.cancelled ? 1 : 0,
          cancelReason: demo.cancelled ?? '',
          decidedAt: before,
          createdAt: before,
          updatedAt: before,
        })
        .returning({ id: programmeEvents.id });
      if (signups > 0) {
        const cameToTheDoor = (index: number) => over && !demo.cancelled && index < placed - 1;
        await tx.insert(programmeSignups).values(
          journalists.slice(0, signups).map((journalist, index) => ({
            eventId: event.id,
            userId: journalist.userId,
            status: index < placed ? 'signed_up' : 'waiting',
            language: journalist.language,
            queuedAt: addMinutes(before, index - signups),
            checkedInAt: cameToTheDoor(index) ? addMinutes(startsAt, index - 10) : null,
            remindedAt: over && index < placed ? addMinutes(startsAt, -120) : null,
            createdAt: before,
            updatedAt: before,
          })),
        );
      }
    });
    count += 1;
  }
  return { events: count };
}
