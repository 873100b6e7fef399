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
  const xhr = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
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
    xhr.open(request.method, request.path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', request.language);
    const { token } = session.get();
    if (token) xhr.setRequestHeader('authorization', `JWT ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = { detail: xhr.responseText.slice(0, 300) };
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else
        reject(
          new ApiError(
            xhr.status,
            typeof body === 'object' && body ? (body as Record<string, unknown>) : { detail: xhr.statusText },
          ),
        );
    };
    xhr.onerror = () => reject(new ApiError(0, { detail: 'network' }));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
