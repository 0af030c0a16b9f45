import type { ResponseBody } from '../types.ts';

type Headers = Readonly<Record<string, string>>;

/**
 * Codes every plane answers with: the router's 404 and 405, the body reader's 400, the adapters' refusals of
 * what never reaches a route. One table, so `/v1/unknown`, `/__mock/unknown` and `/__dashboard/api/unknown`
 * answer the same code.
 */
export const httpErrorCodes = {
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  INVALID_REQUEST: 400,
  MALFORMED_REQUEST: 400,
  INVALID_HOST: 400,
  DUPLICATE_HEADER: 400,
  FOREIGN_ORIGIN: 403,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  EXPECTATION_FAILED: 417,
  HOST_NOT_ALLOWED: 421,
  HEADERS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  STORE_UNAVAILABLE: 503,
  NOT_READY: 503,
  HTTP_VERSION_NOT_SUPPORTED: 505,
} as const;

export type HttpErrorCode = keyof typeof httpErrorCodes;

/** Shared by every error without headers of its own, so responses can reuse one header object. */
export const NO_HEADERS: Headers = Object.freeze({});

declare const madeByAPlane: unique symbol;

/** A code with its status, as a plane's table gives it. Only `defineErrorCodes` makes one. */
export interface ErrorDefinition<Code extends string = string> {
  readonly code: Code;
  readonly status: number;
  readonly [madeByAPlane]: true;
}

/**
 * The one error type: an HTTP status, a stable code and a message a person can act on. Made by a plane
 * (`coreError('ORDER_NOT_FOUND', …)`, `domainError(…)`), so the status always comes from the code's table;
 * `handle()` is the only place that turns it into an Error body.
 */
export class ApiError<Code extends string = string> extends Error {
  readonly status: number;
  readonly code: Code;
  /** Extra response headers, e.g. `Allow` on a 405 or `WWW-Authenticate` on a 401. */
  readonly headers: Headers;

  constructor(definition: ErrorDefinition<Code>, message: string, headers: Headers = NO_HEADERS) {
    // An ApiError is an answer, not a fault: nobody reads its stack, and capturing one cost most of a 404
    // (docs/performance.md).
    const limits = Error as { stackTraceLimit?: number };
    const stackTraceLimit = limits.stackTraceLimit;
    limits.stackTraceLimit = 0;
    super(message);
    limits.stackTraceLimit = stackTraceLimit;
    this.name = 'ApiError';
    this.status = definition.status;
    this.code = definition.code;
    this.headers = headers;
  }
}

/** Makes the errors of one plane: `plane(code, message, headers?)`, the code checked by the compiler. */
export interface ErrorPlane<Code extends string> {
  (code: Code, message: string, headers?: Headers): ApiError<Code>;
  /** The table, code → status (docs and tests list it). */
  readonly codes: Readonly<Record<Code, number>>;
}

/**
 * Builds a plane's error table: its own codes plus the shared HTTP ones. The seed leaves the set of codes
 * open; these values are the mock's choice (docs/decisions.md) and stay stable across releases.
 *
 * @example
 * const domainError = defineErrorCodes({ DOMAIN_NOT_FOUND: 404 });
 * throw domainError('DOMAIN_NOT_FOUND', 'There is no domain www.example.com in project acme-shop.');
 */
export function defineErrorCodes<const Table extends Readonly<Record<string, number>>>(
  table: Table,
): ErrorPlane<(keyof Table & string) | HttpErrorCode> {
  type Code = (keyof Table & string) | HttpErrorCode;
  for (const [code, status] of Object.entries(table)) {
    const shared = (httpErrorCodes as Readonly<Record<string, number>>)[code];
    if (shared !== undefined && shared !== status) {
      throw new Error(`${code} is ${shared} on every plane; a table cannot make it ${status}.`);
    }
  }
  const codes = { ...httpErrorCodes, ...table } as Readonly<Record<Code, number>>;
  const definitions = new Map<string, ErrorDefinition<Code>>();
  for (const [code, status] of Object.entries(codes)) {
    definitions.set(code, { code, status } as ErrorDefinition<Code>);
  }
  const plane = (code: Code, message: string, headers?: Headers): ApiError<Code> => {
    const definition = definitions.get(code);
    if (definition === undefined) throw new Error(`unknown error code ${code}`);
    return new ApiError(definition, message, headers);
  };
  return Object.assign(plane, { codes });
}

/** The core's plane: the Store API and the /__mock admin API. */
export const coreErrors = defineErrorCodes({
  UNAUTHORIZED: 401,
  ORDER_NOT_FOUND: 404,
  PET_NOT_FOUND: 404,
  ORDER_ALREADY_SHIPPED: 409,
  ENDPOINT_SUNSET: 410,
  ORDER_ID_TAKEN: 409,
  UNKNOWN_PROVIDER_STATE: 400,
  ORDER_NOT_PENDING: 409,
  INVALID_DURATION: 400,
  CLOCK_BACKWARDS: 409,
  INVALID_SESSION: 400,
  SESSIONS_UNAVAILABLE: 400,
  SESSION_NOT_FOUND: 404,
  TOO_MANY_SESSIONS: 429,
  PASSTHROUGH_OFF: 409,
  INVALID_PATH: 400,
  UPSTREAM_UNREACHABLE: 502,
  UPSTREAM_TIMEOUT: 504,
  TOO_MANY_FAULTS: 409,
  FAULT_NOT_FOUND: 404,
});
export const coreError = coreErrors;
export type CoreErrorCode = keyof typeof coreErrors.codes;

/** The core's codes and their statuses (kept under its old name). */
export const errorCodes = coreErrors.codes;
export type ErrorCode = CoreErrorCode;

/** The spec's Error body: `{code, message, status}`, with `status` equal to the HTTP status. */
export function errorBody(error: ApiError): ResponseBody {
  // The same text as JSON.stringify({code, message, status}), without building the object on every 404.
  const { code, message, status } = error;
  return { text: `{"code":${JSON.stringify(code)},"message":${JSON.stringify(message)},"status":${status}}` };
}
