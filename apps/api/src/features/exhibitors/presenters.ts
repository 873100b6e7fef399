import type {
  Exhibitor,
  ExhibitorCategory,
  PressBoxChange,
  PressBoxChangeKind,
  PressBoxContact,
} from '@pressroom/contract';
import type { ExhibitorWithCompany, PressBoxChangeRow, PressBoxContactRow } from './repository.ts';

/** Addresses name the file's version, so they can be cached for good and change with a new file. */
export const logoUrl = (companyId: number, version: number) =>
  `/api/site/press_boxes/${companyId}/logo/${version}/`;
const contactPhotoUrl = (id: number, version: number) =>
  `/api/site/press_box_contacts/${id}/photo/${version}/`;
const changeFileUrl = (companyId: number, changeId: number) =>
  `/api/back_office/press_boxes/${companyId}/changes/${changeId}/file/`;

export function presentExhibitor(row: ExhibitorWithCompany): Exhibitor {
  return {
    id: row.id,
    edition: row.editionId,
    company: { id: row.companyId, name: row.companyName, country: row.companyCountry },
    category: row.category as ExhibitorCategory | null,
    stands: row.stands,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentContact(row: PressBoxContactRow): PressBoxContact {
  return {
    id: row.id,
    company: row.companyId,
    name: row.name,
    role: row.roles,
    email: row.email,
    phone: row.phone,
    languages: row.languages,
    position: row.position,
    photo_url: row.photoPath ? contactPhotoUrl(row.id, row.photoVersion) : null,
  };
}

export function presentChange(row: PressBoxChangeRow): PressBoxChange {
  return {
    id: row.id,
    kind: row.kind as PressBoxChangeKind,
    contact: row.contactId,
    payload: row.payload,
    file_url: row.filePath ? changeFileUrl(row.companyId, row.id) : null,
    status: row.status as PressBoxChange['status'],
    proposed_by:
      row.proposedBy !== null && row.proposerEmail !== null
        ? { id: row.proposedBy, email: row.proposerEmail }
        : null,
    proposed_at: row.proposedAt.toISOString(),
  };
}
