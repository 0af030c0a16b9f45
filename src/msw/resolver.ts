import { delay, HttpResponse, type HttpResponseResolver, passthrough } from 'msw';
import { dribblePieces } from '../core/controls/faults.ts';
import type { Answer } from '../core/handle.ts';
import type { Delivery, MockRequest, MockResponse } from '../core/types.ts';
import type { Forwarding, Mock } from '../mock/mock.ts';

type Resolved = HttpResponse<string> | HttpResponse<ReadableStream> | Response;

/**
 * The one resolver behind every handler: a Fetch Request in, the mock's answer out as an HttpResponse, or
 * MSW's `passthrough()` for what goes to the network. Like the Node adapter it waits only where something
 * has to (a body to read, a shared store, a delay): an answer the mock has at once is returned without a
 * promise, which MSW accepts, so a handler costs little more than a hand-written one (docs/performance.md).
 */
export function mockResolver(mock: Pick<Mock, 'forwarding' | 'respond'>): HttpResponseResolver {
  return ({ request }) => {
    const head = headOf(request);
    const forwarding = mock.forwarding(head);
    return forwarding instanceof Promise
      ? forwarding.then((found) => answerOrForward(mock, found, head, request))
      : answerOrForward(mock, forwarding, head, request);
  };
}

function answerOrForward(
  mock: Pick<Mock, 'respond'>,
  forwarding: Forwarding | undefined,
  head: MockRequest,
  request: Request,
): Resolved | Promise<Resolved> {
  if (forwarding) {
    // MSW performs the request itself, so the mock never sees the network's answer (status 0).
    forwarding.record(0);
    return passthrough();
  }
  // Read only once the mock answers: a request that goes to the network keeps its body for it.
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return request.text().then((body) => resolved(mock.respond({ ...head, body }), request.method));
  }
  return resolved(mock.respond(head), request.method);
}

function resolved(answer: Answer, method: string): Resolved | Promise<Resolved> {
  return answer instanceof Promise
    ? answer.then((response) => toResolved(response, method))
    : toResolved(answer, method);
}

function toResolved(response: MockResponse, method: string): Resolved | Promise<Resolved> {
  if (response.delivery) return delivered(response, response.delivery, method);
  return toHttpResponse(response, method);
}

/** Latency and faults, with MSW's own `delay()` and `HttpResponse.error()`. */
async function delivered(response: MockResponse, delivery: Delivery, method: string): Promise<Resolved> {
  if (delivery.delayMs > 0) await delay(delivery.delayMs);
  const { fault } = delivery;
  if (fault === 'reset' || fault === 'empty') return HttpResponse.error();
  if (fault === 'dribble') return dribbled(response, delivery);
  return toHttpResponse(response, method);
}

/**
 * The request without its body: what the mock needs to decide whether it answers it. A Request's URL is
 * already serialised by the URL parser (normalised, percent-encoded), so its path and query are read by
 * slicing it, as `new URL(request.url)` would give them, without a second parse.
 */
function headOf(request: Request): MockRequest {
  const { url } = request;
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  const fragment = url.indexOf('#', pathStart);
  const end = fragment === -1 ? url.length : fragment;
  const queryStart = url.indexOf('?', pathStart);
  const hasQuery = queryStart !== -1 && queryStart < end;
  // Fetch's Headers yields lower-case names, as the core expects.
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return {
    method: request.method,
    path: pathStart === -1 ? '/' : url.slice(pathStart, hasQuery ? queryStart : end),
    query: hasQuery ? url.slice(queryStart + 1, end) : '',
    headers,
  };
}

/** The body in the pieces the core describes, with MSW's own `delay()` after each. */
function dribbled(response: MockResponse, delivery: Delivery): HttpResponse<ReadableStream> {
  const { pieces, pauseMs } = dribblePieces(new TextEncoder().encode(response.body?.text ?? ''), delivery);
  const stream = new ReadableStream({
    async start(controller) {
      for (const piece of pieces) {
        controller.enqueue(piece);
        await delay(pauseMs);
      }
      controller.close();
    },
  });
  return new HttpResponse(stream, { status: response.status, headers: response.headers });
}

function toHttpResponse(response: MockResponse, method: string): HttpResponse<string> {
  return new HttpResponse(method === 'HEAD' ? null : (response.body?.text ?? null), {
    status: response.status,
    headers: response.headers,
  });
}
