import { request } from 'node:http';

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies freely
type Json = any;

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

export interface HostResponse {
  readonly status: number;
  readonly headers: Record<string, unknown>;
  readonly body: Json;
}

/**
 * One request to a mock on 127.0.0.1:`port` through node:http rather than fetch: the path goes out exactly as
 * written (fetch normalises `..`), and Host, Origin and preflight headers exactly as given (fetch forbids them).
 */
export function nodeRequest(
  port: number,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const options = { host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: init.headers };
    const req = request(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/**
 * A JSON request with the bearer `key`, its Host naming a custom domain (default: the mock's own address).
 */
export async function sendWithHost(
  port: number,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  host = `127.0.0.1:${port}`,
): Promise<HostResponse> {
  const headers = { host, authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const response = await nodeRequest(port, path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { ...response, body: response.body ? JSON.parse(response.body) : undefined };
}
