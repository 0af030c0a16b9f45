import type { IncomingMessage, ServerResponse } from 'node:http';
import { type BodyCopy, bodyCopy } from '../../src/forward/body-copy.ts';
import {
  createForwarder as createSharedForwarder,
  type ForwardFailure,
  type UpstreamAnswer as SharedAnswer,
} from '../../src/forward/forwarder.ts';

export interface ForwarderOptions {
  /** The upstream base URL, its base path included (e.g. `https://staging.example/v1`). */
  upstream: URL;
  /** Idle time allowed on the upstream connection, waiting for the answer or between body chunks. */
  timeoutMs: number;
  /** Bodies are copied for grading up to this many bytes; every byte is forwarded regardless. */
  maxBodyBytes: number;
  /** Extra trusted certificates for an https upstream (e.g. a staging CA). */
  ca?: string | Buffer;
}

export interface UpstreamAnswer extends SharedAnswer {
  body: BodyCopy;
}

/** One exchange as the proxy saw it. Holds credentials: redact before writing any of it out. */
export interface Forwarded {
  method: string;
  /** The client's request target, base path included, e.g. `/v1/store/orders?x=1`. */
  target: string;
  upstreamUrl: string;
  /** The fields sent upstream. */
  requestHeaders: string[];
  requestBody: BodyCopy;
  answer?: UpstreamAnswer;
  /** Set when the proxy answered itself: the upstream could not be reached (502) or timed out (504). */
  failure?: ForwardFailure;
  durationMs: number;
}

/**
 * The forwarding path the mock's passthrough uses too (src/forward: undici, both bodies streamed), with a
 * bounded copy of each body kept for grading.
 */
export function createForwarder(options: ForwarderOptions) {
  const shared = createSharedForwarder(options);

  async function forward(req: IncomingMessage, res: ServerResponse, below: string): Promise<Forwarded> {
    const requestBody = bodyCopy(options.maxBodyBytes);
    const responseBody = bodyCopy(options.maxBodyBytes);
    const exchange = await shared.forward(req, res, {
      target: below,
      onRequestChunk: (chunk) => requestBody.push(chunk),
      onResponseChunk: (chunk) => responseBody.push(chunk),
    });
    if (exchange.failure) answerFailure(res, exchange.failure);
    return {
      method: exchange.method,
      target: req.url ?? '/',
      upstreamUrl: exchange.upstreamUrl,
      requestHeaders: exchange.requestHeaders,
      requestBody,
      ...(exchange.answer ? { answer: Object.assign(exchange.answer, { body: responseBody }) } : {}),
      ...(exchange.failure ? { failure: exchange.failure } : {}),
      durationMs: Math.round(exchange.durationMs),
    };
  }

  return { forward, close: () => shared.close() };
}

function answerFailure(res: ServerResponse, failure: ForwardFailure): void {
  if (res.headersSent) return void res.destroy();
  const body = JSON.stringify({ code: failure.code, message: failure.message, status: failure.status });
  res.writeHead(failure.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}
