import { z } from 'zod';
import { languages } from './enums.ts';
import { localizedTextSchema, requiredLocalizedTextSchema } from './gallery.ts';
import { idParamSchema, idSchema, textSchema, updateSchemaOf } from './input-fields.ts';

// The fair's press programme (PRODUCT.md section 12): events of an edition, proposed by exhibitors and approved
// by the press office, sign-up with a capacity and a waiting list, check-in at the door, calendars.

export const programmeEventTypes = [
  'press_conference',
  'exhibitor_event',
  'talk',
  'tour',
  'award_ceremony',
  'other',
] as const;
export type ProgrammeEventType = (typeof programmeEventTypes)[number];

/** `proposed` waits for the press office; only `approved` and `cancelled` events are public. */
export const programmeEventStatuses = ['proposed', 'approved', 'declined', 'cancelled'] as const;
export type ProgrammeEventStatus = (typeof programmeEventStatuses)[number];

/** A sign-up holds a place, waits for one (in order), or was cancelled. */
const programmeSignupStatuses = ['signed_up', 'waiting', 'cancelled'] as const;

/** Who organises: the fair itself, or one of its exhibitors. */
export const programmeOrganiserKinds = ['fair', 'exhibitor'] as const;
export type ProgrammeOrganiserKind = (typeof programmeOrganiserKinds)[number];

export const programmeLimits = {
  title: 200,
  description: 5000,
  hall: 40,
  room: 80,
  stand: 40,
  reason: 500,
  /** The largest capacity an event may have. */
  capacity: 10_000,
  /** Linked releases and galleries, each. */
  links: 20,
  /** An event lasts at most this many hours. */
  hours: 24,
  /** The badge code typed or scanned at the door (a UUID, or the QR's signed token). */
  badge: 400,
} as const;

/** The default lead of a reminder before an event, in minutes (PROGRAMME_REMINDER_MINUTES). */
export const programmeReminderDefaultMinutes = 120;

/** An IANA time zone the runtime knows (e.g. Europe/Rome). */
export const timeZoneSchema = textSchema({ error: 'fieldRequired' })
  .trim()
  .min(1, { error: 'fieldRequired' })
  .max(64, { error: 'tooLong' })
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'timeZoneInvalid' },
  );

const instantSchema = z.iso.datetime({ offset: true, error: 'fieldInvalid' });
const optionalText = (max: number) => textSchema().trim().max(max, { error: 'tooLong' });
const idList = z
  .array(idSchema, { error: 'fieldInvalid' })
  .max(programmeLimits.links, { error: 'tooMany' })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'fieldInvalid' });

/** What the press office and a proposing exhibitor both describe. */
const eventFields = {
  type: z.enum(programmeEventTypes, { error: 'fieldRequired' }),
  title: requiredLocalizedTextSchema(programmeLimits.title),
  description: localizedTextSchema(programmeLimits.description).default({}),
  starts_at: instantSchema,
  ends_at: instantSchema,
  hall: textSchema({ error: 'fieldRequired' })
    .trim()
    .min(1, { error: 'fieldRequired' })
    .max(programmeLimits.hall, { error: 'tooLong' }),
  room: optionalText(programmeLimits.room).default(''),
  stand: optionalText(programmeLimits.stand).default(''),
  /** The languages spoken at the event. */
  languages: z
    .array(z.enum(languages, { error: 'fieldInvalid' }))
    .min(1, { error: 'programmeLanguagesRequired' })
    .max(languages.length, { error: 'fieldInvalid' }),
  /** Null: no limit. */
  capacity: z
    .number({ error: 'fieldInvalid' })
    .int({ error: 'fieldInvalid' })
    .min(1, { error: 'fieldInvalid' })
    .max(programmeLimits.capacity, { error: 'fieldInvalid' })
    .nullable()
    .default(null),
  signup_required: z.boolean({ error: 'fieldInvalid' }).default(false),
  releases: idList.default([]),
  galleries: idList.default([]),
  /**
   * Of the linked releases and galleries, those released at the event's start: held from the public until then
   * (a release is under embargo, which the press reads as any embargo; a gallery is shown to nobody). Named
   * without the links, they apply to the links the event has; the links named without them keep their marks.
   */
  releases_at_start: idList.default([]),
  galleries_at_start: idList.default([]),
};

/** Marks only what is linked (when both are named: a PATCH naming one is checked against the stored links). */
const marksLinked = (value: {
  releases?: number[];
  galleries?: number[];
  releases_at_start?: number[];
  galleries_at_start?: number[];
}) =>
  (!value.releases ||
    !value.releases_at_start ||
    value.releases_at_start.every((id) => value.releases?.includes(id))) &&
  (!value.galleries ||
    !value.galleries_at_start ||
    value.galleries_at_start.every((id) => value.galleries?.includes(id)));
const marked = { error: 'programmeAtStartNotLinked', path: ['releases_at_start'] };

const timesInOrder = (value: { starts_at?: string; ends_at?: string }) =>
  !value.starts_at || !value.ends_at || Date.parse(value.starts_at) < Date.parse(value.ends_at);
const notTooLong = (value: { starts_at?: string; ends_at?: string }) =>
  !value.starts_at ||
  !value.ends_at ||
  Date.parse(value.ends_at) - Date.parse(value.starts_at) <= programmeLimits.hours * 3_600_000;
const ordered = { error: 'programmeTimesOrder', path: ['ends_at'] };
const bounded = { error: 'programmeTooLong', path: ['ends_at'] };

/** The press office's new event: approved as it is created. `exhibitor` null: the fair organises. */
export const programmeEventCreateSchema = z
  .object({ edition: idSchema, exhibitor: idSchema.nullable().default(null), ...eventFields })
  .refine(timesInOrder, ordered)
  .refine(notTooLong, bounded)
  .refine(marksLinked, marked);
export type ProgrammeEventCreateInput = z.input<typeof programmeEventCreateSchema>;

/** A company's administrator proposes an event of their exhibitor; it waits for the press office. */
export const programmeEventProposeSchema = z
  .object({ exhibitor: idSchema, ...eventFields })
  .refine(timesInOrder, ordered)
  .refine(notTooLong, bounded)
  .refine(marksLinked, marked);
export type ProgrammeEventProposeInput = z.input<typeof programmeEventProposeSchema>;

/**
 * A PATCH writes only the fields it names (no default of the create body). A change of time or place, once
 * approved, is mailed to everyone signed up or waiting and raises the calendars' SEQUENCE.
 */
export const programmeEventUpdateSchema = updateSchemaOf(
  z.object({ exhibitor: idSchema.nullable(), ...eventFields }),
)
  .refine(timesInOrder, ordered)
  .refine(notTooLong, bounded)
  .refine(marksLinked, marked);
export type ProgrammeEventUpdateInput = z.input<typeof programmeEventUpdateSchema>;

export const programmeDeclineSchema = z.object({
  reason: textSchema({ error: 'fieldRequired' })
    .trim()
    .min(1, { error: 'fieldRequired' })
    .max(programmeLimits.reason, { error: 'tooLong' }),
});
export type ProgrammeDeclineInput = z.input<typeof programmeDeclineSchema>;

export const programmeCancelSchema = z.object({
  reason: optionalText(programmeLimits.reason).default(''),
});
export type ProgrammeCancelInput = z.input<typeof programmeCancelSchema>;

export const programmeIdParamsSchema = z.object({ id: idParamSchema });

/** The programme's filters: a day of the fair (in its time zone), a type, a hall, the organiser, a language. */
export const programmeListQuerySchema = z.object({
  /** Default: the site's current (or next) edition. */
  edition: idParamSchema.optional(),
  day: z.iso.date({ error: 'fieldInvalid' }).optional(),
  type: z.enum(programmeEventTypes, { error: 'fieldInvalid' }).optional(),
  hall: textSchema().trim().max(programmeLimits.hall, { error: 'tooLong' }).optional(),
  organiser: z.enum(programmeOrganiserKinds, { error: 'fieldInvalid' }).optional(),
  /** One exhibitor's events. */
  exhibitor: idParamSchema.optional(),
  /** Events where this language is spoken. */
  language: z.enum(languages, { error: 'fieldInvalid' }).optional(),
});
export type ProgrammeListQuery = z.input<typeof programmeListQuerySchema>;
/** The list's filters as the server reads them (ids parsed). */
export type ProgrammeListFilter = z.output<typeof programmeListQuerySchema>;

/** The back office's list adds the status (proposals waiting, declined ones). */
export const programmeAdminListQuerySchema = programmeListQuerySchema.extend({
  status: z.enum(programmeEventStatuses, { error: 'fieldInvalid' }).optional(),
});

/** The site's feed: one language's titles and descriptions. */
export const programmeFeedQuerySchema = z.object({
  edition: idParamSchema.optional(),
  language: z.enum(languages, { error: 'fieldInvalid' }).optional(),
});

/** At the door: the badge code (typed or scanned) or a ticked name. */
/**
 * A check-in outside the event's days (at the fair's time) is refused (409, code `not_event_day`) unless the
 * door confirms it: `outside_day_confirmed`.
 */
const outsideDayConfirmed = z.boolean({ error: 'fieldInvalid' }).optional();

export const programmeCheckInSchema = z.union(
  [
    z.object({
      badge: textSchema({ error: 'fieldRequired' })
        .trim()
        .min(1, { error: 'fieldRequired' })
        .max(programmeLimits.badge, { error: 'tooLong' }),
      outside_day_confirmed: outsideDayConfirmed,
    }),
    z.object({ user: idSchema, outside_day_confirmed: outsideDayConfirmed }),
  ],
  { error: 'programmeCheckInTarget' },
);
export type ProgrammeCheckInInput = z.input<typeof programmeCheckInSchema>;

export const programmeFiguresQuerySchema = z.object({
  edition: idParamSchema.optional(),
  exhibitor: idParamSchema.optional(),
});

// ----------------------------------------------------------------------------------------------- responses

const localizedText = z.record(z.string(), z.string());

const programmePlaceSchema = z.object({ hall: z.string(), room: z.string(), stand: z.string() });

const programmeMySignupSchema = z.object({
  status: z.enum(programmeSignupStatuses),
  /** The place on the waiting list (1 first), null when holding a place. */
  position: z.number().int().nullable(),
});

export const programmeEventSchema = z.object({
  id: z.number().int(),
  edition: z.object({ id: z.number().int(), name: z.string(), time_zone: z.string() }),
  type: z.enum(programmeEventTypes),
  status: z.enum(programmeEventStatuses),
  title: localizedText,
  description: localizedText,
  /** UTC instants; shown in `edition.time_zone` whatever the reader's. */
  starts_at: z.string(),
  ends_at: z.string(),
  place: programmePlaceSchema,
  organiser: z.object({
    kind: z.enum(programmeOrganiserKinds),
    exhibitor: z.object({ id: z.number().int(), company: z.number().int(), name: z.string() }).nullable(),
  }),
  languages: z.array(z.enum(languages)),
  capacity: z.number().int().nullable(),
  signup_required: z.boolean(),
  /** `at_start`: held until the event starts (see releases_at_start). */
  releases: z.array(z.object({ id: z.number().int(), title: z.string(), at_start: z.boolean() })),
  galleries: z.array(z.object({ id: z.number().int(), title: localizedText, at_start: z.boolean() })),
  /** Places taken and people waiting; `places_left` null without a capacity. */
  signed_up: z.number().int(),
  waiting: z.number().int(),
  places_left: z.number().int().nullable(),
  /** The signed-in reader's sign-up, if any. */
  my_signup: programmeMySignupSchema.nullable(),
  /** The calendar revision (RFC 5545 SEQUENCE), raised on each change of time, place or status. */
  sequence: z.number().int(),
  decline_reason: z.string(),
  cancel_reason: z.string(),
  /** The event's .ics file. */
  calendar_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProgrammeEvent = z.infer<typeof programmeEventSchema>;

export const programmeEventListSchema = z.object({
  edition: z
    .object({
      id: z.number().int(),
      name: z.string(),
      starts_on: z.string(),
      ends_on: z.string(),
      time_zone: z.string(),
    })
    .nullable(),
  data: z.array(programmeEventSchema),
});
export type ProgrammeEventList = z.infer<typeof programmeEventListSchema>;

/** Something else of the journalist's at an overlapping time. */
const programmeClashSchema = z.object({
  kind: z.enum(['event', 'interview']),
  id: z.number().int(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type ProgrammeClash = z.infer<typeof programmeClashSchema>;

/** What clashes with an event, before signing up: the events named in the reader's language. */
export const programmeClashListSchema = z.object({ data: z.array(programmeClashSchema) });
export type ProgrammeClashList = z.infer<typeof programmeClashListSchema>;

/** The answer to a sign-up (or its cancellation). */
export const programmeSignupSchema = z.object({
  event: z.number().int(),
  status: z.enum(programmeSignupStatuses),
  position: z.number().int().nullable(),
  clashes: z.array(programmeClashSchema),
});
export type ProgrammeSignup = z.infer<typeof programmeSignupSchema>;

/** The journalist's own events ("My fair"), each with what clashes with it. */
export const myProgrammeSchema = z.object({
  data: z.array(
    z.object({
      event: programmeEventSchema,
      signup: programmeMySignupSchema,
      clashes: z.array(programmeClashSchema),
    }),
  ),
});
export type MyProgramme = z.infer<typeof myProgrammeSchema>;

const programmeAttendeeSchema = z.object({
  user: z.number().int(),
  name: z.string(),
  outlet: z.string(),
  email: z.string(),
  status: z.enum(programmeSignupStatuses),
  position: z.number().int().nullable(),
  checked_in_at: z.string().nullable(),
});
export type ProgrammeAttendee = z.infer<typeof programmeAttendeeSchema>;

export const programmeAttendanceSchema = z.object({
  event: z.object({ id: z.number().int(), title: localizedText, starts_at: z.string(), ends_at: z.string() }),
  attendees: z.array(programmeAttendeeSchema),
  signed_up: z.number().int(),
  waiting: z.number().int(),
  attended: z.number().int(),
  /** Signed up and not checked in (counted once the event has ended). */
  no_shows: z.number().int(),
});
export type ProgrammeAttendance = z.infer<typeof programmeAttendanceSchema>;

/** The door's answer, at once: is the badge valid, is its holder signed up. */
export const programmeCheckInResultSchema = z.object({
  badge_valid: z.boolean(),
  signed_up: z.boolean(),
  /** Checked in before this answer (the second scan of a badge). */
  already_checked_in: z.boolean(),
  attendee: programmeAttendeeSchema.nullable(),
});
export type ProgrammeCheckInResult = z.infer<typeof programmeCheckInResultSchema>;

/** Numbers per event, never names (the dashboard, the exhibitor's report). */
export const programmeFiguresSchema = z.object({
  data: z.array(
    z.object({
      event: z.number().int(),
      title: localizedText,
      starts_at: z.string(),
      capacity: z.number().int().nullable(),
      signed_up: z.number().int(),
      waiting: z.number().int(),
      attended: z.number().int(),
      no_shows: z.number().int(),
    }),
  ),
});
export type ProgrammeFigures = z.infer<typeof programmeFiguresSchema>;

/**
 * The personal feed's secret address. Only its hash is stored: the address is shown once, in the answer that
 * creates or rotates it (null in a later GET); `feed` is null when revoked or never made.
 */
export const programmeFeedTokenSchema = z.object({
  feed: z
    .object({
      /** webcal:// for calendar apps, https:// for the rest. */
      webcal_url: z.string().nullable(),
      url: z.string().nullable(),
      created_at: z.string(),
    })
    .nullable(),
});
export type ProgrammeFeedToken = z.infer<typeof programmeFeedTokenSchema>;
