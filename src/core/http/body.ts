import { type ApiError, coreError } from './errors.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a Content-Type names JSON: `application/json`, in any case, parameters (`; charset=utf-8`) aside. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const semicolon = contentType.indexOf(';');
  return (
    (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase() ===
    'application/json'
  );
}

/**
 * The control planes take JSON bodies only: a write (POST, PUT, PATCH, DELETE) with a body that does not say
 * it is JSON is a 415, so a form another site posts (text/plain, no preflight) changes nothing. Undefined
 * when the request may go on. Every plane applies it through the core; the Node server also applies it
 * before reading the body.
 */
export function nonJsonWrite(
  method: string,
  contentType: string | undefined,
  hasBody: boolean,
): ApiError | undefined {
  if (!hasBody || !WRITES.has(method) || isJsonMediaType(contentType)) return undefined;
  return coreError(
    'UNSUPPORTED_MEDIA_TYPE',
    'A request body to the mock\'s controls must be JSON, sent with "Content-Type: application/json".',
  );
}
