import {
  apiPaths,
  type PressContact,
  type PressContactFields,
  type SiteBoilerplate,
} from '@pressroom/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../lib/api-client.ts';
import { sendMultipart } from '../../lib/multipart-upload.ts';

export const pressContactsQuery = (siteId: number) =>
  queryOptions({
    queryKey: ['press-contacts-admin', siteId],
    queryFn: ({ signal }) =>
      apiRequest<PressContact[]>(`${apiPaths.pressContactsAdmin}${queryString({ site: siteId })}`, {
        signal,
      }),
  });

export const boilerplatesQuery = (siteId: number) =>
  queryOptions({
    queryKey: ['boilerplates-admin', siteId],
    queryFn: ({ signal }) =>
      apiRequest<SiteBoilerplate[]>(`${apiPaths.boilerplatesAdmin}${queryString({ site: siteId })}`, {
        signal,
      }),
  });

export const pressContactsApi = {
  add: (fields: PressContactFields) =>
    apiRequest<PressContact>(apiPaths.pressContactsAdmin, { method: 'POST', body: fields }),
  update: (id: number, changes: Partial<PressContactFields>) =>
    apiRequest<PressContact>(apiPaths.pressContactAdmin(id), { method: 'PATCH', body: changes }),
  remove: (id: number) => apiRequest<null>(apiPaths.pressContactAdmin(id), { method: 'DELETE' }),
  setPhoto: (id: number, photo: File, language: string) =>
    sendMultipart<PressContact>({
      method: 'PUT',
      path: apiPaths.pressContactPhoto(id),
      files: { photo },
      language,
    }).done,
  removePhoto: (id: number) => apiRequest<PressContact>(apiPaths.pressContactPhoto(id), { method: 'DELETE' }),
  saveBoilerplate: (siteId: number, language: string, text: string) =>
    apiRequest<SiteBoilerplate>(apiPaths.boilerplateAdmin(siteId, language), {
      method: 'PUT',
      body: { text },
    }),
  removeBoilerplate: (siteId: number, language: string) =>
    apiRequest<null>(apiPaths.boilerplateAdmin(siteId, language), { method: 'DELETE' }),
};
