import { z } from 'zod';
import { requiredLocalizedTextSchema } from './gallery.ts';
import { idParamSchema, idSchema, textSchema, updateSchemaOf } from './input-fields.ts';

// The fair's journalism award (PRODUCT.md section 12): journalists enter their approved coverage in a category
// before the deadline, jurors score each entry of their categories, the press office reads the ranking and
// marks the winners.

export const awardLimits = {
  name: 150,
  categories: 12,
  statement: 1000,
  comment: 1000,
  entriesPerCategory: 5,
  jurors: 50,
} as const;

const instantSchema = z.iso.datetime({ offset: true, error: 'fieldInvalid' });
const daySchema = z.iso.date({ error: 'fieldInvalid' });

const awardFields = {
  edition: idSchema,
  name: requiredLocalizedTextSchema(awardLimits.name),
  /** Coverage published on these days (inclusive) qualifies. */
  window_starts_on: daySchema,
  window_ends_on: daySchema,
  /** An instant: the form takes it as a time at the fair, in the edition's zone. */
  entry_deadline: instantSchema,
  /** How many of their pieces a journalist may enter in one category. */
  entries_per_category: z
    .number({ error: 'fieldInvalid' })
    .int({ error: 'fieldInvalid' })
    .min(1, { error: 'fieldInvalid' })
    .max(awardLimits.entriesPerCategory, { error: 'fieldInvalid' })
    .default(1),
};

const windowInOrder = (value: { window_starts_on?: string; window_ends_on?: string }) =>
  !value.window_starts_on || !value.window_ends_on || value.window_starts_on <= value.window_ends_on;
const ordered = { error: 'awardWindowOrder', path: ['window_ends_on'] };

export const awardCategoryInputSchema = z.object({ name: requiredLocalizedTextSchema(awardLimits.name) });
export type AwardCategoryInput = z.input<typeof awardCategoryInputSchema>;

export const awardCreateSchema = z
  .object({
    ...awardFields,
    categories: z
      .array(awardCategoryInputSchema, { error: 'fieldInvalid' })
      .min(1, { error: 'awardCategoriesRequired' })
      .max(awardLimits.categories, { error: 'tooMany' }),
  })
  .refine(windowInOrder, ordered);
export type AwardCreateInput = z.input<typeof awardCreateSchema>;
export type AwardCreate = z.output<typeof awardCreateSchema>;

/** A PATCH of the award: only the fields named; `judging_closed` true closes judging (false opens it again). */
export const awardUpdateSchema = updateSchemaOf(z.object({ ...awardFields }))
  .omit({ edition: true })
  .extend({
    judging_closed: z.boolean({ error: 'fieldInvalid' }).optional(),
    /** The site's release that announces the winners (once some are marked); null takes the announcement back. */
    announcement_release: idSchema.nullable().optional(),
  })
  .refine(windowInOrder, ordered);
export type AwardUpdateInput = z.input<typeof awardUpdateSchema>;
export type AwardUpdate = z.output<typeof awardUpdateSchema>;

export const awardJurorsSchema = z.object({
  users: z
    .array(idSchema, { error: 'fieldInvalid' })
    .max(awardLimits.jurors, { error: 'tooMany' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'fieldInvalid' }),
});

export const awardEntryCreateSchema = z.object({
  category: idSchema,
  coverage: idSchema,
  statement: textSchema().trim().max(awardLimits.statement, { error: 'tooLong' }).default(''),
});
export type AwardEntryCreateInput = z.input<typeof awardEntryCreateSchema>;
export type AwardEntryCreate = z.output<typeof awardEntryCreateSchema>;

export const awardScoreSchema = z.object({
  score: z
    .number({ error: 'awardScoreRange' })
    .int({ error: 'awardScoreRange' })
    .min(1, { error: 'awardScoreRange' })
    .max(10, { error: 'awardScoreRange' }),
  comment: textSchema().trim().max(awardLimits.comment, { error: 'tooLong' }).default(''),
});
export type AwardScoreInput = z.input<typeof awardScoreSchema>;

export const awardWinnerSchema = z.object({ winner: z.boolean({ error: 'fieldInvalid' }) });

export const awardIdParamsSchema = z.object({ id: idParamSchema });

const localizedText = z.record(z.string(), z.string());

const awardCategorySchema = z.object({
  id: z.number().int(),
  name: localizedText,
  /** The jurors' user ids (the press office's view only; empty for others). */
  jurors: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const awardSchema = z.object({
  id: z.number().int(),
  edition: z.object({ id: z.number().int(), name: z.string(), time_zone: z.string() }),
  name: localizedText,
  window_starts_on: z.string(),
  window_ends_on: z.string(),
  entry_deadline: z.string(),
  entries_per_category: z.number().int(),
  /** Entries are taken until the deadline. */
  open: z.boolean(),
  judging_closed: z.boolean(),
  categories: z.array(awardCategorySchema),
  /** The release announcing the winners. */
  announcement_release: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type Award = z.infer<typeof awardSchema>;
/** Users holding the jury permission, whom the press office may put on a category's jury. */
export const awardJurorCandidatesSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
});
export type AwardJurorCandidates = z.infer<typeof awardJurorCandidatesSchema>;

export const awardListSchema = z.object({ items: z.array(awardSchema) });
export type AwardList = z.infer<typeof awardListSchema>;

/** The journalist's own entry, with the piece it enters. */
export const awardEntrySchema = z.object({
  id: z.number().int(),
  category: z.number().int(),
  statement: z.string(),
  winner: z.boolean(),
  created_at: z.string(),
  coverage: z.object({
    id: z.number().int(),
    url: z.string(),
    title: z.string(),
    outlet: z.string(),
    published_on: z.string(),
  }),
});
export type AwardEntry = z.infer<typeof awardEntrySchema>;

/** The award open on the site for a journalist: its categories, their own entries, the pieces they may enter. */
export const myAwardSchema = z.object({
  award: awardSchema.nullable(),
  entries: z.array(awardEntrySchema),
  /** Their approved pieces published within the window. */
  eligible: z.array(awardEntrySchema.shape.coverage),
});
export type MyAward = z.infer<typeof myAwardSchema>;

/** An entry as a juror scores it: the piece, the statement and the juror's own score (null before). */
const juryEntrySchema = awardEntrySchema.extend({
  journalist: z.string(),
  score: z.number().int().nullable(),
  comment: z.string(),
});
export const juryListSchema = z.object({
  award: awardSchema,
  entries: z.array(juryEntrySchema),
});
export type JuryList = z.infer<typeof juryListSchema>;

/** A category's ranking: entries by mean score, then by number of scores; spread is max minus min. */
export const awardRankingSchema = z.object({
  award: awardSchema,
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: localizedText,
      entries: z.array(
        awardEntrySchema.extend({
          journalist: z.string(),
          rank: z.number().int(),
          mean: z.number().nullable(),
          scores: z.number().int(),
          spread: z.number().int().nullable(),
        }),
      ),
    }),
  ),
});
export type AwardRanking = z.infer<typeof awardRankingSchema>;

/**
 * The winners a release announces, as anyone reads them: the category (in the reader's language), the piece's
 * title, address and outlet, and the journalist's name only with their consent.
 */
const releaseWinnerSchema = z.object({
  category: z.string(),
  title: z.string(),
  url: z.string(),
  outlet: z.string(),
  journalist: z.string().nullable(),
});
export type ReleaseWinner = z.infer<typeof releaseWinnerSchema>;
export const releaseWinnersSchema = z.object({ data: z.array(releaseWinnerSchema) });
export type ReleaseWinners = z.infer<typeof releaseWinnersSchema>;
