import { z } from 'zod';

// The building blocks of request fields that reach the database: ids and positions fit PostgreSQL's
// `integer`, text holds no NUL (PostgreSQL's `text` cannot store one), and update bodies never invent values.

/** The largest value of PostgreSQL's `integer`, the type of every id and position column. */
export const maxInteger = 2_147_483_647;

const invalid = { error: 'fieldInvalid' } as const;
const requiredNumber = {
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'fieldRequired' : 'fieldInvalid'),
};

/** An id in a JSON body. */
export const idSchema = z.number(requiredNumber).int(invalid).min(1, invalid).max(maxInteger, invalid);

/** An id where it arrives as text: a path, a query string, a multipart field. */
export const idParamSchema = z.coerce
  .number(requiredNumber)
  .int(invalid)
  .min(1, invalid)
  .max(maxInteger, invalid);

/** A place in an order (0 comes first), in a JSON body. */
export const positionSchema = z.number(invalid).int(invalid).min(0, invalid).max(maxInteger, invalid);

/** A place in an order where it arrives as text (a multipart field). */
export const positionParamSchema = z.coerce
  .number(invalid)
  .int(invalid)
  .min(0, invalid)
  .max(maxInteger, invalid);

/** Whether text can be stored: PostgreSQL refuses the NUL character in `text` and `jsonb`. */
export const storableText = (value: string) => !value.includes('\u0000');

/** A string that refuses NUL; chain `.trim()`, `.min()`, `.max()` as on `z.string()`. */
export const textSchema = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(storableText, { error: 'textNulCharacter' });

type WithoutDefault<Field extends z.ZodType> =
  Field extends z.ZodDefault<infer Inner extends z.ZodType>
    ? WithoutDefault<Inner>
    : Field extends z.ZodPrefault<infer Inner extends z.ZodType>
      ? WithoutDefault<Inner>
      : Field extends z.ZodOptional<infer Inner extends z.ZodType>
        ? WithoutDefault<Inner>
        : Field;

function withoutDefault(field: z.ZodType): z.ZodType {
  if (field instanceof z.ZodDefault || field instanceof z.ZodPrefault || field instanceof z.ZodOptional) {
    return withoutDefault(field.unwrap() as z.ZodType);
  }
  return field;
}

/**
 * The body of a PATCH, from the fields of a create body: every field optional and every default gone, so a
 * field the caller leaves out stays out of the parsed body and is never written (`.partial()` keeps defaults,
 * which turned a PATCH of one field into a reset of the others).
 */
export function updateSchemaOf<Shape extends Record<string, z.ZodType>>(create: z.ZodObject<Shape>) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(create.shape) as [string, z.ZodType][]) {
    shape[name] = withoutDefault(field).optional();
  }
  return z.object(shape) as unknown as z.ZodObject<{
    [Name in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[Name]>>;
  }>;
}
