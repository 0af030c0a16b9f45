import { request } from 'node:http';

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies freely
type Json = any;

export interface HostResponse {
  readonly status: number;
  readonly headers: Record<string, unknown>;
  readonly body: Json;
}

/**
 * A JSON request to a mock on 127.0.0.1:`port` with the bearer `key`, through node:http rather than fetch, so
 * the Host header can name a custom domain (default: the mock's own address).
 */
export function sendWithHost(
  port: number,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  host = `127.0.0.1:${port}`,
): Promise<HostResponse> {
  return new Promise((resolve, reject) => {
    const headers = { host, authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let data = '';
      res.on('data', (chunk) => {
        data += chunk;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: data ? JSON.parse(data) : undefined,
        }),
      );
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
