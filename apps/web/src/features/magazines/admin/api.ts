import { apiPaths, type Magazine, type MagazineKind, type Page } from '@pressroom/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../../lib/api-client.ts';
import { sendMultipart } from '../../../lib/multipart-upload.ts';

export const adminPageSize = 20;

export interface AdminMagazineFilters {
  kind: MagazineKind | null;
  month: number | null;
  year: number | null;
  territory: string | null;
  page: number;
}

/** This site's magazines, newest first, a page of the back-office table. */
export const adminMagazinesQuery = (filters: AdminMagazineFilters) =>
  queryOptions({
    queryKey: ['magazines-admin', filters],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<Page<Magazine>>(
        `${apiPaths.magazines}${queryString({
          kind: filters.kind,
          month: filters.month,
          year: filters.year,
          territory: filters.territory,
          page: filters.page + 1,
          page_size: adminPageSize,
        })}`,
        { signal },
      ),
  });

export const adminFacetsQuery = (kind: MagazineKind | null) =>
  queryOptions({
    queryKey: ['magazine-facets', kind ?? 'all'],
    queryFn: ({ signal }) =>
      apiRequest<{ years: number[]; territories: string[] }>(
        `${apiPaths.magazineFacets}${queryString({ kind })}`,
        { signal },
      ),
  });

export interface MagazineSubmission {
  fields: {
    kind: MagazineKind;
    publisher: string;
    title: string;
    month: number;
    year: number;
    territory: string;
    link: string;
    groups: number[];
  };
  cover: File | null;
  pdf: File | null;
  removePdf: boolean;
}

/** Creates (no id) or changes a magazine as one multipart request, with its cover and PDF when chosen. */
export function saveMagazine(
  id: number | null,
  submission: MagazineSubmission,
  language: string,
  onProgress: (fraction: number) => void,
) {
  return sendMultipart<Magazine>({
    method: id === null ? 'POST' : 'PATCH',
    path: id === null ? apiPaths.magazines : apiPaths.magazine(id),
    fields: {
      ...submission.fields,
      territory: submission.fields.kind === 'international' ? submission.fields.territory : '',
      remove_pdf: submission.removePdf ? 'true' : null,
    },
    files: { cover: submission.cover, pdf: submission.pdf },
    language,
    onProgress,
  });
}

export const deleteMagazine = (id: number) => apiRequest<null>(apiPaths.magazine(id), { method: 'DELETE' });
