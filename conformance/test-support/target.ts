import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Listening, listen } from './listen.ts';

// A small, independent, correct implementation of the spec for the suite's own tests. Each option bends one
// behaviour, so a test can break exactly one rule or differ only where the spec allows.

export const TARGET_KEY = 'target-key';

export interface TargetOrder {
  /** Raw decimal id, so ids beyond 2^53 stay exact. */
  id: string;
  /** How the list writes the id, as raw JSON (default: the decimal id), e.g. `"+5000000"`. */
  listedAs?: string;
  status: 'pending' | 'shipped';
  /** Raw JSON fields replacing the default Order fields (e.g. extra fields, or none). */
  fields?: string;
}

export interface PlainRequest {
  method: string;
  path: string;
  /** The query string without its `?`; empty when there is none. */
  query: string;
  authorization: string | undefined;
  credentials: 'ok' | 'missing' | 'invalid';
}

export interface PlainResponse {
  status: number;
  headers: Record<string, string>;
  body?: string;
  /** Bytes sent instead of `body` (another encoding, a byte-order mark). */
  bytes?: Uint8Array;
  /** Bytes written on the connection after the complete answer (a framing error). */
  after?: Uint8Array;
}

export interface TargetOptions {
  orders?: TargetOrder[];
  /** A cancelled order stays listed, and a second cancel answers 409 (it is no longer cancellable). */
  cancelledStayListed?: boolean;
  /** Bug: a cancelled order's cancel answers 204 again. */
  cancelAgainSucceeds?: boolean;
  /** Bug: a cancel refused with 401 or 409 is answered so, but the order is cancelled anyway. */
  refusedButCancels?: 'unauthorized' | 'conflict';
  malformedIdStatus?: number;
  /** The 409 body: an Error by default, `''` for none, or any raw text. */
  conflictBody?: string;
  /** Decides whether credentials are accepted (default: Bearer, case-insensitive, exact key). */
  credentials?: (
    authorization: string | undefined,
    request: Omit<PlainRequest, 'credentials'>,
  ) => PlainRequest['credentials'];
  /** Sees every request (e.g. to prove a run sent nothing unsafe). */
  onRequest?: (request: PlainRequest) => void;
  /**
   * How the server finds the order a path id names (default: the same integer, and a malformed id is a 404
   * before any lookup). A lenient one (Go's Atoi with its error dropped, a lookup through doubles) is what the
   * safety proofs guard against.
   */
  sameOrder?: (storedId: string, segment: string) => boolean;
  /** Rewrites any answer: where a test breaks one rule. */
  transform?: (request: PlainRequest, response: PlainResponse) => PlainResponse;
}

/** The response with these headers set, or removed where the value is undefined: how a proof bends an answer. */
export function withHeaders(
  response: PlainResponse,
  headers: Record<string, string | undefined>,
): PlainResponse {
  const merged: Record<string, string | undefined> = { ...response.headers, ...headers };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  return { ...response, headers: merged as Record<string, string> };
}

export const DEFAULT_ORDERS: TargetOrder[] = [
  { id: '1', status: 'pending' },
  { id: '2', status: 'shipped' },
  { id: '3', status: 'pending' },
];

const DEPRECATION = '@1767225600'; // 2026-01-01
// Far ahead, so the route is live whatever the calendar says when the tests run.
const SUNSET = 'Fri, 01 Jan 2100 00:00:00 GMT';

export function strictCredentials(authorization: string | undefined): PlainRequest['credentials'] {
  if (authorization === undefined) return 'missing';
  const match = /^(\S+) +(\S+)$/.exec(authorization);
  return match?.[1]?.toLowerCase() === 'bearer' && match[2] === TARGET_KEY ? 'ok' : 'invalid';
}

const json = (status: number, body: string, headers: Record<string, string> = {}): PlainResponse => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body,
});

export const errorResponse = (status: number, code: string, headers: Record<string, string> = {}) =>
  json(status, JSON.stringify({ code, message: `${code} (${status})`, status }), headers);

export function createTarget(options: TargetOptions = {}) {
  const orders = (options.orders ?? DEFAULT_ORDERS).map((o) => ({ ...o, cancelled: false }));
  const find = (segment: string) =>
    orders.find((o) =>
      options.sameOrder
        ? options.sameOrder(o.id, segment)
        : /^-?[0-9]+$/.test(o.id) && /^-?[0-9]+$/.test(segment) && BigInt(o.id) === BigInt(segment),
    );
  const orderJson = (o: TargetOrder) => {
    const fields =
      o.fields ?? '"petId":7,"quantity":1,"shipDate":"2026-12-01T10:00:00.000Z","complete":false';
    return `{"id":${o.listedAs ?? o.id}${fields ? `,${fields}` : ''}}`;
  };

  function route(request: PlainRequest): PlainResponse {
    if (request.method === 'OPTIONS') {
      const preflight = {
        'access-control-allow-methods': 'GET, DELETE',
        'access-control-allow-headers': 'Authorization',
      };
      return { status: 204, headers: preflight };
    }
    if (request.credentials !== 'ok') {
      const refused = /^\/store\/orders\/([0-9]+)$/.exec(request.path)?.[1];
      const order = refused === undefined ? undefined : find(refused);
      if (order && request.method === 'DELETE' && options.refusedButCancels === 'unauthorized')
        order.cancelled = true;
      const challenge = `Bearer realm="petstore"${request.credentials === 'invalid' ? ', error="invalid_token"' : ''}`;
      return errorResponse(401, 'UNAUTHORIZED', { 'www-authenticate': challenge });
    }
    const { path } = request;
    const method = request.method === 'HEAD' ? 'GET' : request.method; // HEAD answers as GET (RFC 9110 §9.3.2)
    if (path === '/store/orders') {
      if (method !== 'GET') return errorResponse(405, 'METHOD_NOT_ALLOWED', { allow: 'GET' });
      const listed = orders.filter((o) => !o.cancelled || options.cancelledStayListed);
      return json(200, `[${listed.map(orderJson).join(',')}]`);
    }
    const orderId = /^\/store\/orders\/([^/]+)$/.exec(path)?.[1];
    if (orderId !== undefined) {
      if (method !== 'DELETE') return errorResponse(405, 'METHOD_NOT_ALLOWED', { allow: 'DELETE' });
      if (!options.sameOrder && !/^-?[0-9]+$/.test(orderId))
        return errorResponse(options.malformedIdStatus ?? 404, 'INVALID_ORDER_ID');
      const order = find(orderId);
      if (order?.cancelled && options.cancelAgainSucceeds) return { status: 204, headers: {} };
      if (order?.cancelled && options.cancelledStayListed) return errorResponse(409, 'ORDER_CANCELLED');
      if (!order || order.cancelled) return errorResponse(404, 'ORDER_NOT_FOUND');
      if (order.status === 'shipped') {
        if (options.refusedButCancels === 'conflict') order.cancelled = true;
        if (options.conflictBody === undefined) return errorResponse(409, 'ORDER_ALREADY_SHIPPED');
        return options.conflictBody === '' ? { status: 409, headers: {} } : json(409, options.conflictBody);
      }
      order.cancelled = true;
      return { status: 204, headers: {} };
    }
    const petId = /^\/pets\/([^/]+)$/.exec(path)?.[1];
    if (petId !== undefined) {
      const headers = {
        deprecation: DEPRECATION,
        sunset: SUNSET,
        link: '<https://petstore.example/deprecation>; rel="deprecation"; type="text/html", <https://petstore.example/sunset>; rel="sunset"',
      };
      if (method !== 'GET') return errorResponse(405, 'METHOD_NOT_ALLOWED', { allow: 'GET' });
      if (petId !== '1') return errorResponse(404, 'PET_NOT_FOUND', headers);
      return json(200, '{"id":1,"name":"Biscuit"}', headers);
    }
    return errorResponse(404, 'NOT_FOUND');
  }

  const handle = (
    request: Omit<PlainRequest, 'credentials' | 'query'> & { query?: string },
  ): PlainResponse => {
    const asked = { ...request, query: request.query ?? '' };
    const full = {
      ...asked,
      credentials: (options.credentials ?? strictCredentials)(request.authorization, asked),
    };
    options.onRequest?.(full);
    const routed = route(full);
    const response = { ...routed, headers: { 'access-control-allow-origin': '*', ...routed.headers } };
    return options.transform ? options.transform(full, response) : response;
  };
  return Object.assign(handle, { orders });
}

/** A fetch that answers from a target in-process: what `options.fetch` is for. */
export function targetFetch(target: ReturnType<typeof createTarget>): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const answer = target({
      method: request.method,
      path: url.pathname.replace(/^\/v1/, ''),
      query: url.search.slice(1),
      authorization: request.headers.get('authorization') ?? undefined,
    });
    const body = answer.bytes ? Buffer.from(answer.bytes) : (answer.body ?? null);
    return new Response(request.method === 'HEAD' ? null : body, {
      status: answer.status,
      headers: answer.headers,
    });
  };
}

/** Serves a target under `basePath` on 127.0.0.1; `baseUrl` includes it. */
export async function startTarget(
  options: TargetOptions = {},
  basePath = '/v1',
): Promise<Listening & { baseUrl: string; orders: ReturnType<typeof createTarget>['orders'] }> {
  const target = createTarget(options);
  const server = await listen((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://target');
    const below = url.pathname.startsWith(`${basePath}/`);
    const path = below ? url.pathname.slice(basePath.length) : `/__outside${url.pathname}`;
    const query = url.search.slice(1);
    const response = target({
      method: req.method ?? 'GET',
      path,
      query,
      authorization: req.headers.authorization,
    });
    res.writeHead(response.status, response.headers);
    res.end(response.bytes ?? response.body);
    // Node frames the answer itself (no body on a 204 or a HEAD): stray bytes go on the socket behind it.
    if (response.after) req.socket.write(response.after);
  });
  return { ...server, baseUrl: `${server.url}${basePath}`, orders: target.orders };
}
