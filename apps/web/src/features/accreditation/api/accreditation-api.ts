import {
  type Accreditation,
  type AccreditationDecisionInput,
  type AccreditationQueueItem,
  type AccreditationRequestStatus,
  apiPaths,
  type Edition,
  type EditionCreateInput,
  type EditionUpdateInput,
  type MyAccreditation,
} from '@pressroom/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiBlob, apiRequest, queryString } from '../../../lib/api-client.ts';
import { sendMultipart } from '../../../lib/multipart-upload.ts';

export const myAccreditationQuery = () =>
  queryOptions({
    queryKey: ['accreditation', 'mine'],
    queryFn: ({ signal }) => apiRequest<MyAccreditation>(apiPaths.myAccreditation, { signal }),
  });

export interface QueueFilter {
  edition?: number;
  status?: AccreditationRequestStatus;
  country?: string;
}

export const accreditationQueueQuery = (filter: QueueFilter) =>
  queryOptions({
    queryKey: ['accreditation', 'queue', filter],
    queryFn: ({ signal }) =>
      apiRequest<{ results: AccreditationQueueItem[]; countries: string[] }>(
        `${apiPaths.accreditationQueue}${queryString({ ...filter })}`,
        { signal },
      ),
  });

export const editionsQuery = () =>
  queryOptions({
    queryKey: ['accreditation', 'editions'],
    queryFn: ({ signal }) => apiRequest<{ results: Edition[] }>(apiPaths.editions, { signal }),
  });

export const accreditationApi = {
  request: (fields: Record<string, string | undefined>, proofs: File[], language: string) =>
    sendMultipart<Accreditation>({
      method: 'POST',
      path: apiPaths.myAccreditation,
      fields,
      files: { proof: proofs },
      language,
    }).done,
  answer: (id: number, answer: string, proofs: File[], language: string) =>
    sendMultipart<Accreditation>({
      method: 'POST',
      path: apiPaths.accreditationAnswer(id),
      fields: { answer },
      files: { proof: proofs },
      language,
    }).done,
  decide: (body: AccreditationDecisionInput) =>
    apiRequest<{ results: AccreditationQueueItem[] }>(apiPaths.accreditationDecide, { body }),
  createEdition: (body: EditionCreateInput) => apiRequest<Edition>(apiPaths.editions, { body }),
  updateEdition: (id: number, body: EditionUpdateInput) =>
    apiRequest<Edition>(apiPaths.edition(id), { method: 'PATCH', body }),
  deleteEdition: (id: number) => apiRequest<null>(apiPaths.edition(id), { method: 'DELETE' }),
  file: (url: string) => apiBlob(url),
};
