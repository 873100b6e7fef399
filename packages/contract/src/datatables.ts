import { z } from 'zod';

/** The answer of a list call with `format=datatables` (django-rest-framework-datatables shape). */
export const dataTablesResponse = <Row extends z.ZodType>(row: Row) =>
  z.object({
    draw: z.number().int(),
    recordsTotal: z.number().int(),
    recordsFiltered: z.number().int(),
    data: z.array(row),
  });

/** The answer of a list call without `format=datatables` (Django REST pagination shape). */
export const pageResponse = <Row extends z.ZodType>(row: Row) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(row),
  });

export type DataTablesPage<Row> = {
  draw: number;
  recordsTotal: number;
  recordsFiltered: number;
  data: Row[];
};
export type Page<Row> = { count: number; next: string | null; previous: string | null; results: Row[] };
