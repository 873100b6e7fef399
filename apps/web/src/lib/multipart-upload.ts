import { ApiError } from './api-client.ts';
import { session } from './session.ts';

export interface MultipartRequest {
  method: 'POST' | 'PATCH' | 'PUT';
  path: string;
  /** Text fields, sent before the files (the server reads them first); arrays become repeated fields. */
  fields?: Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>;
  /** Files by form field name. */
  files?: Record<string, File | readonly File[] | null | undefined>;
  /** The interface language, for the server's translated messages. */
  language: string;
  /** Receives the fraction sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * Sends a multipart form with XMLHttpRequest rather than fetch, because only it reports upload progress. Answers
 * the parsed JSON body; fails with ApiError like apiRequest (status 0 for a network failure), or with an
 * AbortError when `abort` is called.
 */
export function sendMultipart<T>(request: MultipartRequest): { done: Promise<T>; abort: () => void } {
  const form = new FormData();
  for (const [name, value] of Object.entries(request.fields ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) form.append(name, String(item));
    else form.append(name, String(value));
  }
  for (const [name, value] of Object.entries(request.files ?? {})) {
    if (!value) continue;
    for (const file of Array.isArray(value) ? value : [value as File]) form.append(name, file, file.name);
  }
  return sendWithProgress<T>(request, form, null);
}

export interface BytesRequest {
  method: 'PUT' | 'POST';
  path: string;
  /** The bytes, sent as they are (`application/octet-stream`): one part of a file sent in parts. */
  body: Blob;
  language: string;
  onProgress?: (fraction: number) => void;
}

/** Sends raw bytes with upload progress, answering and failing as sendMultipart does. */
export function sendBytes<T>(request: BytesRequest): { done: Promise<T>; abort: () => void } {
  return sendWithProgress<T>(request, request.body, 'application/octet-stream');
}

function sendWithProgress<T>(
  request: { method: string; path: string; language: string; onProgress?: (fraction: number) => void },
  body: FormData | Blob,
  contentType: string | null,
): { done: Promise<T>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    xhr.open(request.method, request.path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', request.language);
    if (contentType) xhr.setRequestHeader('content-type', contentType);
    const { token } = session.get();
    if (token) xhr.setRequestHeader('authorization', `JWT ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let answer: unknown = null;
      try {
        answer = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        answer = { detail: xhr.responseText.slice(0, 300) };
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(answer as T);
      else
        reject(
          new ApiError(
            xhr.status,
            typeof answer === 'object' && answer
              ? (answer as Record<string, unknown>)
              : { detail: xhr.statusText },
          ),
        );
    };
    xhr.onerror = () => reject(new ApiError(0, { detail: 'network' }));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}
