import { request as httpRequest, type Server } from 'node:http';

/** What an upstream server received and sent, recorded at the server itself. */
export interface Tapped {
  method: string;
  url: string;
  rawHeaders: string[];
  /** The status line and header block exactly as the server wrote them. */
  head: string;
  body: Buffer;
}

/** Records every exchange of a node:http server, before its own handler runs. */
export function tap(server: Server): Tapped[] {
  const seen: Tapped[] = [];
  server.prependListener('request', (req, res) => {
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === 'string')
        chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== 'function') keep(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as typeof res.end;
    res.on('finish', () => {
      const head = (res as unknown as { _header: string })._header;
      // A body handed to a HEAD answer never goes on the wire (node:http drops it).
      const body = req.method === 'HEAD' ? Buffer.alloc(0) : Buffer.concat(chunks);
      seen.push({ method: req.method ?? '', url: req.url ?? '', rawHeaders: req.rawHeaders, head, body });
    });
  });
  return seen;
}

/** What a client received: status, reason, raw fields and the body bytes, undecoded. */
export interface Received {
  status: number;
  statusMessage: string;
  rawHeaders: string[];
  body: Buffer;
}

/** Sends one request with node:http (raw fields, nothing decoded) and reads the whole answer. */
export function send(
  url: string,
  method: string,
  rawHeaders: string[] = [],
  body?: Buffer | string,
): Promise<Received> {
  return new Promise((resolve, reject) => {
    // A raw field array gets no Host from node:http: add the URL's, as every client does.
    const hasHost = rawHeaders.some((name, i) => i % 2 === 0 && name.toLowerCase() === 'host');
    const headers = hasHost ? rawHeaders : ['Host', new URL(url).host, ...rawHeaders];
    const outgoing = httpRequest(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          statusMessage: res.statusMessage ?? '',
          rawHeaders: res.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const CONNECTION_ONLY = new Set(['connection', 'keep-alive', 'transfer-encoding']);

/** The end-to-end fields of a raw array, as `name: value` lines in order. */
export const fieldLines = (raw: readonly string[]): string[] => {
  const lines: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (!CONNECTION_ONLY.has((raw[i] ?? '').toLowerCase())) lines.push(`${raw[i]}: ${raw[i + 1]}`);
  }
  return lines;
};

/** Status, reason and end-to-end fields of a server-written header block. */
export function parseHead(head: string): { status: number; statusMessage: string; fields: string[] } {
  const [statusLine = '', ...lines] = head.split('\r\n').filter((l) => l !== '');
  const match = /^HTTP\/1\.[01] (\d{3}) ?(.*)$/.exec(statusLine);
  const raw = lines.flatMap((line) => {
    const at = line.indexOf(':');
    return [line.slice(0, at), line.slice(at + 1).trim()];
  });
  return { status: Number(match?.[1]), statusMessage: match?.[2] ?? '', fields: fieldLines(raw) };
}
