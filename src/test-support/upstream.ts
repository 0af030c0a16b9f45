import type { IncomingMessage, Server, ServerResponse } from 'node:http';
// The suite's own loopback server: one way to start and tear down a test server, hanging connections included.
import { listen } from '../../conformance/test-support/listen.ts';

/** What a loopback upstream received. */
export interface Received {
  readonly method: string;
  /** The target as it arrived, e.g. `/api/v1/users/me?x=1`. */
  readonly url: string;
  readonly rawHeaders: readonly string[];
  readonly body: Buffer;
}

export interface Upstream {
  /** Origin, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  readonly received: Received[];
  readonly server: Server;
  close(): Promise<void>;
}

/**
 * A real backend on 127.0.0.1 for the passthrough tests: it records every request (its body too, so keep
 * those small unless the handler reads the body itself) and answers with `handler`, by default
 * `200 {"upstream": true, "path": …}`. close() also drops open and hanging connections.
 */
export async function startUpstream(
  handler: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void = (req, res) => {
    const body = JSON.stringify({ upstream: true, path: req.url });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  },
  options: { readsBody?: boolean } = {},
): Promise<Upstream> {
  const received: Received[] = [];
  const listening = await listen((req, res) => {
    if (options.readsBody === false) {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        rawHeaders: req.rawHeaders,
        body: Buffer.alloc(0),
      });
      return handler(req, res, Buffer.alloc(0));
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      received.push({ method: req.method ?? '', url: req.url ?? '', rawHeaders: req.rawHeaders, body });
      handler(req, res, body);
    });
  });
  return { ...listening, received };
}

/** The raw fields as `name: value` lines, in order. */
export const fieldLines = (raw: readonly string[]): string[] => {
  const lines: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) lines.push(`${raw[i]}: ${raw[i + 1]}`);
  return lines;
};
