import type {
  DataTablesPage,
  PressRelease,
  PressReleaseCompany,
  PressReleaseEdit,
  PressReleaseEditListItem,
  PressReleaseFile,
  PressReleaseFileKind,
  PressReleaseFileUpdate,
  PressReleaseInput,
  PressReleaseStatus,
} from '@pressroom/contract';
import { apiPaths } from '@pressroom/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, dataTablesParams, queryString } from '../../../lib/api-client.ts';
import { sendMultipart } from '../../../lib/multipart-upload.ts';

export {
  publicListParams,
  publicPageSize,
  publicReleasesQuery,
  releaseYearsQuery,
} from './public-list.ts';

/** One release in the reader's language; the token (when any) lets press users read embargoed ones. */
export const releaseDetailQuery = (id: string, language: string, signedIn: boolean) =>
  queryOptions({
    queryKey: ['press-release', id, language, signedIn],
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
    queryFn: ({ signal }) => apiRequest<PressRelease>(apiPaths.pressRelease(id), { signal }),
  });

/** The atom feed of a site in a language, of one company or brand when chosen (never embargoed releases). */
export const feedUrl = (
  groupId: number | undefined,
  language: string,
  filter: { company: number | null; brand: number | null } = { company: null, brand: null },
) => `${apiPaths.pressReleaseFeed}${queryString({ group: groupId, language, ...filter })}`;

// --- Back office -----------------------------------------------------------------------------------------

export interface AdminListOptions {
  status: PressReleaseStatus | '';
  language: string;
  group: number | null;
  search: string;
  page: number;
  pageSize: number;
}

export const adminReleasesQuery = (options: AdminListOptions, interfaceLanguage: string) =>
  queryOptions({
    queryKey: ['admin-press-releases', options, interfaceLanguage],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const params = {
        ...dataTablesParams({
          columns: ['publication_date', 'number', 'title', 'status'],
          start: options.page * options.pageSize,
          length: options.pageSize,
        }),
        status: options.status,
        language: options.language,
        group: options.group,
        search: options.search,
      };
      return apiRequest<DataTablesPage<PressReleaseEditListItem>>(
        `${apiPaths.pressReleaseAdmin}${queryString(params)}`,
        { signal },
      );
    },
  });

/**
 * Companies the user may give a release: by name (`search`) or one by id (the current company's name). The
 * press office may choose any; a company's editors get only their own.
 */
export const releaseCompanyChoicesQuery = (choice: { search?: string; id?: number }) =>
  queryOptions({
    queryKey: ['press-release-companies', choice],
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      apiRequest<{ results: PressReleaseCompany[] }>(
        `${apiPaths.pressReleaseCompanies}${queryString(choice)}`,
        { signal },
      ).then((answer) => answer.results),
  });

export const adminReleaseQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin-press-release', id],
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
    queryFn: ({ signal }) => apiRequest<PressReleaseEdit>(apiPaths.pressReleaseAdminItem(id), { signal }),
  });

export const releasesAdminApi = {
  create: (input: PressReleaseInput) =>
    apiRequest<PressReleaseEdit>(apiPaths.pressReleaseAdmin, { method: 'POST', body: input }),
  update: (id: number, input: Partial<PressReleaseInput>) =>
    apiRequest<PressReleaseEdit>(apiPaths.pressReleaseAdminItem(id), { method: 'PATCH', body: input }),
  /** Chooses one of the release's pictures as its cover (null: its first picture). */
  setCover: (id: number, fileId: number | null) =>
    apiRequest<PressReleaseEdit>(apiPaths.pressReleaseAdminItem(id), {
      method: 'PATCH',
      body: { cover_file_id: fileId },
    }),
  /** Features the release at the top of a site's Home, or takes it off (a fourth gets a 409). */
  setFeatured: (id: number, group: number, featured: boolean) =>
    apiRequest<PressReleaseEdit>(apiPaths.pressReleaseAdminFeatured(id, group), {
      method: featured ? 'PUT' : 'DELETE',
    }),
  remove: (id: number) => apiRequest<null>(apiPaths.pressReleaseAdminItem(id), { method: 'DELETE' }),
  changeStatus: (id: number, status: PressReleaseStatus, notify = true, publishAt?: string) =>
    apiRequest<PressReleaseEdit>(apiPaths.pressReleaseAdminStatus(id), {
      method: 'POST',
      body: {
        status,
        ...(notify ? {} : { notify: false }),
        ...(publishAt === undefined ? {} : { publish_at: publishAt }),
      },
    }),
  updateFile: (id: number, fileId: number, changes: PressReleaseFileUpdate) =>
    apiRequest<PressReleaseFile>(apiPaths.pressReleaseAdminFile(id, fileId), {
      method: 'PATCH',
      body: changes,
    }),
  deleteFile: (id: number, fileId: number) =>
    apiRequest<null>(apiPaths.pressReleaseAdminFile(id, fileId), { method: 'DELETE' }),
};

export interface UploadRequest {
  kind: PressReleaseFileKind;
  /** null: the file belongs to every language of the release. */
  language: string | null;
  files: File[];
}

/** Uploads attachments or images of a release as one multipart request; `onProgress` receives a fraction from 0 to 1. */
export function uploadReleaseFiles(
  releaseId: number,
  upload: UploadRequest,
  onProgress: (fraction: number) => void,
  language: string,
): { done: Promise<PressReleaseFile[]>; abort: () => void } {
  return sendMultipart<PressReleaseFile[]>({
    method: 'POST',
    path: apiPaths.pressReleaseAdminFiles(releaseId),
    fields: { kind: upload.kind, language: upload.language },
    files: { file: upload.files },
    language,
    onProgress,
  });
}
