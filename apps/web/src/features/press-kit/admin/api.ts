import { apiPaths, type Language, type PressKitDocument } from '@pressroom/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../../lib/api-client.ts';
import { sendMultipart } from '../../../lib/multipart-upload.ts';

/** Every document of the kit, every site and language (the press office's view), in order. */
export const allDocumentsQuery = queryOptions({
  queryKey: ['press-kit-admin'],
  queryFn: ({ signal }) =>
    apiRequest<{ documents: PressKitDocument[] }>(`${apiPaths.pressKit}${queryString({ language: 'all' })}`, {
      signal,
    }).then((kit) => kit.documents),
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
