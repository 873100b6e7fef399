import { z } from 'zod';
import { type CompanyField, companyFieldNames } from './companies.ts';
import { idSchema, textSchema } from './input-fields.ts';

// Imports of companies from MS Access (.mdb, .accdb) and CSV files (PRODUCT.md section 7).

export const importFormats = ['csv', 'access'] as const;
export type ImportFormat = (typeof importFormats)[number];

/** uploaded -> checking -> checked -> importing -> done; a failed run goes back to nothing changed. */
export const importStatuses = ['uploaded', 'checking', 'checked', 'importing', 'done', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

const importPhases = ['dry_run', 'import'] as const;
export type ImportPhase = (typeof importPhases)[number];

/**
 * What happened to one source row. created and updated change the database; the others are skipped, each
 * with its reason: nothing differs, invalid values, the same company as an earlier row, an empty row.
 */
export const importOutcomes = ['created', 'updated', 'unchanged', 'invalid', 'duplicate', 'empty'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

const importSummarySchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  unchanged: z.number().int(),
  invalid: z.number().int(),
  duplicate: z.number().int(),
  empty: z.number().int(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

const importProgressSchema = z.object({
  phase: z.enum(importPhases),
  processed: z.number().int(),
  /** Rows in the source when known (Access tables, or a CSV after its dry run); null while still counting. */
  total: z.number().int().nullable(),
  /** 0-100, from rows when the total is known, else from the bytes read. */
  percent: z.number(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

/**
 * What a file fills: companies, the exhibitors of one edition (their companies must exist), or the site's
 * coverage (a clipping service's export, reported by the press office).
 */
export const importTargets = ['companies', 'exhibitors', 'coverage'] as const;
export type ImportTarget = (typeof importTargets)[number];

/**
 * The fields of an exhibitors import: the company is found by VAT number or name (and city, as the company
 * import recognises it); hall and stand give one stand per row (a cell may list several stands, separated by
 * commas or semicolons); the category is one of the sectors.
 */
export const exhibitorImportFields = ['business_name', 'vat', 'city', 'hall', 'stand', 'category'] as const;
export type ExhibitorImportField = (typeof exhibitorImportFields)[number];

/**
 * The fields of a coverage import, the columns of a clipping service's export: the piece's address, title,
 * outlet, publication date, language, country and media type are needed; the reach may be left out.
 */
const coverageImportFields = [
  'url',
  'title',
  'outlet',
  'published_on',
  'language',
  'country',
  'media_type',
  'reach',
] as const;
export type CoverageImportField = (typeof coverageImportFields)[number];
export const coverageImportRequiredFields = coverageImportFields.filter((field) => field !== 'reach');

export type ImportField = CompanyField | ExhibitorImportField | CoverageImportField;

/** The fields each target's columns may be mapped to. */
export const importTargetFields: Record<ImportTarget, readonly ImportField[]> = {
  companies: companyFieldNames,
  exhibitors: exhibitorImportFields,
  coverage: coverageImportFields,
};

/** Every field a column may be mapped to, whatever the target. */
const importFieldNames = [
  ...new Set<ImportField>([...companyFieldNames, ...exhibitorImportFields, ...coverageImportFields]),
] as [ImportField, ...ImportField[]];

/** Source column per field; fields left out are not imported. */
const importMappingSchema = z.partialRecord(z.enum(importFieldNames), textSchema().min(1).max(200));
export type ImportMapping = Partial<Record<CompanyField, string>>;
export type ExhibitorImportMapping = Partial<Record<ExhibitorImportField, string>>;
export type CoverageImportMapping = Partial<Record<CoverageImportField, string>>;

export const importSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  format: z.enum(importFormats),
  size: z.number().int(),
  target: z.enum(importTargets),
  /** The edition an exhibitors import fills. */
  edition: z.number().int().nullable(),
  status: z.enum(importStatuses),
  tables: z.array(z.string()),
  table: z.string().nullable(),
  mapping: importMappingSchema.nullable(),
  created_at: z.string(),
  created_by: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  finished_at: z.string().nullable(),
  progress: importProgressSchema.nullable(),
  dry_run: importSummarySchema.nullable(),
  report: importSummarySchema.nullable(),
  error: z.string().nullable(),
});
export type CompanyImport = z.infer<typeof importSchema>;

export const importListRowSchema = importSchema.pick({
  id: true,
  file_name: true,
  format: true,
  size: true,
  status: true,
  target: true,
  table: true,
  created_at: true,
  created_by: true,
  finished_at: true,
  report: true,
});

export const importColumnsQuery = z.object({
  table: textSchema().max(200).optional(),
  /**
   * The import's target, fixed when its file was uploaded: the fields suggested are its (a company's, an
   * exhibitor's or a piece of coverage's). Naming another is refused (400, `target`).
   */
  target: z.enum(importTargets, { error: 'fieldInvalid' }).optional(),
});

const importColumnSchema = z.object({
  name: z.string(),
  /** The Access column type, or "text" for CSV. */
  type: z.string(),
  suggestion: z.enum(importFieldNames).nullable(),
  samples: z.array(z.string()),
});

export const importColumnsResponse = z.object({
  table: z.string().nullable(),
  columns: z.array(importColumnSchema),
  rows: z.number().int().nullable(),
  suggested_mapping: importMappingSchema,
});
export type ImportColumns = z.infer<typeof importColumnsResponse>;

export const importRunRequest = z.object({
  table: textSchema().max(200).optional(),
  /**
   * The import's target, fixed when its file was uploaded: it may be repeated (or left out), never changed; a
   * different one is refused (400, `target`).
   */
  target: z.enum(importTargets, { error: 'fieldInvalid' }).optional(),
  /** Required for the exhibitors target; for coverage, the edition its pieces cover (of the site), if any. */
  edition: idSchema.optional(),
  mapping: importMappingSchema,
});
export type ImportRunRequest = z.input<typeof importRunRequest>;

export const importRowsQuery = z.object({
  phase: z.enum(importPhases).default('import'),
  outcome: z.enum(importOutcomes).optional(),
});

export const importRowSchema = z.object({
  row: z.number().int(),
  outcome: z.enum(importOutcomes),
  /** Translated reason ("New company", "Matched by VAT", "Same company as row 4" ...). */
  reason: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  company_id: z.number().int().nullable(),
  business_name: z.string(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** An event of the progress stream (text/event-stream) of a dry run or an import. */
const importEventSchema = z.object({
  status: z.enum(importStatuses),
  progress: importProgressSchema.nullable(),
  summary: importSummarySchema.nullable(),
  error: z.string().nullable(),
});
export type ImportEvent = z.infer<typeof importEventSchema>;
