import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { type BodyCopy, bodyCopy } from './body-copy.ts';
import { endToEnd } from './headers.ts';

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

export interface UpstreamAnswer {
  status: number;
  statusMessage: string;
  /** The fields forwarded to the client (hop-by-hop ones removed). */
  rawHeaders: string[];
  body: BodyCopy;
  /** Why the body stopped before its end (upstream reset or idle, or the client went away). */
  interrupted?: string;
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
  failure?: { status: 502 | 504; code: string; message: string };
  durationMs: number;
}

class UpstreamTimeout extends Error {
  override name = 'UpstreamTimeout';
}

/**
 * Forwards requests with node:http/https (no Fetch: it would decode bodies and merge headers): the upstream's
 * own Host and TLS server name, the client's method, target, end-to-end fields and body, streamed both ways.
 */
export function createForwarder(options: ForwarderOptions) {
  const { upstream } = options;
  const secure = upstream.protocol === 'https:';
  const transport = secure ? https : http;
  const agent = new transport.Agent({ keepAlive: true, ...(options.ca ? { ca: options.ca } : {}) });
  const basePath = upstream.pathname.replace(/\/+$/, '');
  const hostname = upstream.hostname.replace(/^\[|\]$/g, '');

  function forward(req: IncomingMessage, res: ServerResponse, pathAfterPrefix: string): Promise<Forwarded> {
    const started = performance.now();
    const requestHeaders = [...endToEnd(req.rawHeaders, ['host']), 'Host', upstream.host];
    const exchange: Forwarded = {
      method: req.method ?? 'GET',
      target: req.url ?? '/',
      upstreamUrl: `${upstream.origin}${basePath}${pathAfterPrefix}`,
      requestHeaders,
      requestBody: bodyCopy(options.maxBodyBytes),
      durationMs: 0,
    };
    return new Promise<Forwarded>((resolve) => {
      let settled = false;
      const done = () => {
        if (settled) return;
        settled = true;
        exchange.durationMs = Math.round(performance.now() - started);
        resolve(exchange);
      };
      const outgoing = transport.request({
        agent,
        method: exchange.method,
        hostname,
        port: upstream.port || undefined,
        path: `${basePath}${pathAfterPrefix}`,
        headers: requestHeaders,
        // SNI carries a host name only (RFC 6066 §3): none for an IP literal.
        ...(secure && isIP(hostname) === 0 ? { servername: hostname } : {}),
      });
      outgoing.setTimeout(options.timeoutMs, () => {
        outgoing.destroy(new UpstreamTimeout(`no data from the upstream for ${options.timeoutMs} ms`));
      });
      outgoing.on('response', (incoming) => {
        const answer: UpstreamAnswer = {
          status: incoming.statusCode ?? 502,
          statusMessage: incoming.statusMessage ?? '',
          rawHeaders: endToEnd(incoming.rawHeaders),
          body: bodyCopy(options.maxBodyBytes),
        };
        res.sendDate = false; // the upstream's Date, or none: the proxy adds no field of its own
        try {
          res.writeHead(answer.status, answer.statusMessage, answer.rawHeaders);
        } catch (error) {
          // A head node:http parsed but will not write again: the client gets a 502, never a crash.
          incoming.destroy();
          outgoing.destroy(error as Error);
          return;
        }
        exchange.answer = answer;
        incoming.on('data', (chunk: Buffer) => answer.body.push(chunk));
        incoming.pipe(res);
        incoming.on('error', (error) => {
          answer.interrupted = `the upstream body did not complete: ${describe(error)}`;
          res.destroy();
          done();
        });
        res.on('finish', done);
      });
      res.on('close', () => {
        if (!res.writableFinished) {
          if (exchange.answer)
            exchange.answer.interrupted ??= 'the client went away before the end of the body';
          outgoing.destroy();
        }
        done();
      });
      outgoing.on('error', (error) => {
        if (exchange.answer) {
          exchange.answer.interrupted ??= `the upstream body did not complete: ${describe(error)}`;
          res.destroy();
          return done();
        }
        exchange.failure = failureFor(error, exchange.upstreamUrl);
        answerFailure(res, exchange.failure);
        req.resume(); // drain what the client still sends, so it reads the answer instead of a reset
        done();
      });
      req.on('data', (chunk: Buffer) => exchange.requestBody.push(chunk));
      req.pipe(outgoing);
    });
  }

  return { forward, close: () => agent.destroy() };
}

function failureFor(error: Error, url: string): NonNullable<Forwarded['failure']> {
  if (error instanceof UpstreamTimeout) {
    return { status: 504, code: 'UPSTREAM_TIMEOUT', message: `${url}: ${error.message}` };
  }
  return { status: 502, code: 'UPSTREAM_UNREACHABLE', message: `${url}: ${describe(error)}` };
}

function answerFailure(res: ServerResponse, failure: NonNullable<Forwarded['failure']>): void {
  if (res.headersSent) return void res.destroy();
  const body = JSON.stringify({ code: failure.code, message: failure.message, status: failure.status });
  res.writeHead(failure.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

const describe = (error: Error & { code?: string }): string =>
  error.code ? `${error.code}: ${error.message}` : error.message;
