import type { MockResponse, ResponseBody } from '../types.ts';
import { type ApiError, errorBody, NO_HEADERS } from './errors.ts';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Headers a browser script may read on a cross-origin response (the 401 challenge, deprecation, 405). */
const EXPOSED_HEADERS = 'WWW-Authenticate, Deprecation, Sunset, Link, Allow, Location';

/**
 * Builds responses with the CORS headers every answer carries (errors included, or the browser hides the
 * 401 body from the app). Header objects are built once per kit and shared, not once per request.
 */
export class ResponseKit {
  readonly cors: Readonly<Record<string, string>>;
  readonly jsonHeaders: Readonly<Record<string, string>>;
  readonly noContent: MockResponse;
  readonly preflight: MockResponse;

  /**
   * `cors`: `*` (any origin), the allowed origins, or false (`--no-cors`: no CORS headers at all). Requests
   * with an allowed `Origin` get it reflected on top of these (src/core/http/store-cors.ts).
   */
  constructor(cors: '*' | string | readonly string[] | false) {
    const origins = cors === false ? [] : typeof cors === 'string' ? [cors] : cors;
    // One origin (or `*`) goes on every answer, as before; with several, only an allowed Origin gets one.
    const fixed: Record<string, string> =
      origins.length === 1 ? { 'access-control-allow-origin': origins[0] as string } : {};
    this.cors =
      cors === false
        ? {}
        : {
            ...fixed,
            'access-control-expose-headers': EXPOSED_HEADERS,
            // The answer depends on the request's Origin (it is reflected), so caches must key on it.
            vary: 'Origin',
          };
    this.jsonHeaders = { ...this.cors, 'content-type': JSON_CONTENT_TYPE };
    this.noContent = { status: 204, headers: this.cors };
    this.preflight = {
      status: 204,
      headers:
        cors === false
          ? {}
          : {
              ...this.cors,
              'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
              'access-control-allow-headers': 'Authorization, Content-Type, X-Mock-Session',
              'access-control-max-age': '600',
            },
    };
  }

  json(status: number, body: ResponseBody, headers?: Readonly<Record<string, string>>): MockResponse {
    const shared = headers === undefined || headers === NO_HEADERS;
    return { status, headers: shared ? this.jsonHeaders : { ...this.jsonHeaders, ...headers }, body };
  }

  /** The spec's Error body with the error's own headers (Allow, WWW-Authenticate, …). */
  error(error: ApiError): MockResponse {
    return this.json(error.status, errorBody(error), error.headers);
  }

  /**
   * An error whose message names a value (the 404 for an order id), rendered from a template made once: the
   * same bytes and shared headers as `error(make(value))`, without an exception and an Error per request.
   */
  errorTemplate(make: (value: string) => ApiError): (value: string) => MockResponse {
    const marker = 'VALUE-7f3a9c';
    const sample = this.error(make(marker));
    const [prefix, suffix] = (sample.body?.text ?? '').split(marker) as [string, string];
    const plain = /^[0-9A-Za-z_.~-]*$/;
    return (value) => ({
      status: sample.status,
      headers: sample.headers,
      body: { text: `${prefix}${plain.test(value) ? value : JSON.stringify(value).slice(1, -1)}${suffix}` },
    });
  }

  /** Adds the CORS headers to an answer built elsewhere (an extension's). */
  withCors(response: MockResponse): MockResponse {
    // The same answer twice in a row (the admin list under load) gives the same object, so an adapter can
    // keep its prepared head; one slot, so fresh answers cost nothing to remember.
    if (response !== this.#lastCorsInput) {
      this.#lastCorsInput = response;
      this.#lastCorsOutput = { ...response, headers: { ...this.cors, ...response.headers } };
    }
    return this.#lastCorsOutput as MockResponse;
  }

  #lastCorsInput: MockResponse | undefined;
  #lastCorsOutput: MockResponse | undefined;
}

// The core names no runtime; TextDecoder is a global in every runtime it runs on.
const { TextDecoder } = globalThis as unknown as {
  TextDecoder: new () => { decode(bytes: Uint8Array, options?: { stream?: boolean }): string };
};

/** A body already encoded in parts; its `text` is decoded only if an adapter asks for it (MSW does). */
export function chunkedBody(chunks: readonly Uint8Array[]): ResponseBody {
  let text: string | undefined;
  return {
    chunks,
    get text() {
      if (text === undefined) {
        const decoder = new TextDecoder();
        text =
          chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') +
          decoder.decode(new Uint8Array(0));
      }
      return text;
    },
  };
}

/** Wraps a value as a JSON body. */
export function jsonBody(value: unknown): ResponseBody {
  return { text: JSON.stringify(value) };
}

const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'content-type': JSON_CONTENT_TYPE });
const NO_CONTENT: MockResponse = Object.freeze({ status: 204, headers: Object.freeze({}) });

/**
 * A JSON answer for an extension (the dashboard API); the core adds the CORS headers.
 *
 * @example return jsonResponse(201, zone, { location: `/__dashboard/api/dns/zones/${zone.name}` });
 */
export function jsonResponse(
  status: number,
  value: unknown,
  headers?: Readonly<Record<string, string>>,
): MockResponse {
  return {
    status,
    headers: headers === undefined ? JSON_HEADERS : { ...JSON_HEADERS, ...headers },
    body: jsonBody(value),
  };
}

/** 204 without a body, for an extension; the core adds the CORS headers. */
export function noContentResponse(): MockResponse {
  return NO_CONTENT;
}
