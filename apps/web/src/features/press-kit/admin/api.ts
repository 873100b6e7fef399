import {
  apiPaths,
  type DataTablesPage,
  type Language,
  type PressGroup,
  type PressKitDocument,
} from '@pressroom/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, dataTablesParams, queryString } from '../../../lib/api-client.ts';
import { sendMultipart } from '../../../lib/multipart-upload.ts';

/** Every document of the kit, every site and language (the press office's view), in order. */
export const allDocumentsQuery = queryOptions({
  queryKey: ['press-kit-admin'],
  queryFn: ({ signal }) =>
    apiRequest<{ documents: PressKitDocument[] }>(`${apiPaths.pressKit}${queryString({ language: 'all' })}`, {
      signal,
    }).then((kit) => kit.documents),
});

/** The sites (press groups) a kit belongs to. */
export const sitesQuery = queryOptions({
  queryKey: ['press-groups'],
  staleTime: 5 * 60_000,
  queryFn: ({ signal }) =>
    apiRequest<DataTablesPage<PressGroup>>(
      `${apiPaths.pressGroups}${queryString(dataTablesParams({ columns: ['id', 'name'], order: { column: 1, dir: 'asc' } }))}`,
      { signal, auth: false },
    ).then((page) => page.data),
});

export interface DocumentFields {
  title: string;
  description: string;
  language: Language;
  position?: number;
  groups: number[];
}

/** Adds a document with its file (multipart), reporting the upload's progress. */
export function addDocument(
  fields: DocumentFields,
  file: File | null,
  language: string,
  onProgress: (fraction: number) => void,
) {
  return sendMultipart<PressKitDocument>({
    method: 'POST',
    path: apiPaths.pressKit,
    fields: { ...fields },
    files: { file },
    language,
    onProgress,
  });
}

export const pressKitAdminApi = {
  update: (id: number, changes: Partial<DocumentFields>) =>
    apiRequest<PressKitDocument>(apiPaths.pressKitDocument(id), { method: 'PATCH', body: changes }),
  remove: (id: number) => apiRequest<null>(apiPaths.pressKitDocument(id), { method: 'DELETE' }),
};
