import type {
  AdminUser,
  AdminUserUpdate,
  BrandListRow,
  Company,
  CompanyCreateRequest,
  CompanyImport,
  DataTablesPage,
  ErrorReport,
  ImportColumns,
  ImportEvent,
  ImportPhase,
  ImportRow,
  ImportRunRequest,
  ImportTarget,
} from '@pressroom/contract';
import { apiPaths } from '@pressroom/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, queryString } from '../../lib/api-client.ts';
import { sendMultipart } from '../../lib/multipart-upload.ts';
import { session } from '../../lib/session.ts';
import { type TableRequest, tableParams } from '../../lib/table-request.ts';

export function listQuery<Row>(
  name: string,
  path: string,
  columns: string[],
  request: TableRequest,
  filters: Record<string, string | number | null | undefined> = {},
) {
  return queryOptions({
    queryKey: ['back-office', name, request, filters],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<DataTablesPage<Row>>(
        `${path}${queryString({ ...tableParams(columns, request), ...filters })}`,
        {
          signal,
        },
      ),
  });
}

// ------------------------------------------------------------------------------------------- companies

const companyColumns = ['business_name', 'city', 'country', 'vat', 'associationStatus', 'brands'];

export const companiesQuery = (request: TableRequest) =>
  listQuery<Company>('companies', apiPaths.companies, companyColumns, request);

export const companyQuery = (id: number) =>
  queryOptions({
    queryKey: ['back-office', 'company', id],
    queryFn: ({ signal }) => apiRequest<Company>(apiPaths.company(id), { signal }),
  });

/** Every brand, for the list-transfer widget. */
export const allBrandsQuery = queryOptions({
  queryKey: ['back-office', 'brands'],
  queryFn: ({ signal }) =>
    apiRequest<DataTablesPage<BrandListRow>>(
      `${apiPaths.brands}${queryString(
        tableParams(['name'], { page: 0, pageSize: -1, search: '', order: { column: 'name', dir: 'asc' } }),
      )}`,
      { signal },
    ),
});

export const companiesApi = {
  create: (body: CompanyCreateRequest) => apiRequest<Company>(apiPaths.companies, { method: 'POST', body }),
  update: (id: number, body: CompanyCreateRequest) =>
    apiRequest<Company>(apiPaths.company(id), { method: 'PUT', body }),
  remove: (id: number) => apiRequest<null>(apiPaths.company(id), { method: 'DELETE' }),
  createBrand: (name: string) =>
    apiRequest<BrandListRow>(apiPaths.brands, { method: 'POST', body: { name } }),
};

/** Companies whose name matches, for the company choice of a COMPANY user. */
export const companyChoicesQuery = (search: string) =>
  queryOptions({
    queryKey: ['back-office', 'company-choices', search],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<DataTablesPage<Company>>(
        `${apiPaths.companies}${queryString(
          tableParams(['business_name'], {
            page: 0,
            pageSize: 20,
            search,
            order: { column: 'business_name', dir: 'asc' },
          }),
        )}`,
        { signal },
      ),
  });

// ----------------------------------------------------------------------------------------------- users

const userColumns = ['name', 'email', 'company', 'roles', 'is_active', 'date_joined'];

export interface UserFilters {
  role: string;
  status: string;
}

export const usersQuery = (request: TableRequest, filters: UserFilters) =>
  listQuery<AdminUser>('users', apiPaths.adminUsers, userColumns, request, { ...filters });

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: ['back-office', 'user', id],
    queryFn: ({ signal }) => apiRequest<AdminUser>(apiPaths.adminUser(id), { signal }),
  });

const accreditationColumns = ['name', 'email', 'newspaper', 'date_joined'];

export const accreditationsQuery = (request: TableRequest) =>
  listQuery<AdminUser>('accreditations', apiPaths.accreditations, accreditationColumns, request);

export const usersApi = {
  update: (id: number, body: AdminUserUpdate) =>
    apiRequest<AdminUser>(apiPaths.adminUser(id), { method: 'PATCH', body }),
  approve: (id: number) =>
    apiRequest<AdminUser>(apiPaths.accreditationApprove(id), { method: 'POST', body: {} }),
  reject: (id: number, reason: string) =>
    apiRequest<AdminUser>(apiPaths.accreditationReject(id), { method: 'POST', body: { reason } }),
};

// --------------------------------------------------------------------------------------- error reports

const errorReportColumns = ['created_at', 'level', 'message', 'user', 'url'];

export const errorReportsQuery = (request: TableRequest) =>
  listQuery<ErrorReport>('error-reports', apiPaths.errorReports, errorReportColumns, request);

// --------------------------------------------------------------------------------------------- imports

const importColumns = ['created_at', 'file_name', 'format', 'status', 'created_by'];

export const importsQuery = (request: TableRequest) =>
  listQuery<CompanyImport>('imports', apiPaths.imports, importColumns, request);

export const importQuery = (id: number) =>
  queryOptions({
    queryKey: ['back-office', 'import', id],
    queryFn: ({ signal }) => apiRequest<CompanyImport>(apiPaths.import(id), { signal }),
  });

export const importSourceColumnsQuery = (id: number, table: string | null, target: ImportTarget) =>
  queryOptions({
    queryKey: ['back-office', 'import-columns', id, table, target],
    queryFn: ({ signal }) =>
      apiRequest<ImportColumns>(`${apiPaths.importColumns(id)}${queryString({ table, target })}`, { signal }),
  });

export const importRowsQuery = (id: number, phase: ImportPhase, request: TableRequest, outcome: string) =>
  listQuery<ImportRow>(
    `import-rows-${id}-${phase}`,
    apiPaths.importRows(id),
    ['row', 'outcome', 'business_name'],
    request,
    {
      phase,
      outcome,
    },
  );

function authHeaders(language: string): Record<string, string> {
  const headers: Record<string, string> = { 'accept-language': language };
  const token = session.get().token;
  if (token) headers.authorization = `JWT ${token}`;
  return headers;
}

function parseBody(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return { detail: text.slice(0, 300) };
  }
}

/**
 * Uploads an Access or CSV file (multipart field "file") for the chosen target, which the history shows from
 * then on; `onProgress` receives the percentage sent.
 */
export function uploadImportFile(
  file: File,
  target: ImportTarget,
  language: string,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<CompanyImport> {
  const upload = sendMultipart<CompanyImport>({
    method: 'POST',
    path: apiPaths.imports,
    fields: { target },
    files: { file },
    language,
    onProgress: (fraction) => onProgress(Math.round(fraction * 100)),
  });
  signal?.addEventListener('abort', upload.abort);
  return upload.done;
}

/**
 * Starts the dry run or the import and follows it through the server's event stream (text/event-stream on the
 * same POST): every event goes to `onEvent`; resolves with the last one, which carries the outcome. The
 * stream is the only call made while it runs: on the embedded database a running import holds it.
 */
export async function runImportPhase(
  id: number,
  phase: ImportPhase,
  body: ImportRunRequest,
  language: string,
  onEvent: (event: ImportEvent) => void,
  signal?: AbortSignal,
): Promise<ImportEvent> {
  let response: Response;
  try {
    response = await fetch(phase === 'dry_run' ? apiPaths.importDryRun(id) : apiPaths.importRun(id), {
      method: 'POST',
      headers: { ...authHeaders(language), accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { detail: error instanceof Error ? error.message : String(error) });
  }
  if (!response.ok || !response.body) throw new ApiError(response.status, parseBody(await response.text()));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let last: ImportEvent | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data) {
        last = JSON.parse(data) as ImportEvent;
        onEvent(last);
      }
      end = buffer.indexOf('\n\n');
    }
    if (done) break;
  }
  if (!last) throw new ApiError(0, { detail: 'stream ended without an outcome' });
  return last;
}
