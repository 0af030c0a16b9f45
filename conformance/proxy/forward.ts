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
  /** The client's request target in origin form, base path included, e.g. `/v1/store/orders?x=1`. */
  target: string;
  /** The path below the base path, without the query (`/store/orders`): what the spec's paths are matched against. */
  path: string;
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

  /**
   * Forwards `req` to `target.below` (its target below the base path). The exchange is built whole here, as
   * one literal: once optimised, V8 gives a copy made with spread syntax and then given a field of its own
   * (`{ ...exchange, path }`) a hidden class of its own, made in the old generation, where it and its field
   * descriptions wait for the next full collection.
   */
  async function forward(
    req: IncomingMessage,
    res: ServerResponse,
    target: { readonly full: string; readonly below: string },
    onLateFraming?: (problem: string) => void,
  ): Promise<Forwarded> {
    const requestBody = bodyCopy(options.maxBodyBytes);
    const responseBody = bodyCopy(options.maxBodyBytes);
    const exchange = await shared.forward(req, res, {
      target: target.below,
      onRequestChunk: (chunk) => requestBody.push(chunk),
      onResponseChunk: (chunk) => responseBody.push(chunk),
      ...(onLateFraming ? { onLateFraming } : {}),
    });
    if (exchange.failure) answerFailure(res, exchange.failure);
    return {
      method: exchange.method,
      target: target.full,
      path: target.below.split('?')[0] || '/',
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
