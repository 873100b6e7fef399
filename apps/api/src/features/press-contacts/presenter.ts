import type { PressContact, SiteBoilerplate } from '@pressroom/contract';
import type { BoilerplateRow, PressContactRow } from './repository.ts';

/** The photo's address names its version, so it can be cached for good and changes with a new photo. */
const photoUrl = (id: number, version: number) => `/api/site/press_contacts/${id}/photo/${version}/`;

export function presentContact(row: PressContactRow): PressContact {
  return {
    id: row.id,
    site: row.pressGroupId,
    name: row.name,
    role: row.roles,
    email: row.email,
    phone: row.phone,
    languages: row.languages,
    position: row.position,
    photo_url: row.hasPhoto ? photoUrl(row.id, row.photoVersion) : null,
  };
}

export function presentBoilerplate(row: BoilerplateRow): SiteBoilerplate {
  return {
    site: row.pressGroupId,
    language: row.language,
    text: row.text,
    updated_at: row.updatedAt.toISOString(),
  };
}
