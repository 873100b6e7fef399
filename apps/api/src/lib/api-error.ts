import type { Language, MessageKey } from '@pressroom/contract';

/** `{field: [messages]}`; a plain string value (e.g. `code`) tells clients which case it is. */
type FieldErrors = Record<string, (MessageKey | string)[] | string>;

/** A parameter worded in the language its message is translated into (a list joined with "or", "o", "ou"). */
export type LocalizedParam = (language: Language) => string;

/**
 * An error a caller caused. Bodies follow Django REST: `{detail}` or `{field: [messages]}`, with message keys
 * translated into the request's language by the error handler.
 */
export class ApiError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly body: { detail: MessageKey | string } | FieldErrors,
    public readonly params: Record<string, string | number> = {},
    public readonly headers: Record<string, string> = {},
    /** Kept apart from `params`: those may be stored (an import's error) to be translated when read. */
    public readonly localizedParams: Record<string, LocalizedParam> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : 'validation failed');
  }

  /** Every parameter of the message in `language`: the plain ones and the localized ones worded in it. */
  paramsIn(language: Language): Record<string, string | number> {
    const worded = Object.entries(this.localizedParams).map(([name, word]) => [name, word(language)]);
    return { ...this.params, ...Object.fromEntries(worded) };
  }
}

export const validationError = (fields: FieldErrors) => new ApiError(400, fields);
export const nonFieldError = (key: MessageKey) => new ApiError(400, { non_field_errors: [key] });
export const notAuthenticated = (key: MessageKey = 'notAuthenticated') =>
  new ApiError(401, { detail: key }, {}, { 'WWW-Authenticate': 'JWT realm="api"' });
export const permissionDenied = (key: MessageKey = 'permissionDenied') => new ApiError(403, { detail: key });
export const notFound = () => new ApiError(404, { detail: 'notFound' });
