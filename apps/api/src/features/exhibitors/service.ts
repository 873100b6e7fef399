import type { exhibitorCreateSchema, exhibitorUpdateSchema } from '@pressroom/contract';
import type { Database } from '@pressroom/db';
import type { z } from 'zod';
import { notFound, validationError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import {
  companyExists,
  deleteExhibitor,
  findEdition,
  findExhibitor,
  insertExhibitor,
  replaceStands,
  type StandRow,
  updateExhibitor,
} from './repository.ts';

// The exhibitors of an edition, kept by the association's staff (company.manage).

export interface ExhibitorsDeps {
  db: Database;
  clock: Clock;
}

type CreateInput = z.output<typeof exhibitorCreateSchema>;
type UpdateInput = z.output<typeof exhibitorUpdateSchema>;

const trimmed = (stands: StandRow[]) =>
  stands.map(({ hall, stand }) => ({ hall: hall.trim(), stand: stand.trim() }));

function alreadyExhibits(error: unknown): never {
  if (isUniqueViolation(error, 'exhibitors_edition_company_unique')) {
    throw validationError({ company: ['exhibitorExists'] });
  }
  throw error;
}

export async function createExhibitor(deps: ExhibitorsDeps, input: CreateInput) {
  const errors: Record<string, string[]> = {};
  if (!(await findEdition(deps.db, input.edition))) errors.edition = ['fieldInvalid'];
  if (!(await companyExists(deps.db, input.company))) errors.company = ['fieldInvalid'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  try {
    const id = await deps.db.transaction(async (tx) => {
      const exhibitor = await insertExhibitor(
        tx,
        { editionId: input.edition, companyId: input.company, category: input.category },
        deps.clock.now(),
      );
      await replaceStands(tx, exhibitor.id, trimmed(input.stands));
      return exhibitor.id;
    });
    return (await findExhibitor(deps.db, id))!;
  } catch (error) {
    alreadyExhibits(error);
  }
}

/** Writes only the fields the request names: stands, when named, replace every stand. */
export async function editExhibitor(deps: ExhibitorsDeps, id: number, input: UpdateInput) {
  await deps.db.transaction(async (tx) => {
    if (!(await findExhibitor(tx, id))) throw notFound();
    await updateExhibitor(
      tx,
      id,
      input.category !== undefined ? { category: input.category } : {},
      deps.clock.now(),
    );
    if (input.stands !== undefined) await replaceStands(tx, id, trimmed(input.stands));
  });
  return (await findExhibitor(deps.db, id))!;
}

export async function getExhibitor(deps: ExhibitorsDeps, id: number) {
  const exhibitor = await findExhibitor(deps.db, id);
  if (!exhibitor) throw notFound();
  return exhibitor;
}

export async function removeExhibitor(deps: ExhibitorsDeps, id: number) {
  if (!(await deleteExhibitor(deps.db, id))) throw notFound();
}

/** The edition a list names must exist: an unknown one is a 400, not an empty list. */
export async function checkEdition(deps: ExhibitorsDeps, id: number) {
  if (!(await findEdition(deps.db, id))) throw validationError({ edition: ['fieldInvalid'] });
}
