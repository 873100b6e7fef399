import { session } from './session.ts';

/** The language API calls ask for; set by i18n whenever the interface language changes. */
let requestLanguage = 'en';
export function setRequestLanguage(language: string) {
  requestLanguage = language;
}

export type ErrorBody = Record<string, unknown>;

/** A failed API call with the Django REST error body ({detail} or {field: [messages]}). */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: ErrorBody,
  ) {
    super(firstMessage(body) ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  /** Messages by field, without detail and non_field_errors. */
  get fieldErrors(): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const [field, value] of Object.entries(this.body)) {
      if (field === 'detail' || field === 'non_field_errors') continue;
      const message = Array.isArray(value) ? value[0] : value;
      if (typeof message === 'string') fields[field] = message;
    }
    return fields;
  }

  /** The message that belongs to no field: detail or the first non-field error. */
  get generalMessage(): string | null {
    const { detail, non_field_errors: nonField } = this.body;
    if (typeof detail === 'string') return detail;
    if (Array.isArray(nonField) && typeof nonField[0] === 'string') return nonField[0];
    return null;
  }
}

function firstMessage(body: ErrorBody): string | null {
  for (const value of Object.values(body)) {
    if (typeof value === 'string') return value;
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  }
  return null;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send the stored token (default: whenever one is stored). */
  auth?: boolean;
  /** Use this token instead of the stored one. */
  token?: string;
  signal?: AbortSignal;
  /** Ask for this language instead of the interface's (a query keyed by its language, started before i18n is). */
  language?: string;
}

/**
 * Calls the API on the same origin with the chosen language and, when signed in, `Authorization: JWT`.
 * Answers the parsed JSON body; throws ApiError for any non-2xx answer and for network failures (status 0).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': options.language ?? requestLanguage,
  };
  const token = options.token ?? (options.auth === false ? null : session.get().token);
  if (token) headers.authorization = `JWT ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { detail: error instanceof Error ? error.message : String(error) });
  }
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = { detail: text.slice(0, 300) };
    }
  }
  if (!response.ok) {
    const errorBody =
      typeof body === 'object' && body !== null ? (body as ErrorBody) : { detail: response.statusText };
    throw new ApiError(response.status, errorBody);
  }
  return body as T;
}

/**
 * Fetches a file the API serves only to the signed-in caller (an accreditation proof, a badge): with the
 * token, as a Blob the page can show (object URL) or save. Failures throw ApiError like apiRequest.
 */
export async function apiBlob(path: string, options: Pick<RequestOptions, 'signal'> = {}): Promise<Blob> {
  const headers: Record<string, string> = { 'accept-language': requestLanguage };
  const { token } = session.get();
  if (token) headers.authorization = `JWT ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { headers, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { detail: error instanceof Error ? error.message : String(error) });
  }
  if (!response.ok) {
    const text = await response.text();
    let body: ErrorBody = { detail: response.statusText };
    try {
      body = JSON.parse(text) as ErrorBody;
    } catch {
      // Not JSON: keep the status text.
    }
    throw new ApiError(response.status, body);
  }
  return response.blob();
}

/** Offers a Blob as a download with the given name. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Builds a query string, leaving out empty values. */
export function queryString(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The django-rest-framework-datatables parameters for the given columns. */
export function dataTablesParams(options: {
  columns: string[];
  start?: number;
  length?: number;
  order?: { column: number; dir: 'asc' | 'desc' };
  columnSearch?: Record<string, string>;
  draw?: number;
}): Record<string, string | number> {
  const params: Record<string, string | number> = {
    format: 'datatables',
    draw: options.draw ?? 1,
    start: options.start ?? 0,
    length: options.length ?? -1,
  };
  options.columns.forEach((name, index) => {
    params[`columns[${index}][data]`] = name;
    params[`columns[${index}][name]`] = name;
    params[`columns[${index}][searchable]`] = 'true';
    params[`columns[${index}][orderable]`] = 'true';
    const search = options.columnSearch?.[name];
    if (search) {
      params[`columns[${index}][search][value]`] = search;
      params[`columns[${index}][search][regex]`] = 'false';
    }
  });
  if (options.order) {
    params['order[0][column]'] = options.order.column;
    params['order[0][dir]'] = options.order.dir;
  }
  return params;
}
