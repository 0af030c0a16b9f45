import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../node/server.ts';
import { nodeRequest } from '../test-support/host-request.ts';
import { dashboardPageRoot } from './dashboard-server.ts';

/** A raw request, so paths reach the server exactly as written (fetch would normalise `..`). */
const get = (
  mock: RunningServer,
  path: string,
  init: { method?: string; headers?: Record<string, string> } = {},
) => nodeRequest(mock.port, path, init);

describe('the dashboard page files', () => {
  let mock: RunningServer;
  beforeAll(async () => {
    mock = await startServer({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => mock.close());

  it('finds src/pages/dashboard from source and from dist', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    expect(dashboardPageRoot()).toBe(`${root}src/pages/dashboard`);
    expect(dashboardPageRoot(new URL('../../dist/src/pages/dashboard-server.js', import.meta.url).href)).toBe(
      `${root}src/pages/dashboard`,
    );
  });

  it('serves the page at /__dashboard/ as HTML that revalidates', async () => {
    const response = await get(mock, '/__dashboard/');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toContain('<title>');
    const again = await get(mock, '/__dashboard/', {
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.status).toBe(304);
  });

  it('redirects /__dashboard to the folder so relative URLs resolve', async () => {
    const response = await get(mock, '/__dashboard?x=1');
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe('/__dashboard/');
  });

  it('serves scripts and styles with their content types', async () => {
    expect((await get(mock, '/__dashboard/app.js')).headers['content-type']).toBe(
      'text/javascript; charset=utf-8',
    );
    expect((await get(mock, '/__dashboard/styles.css')).headers['content-type']).toBe(
      'text/css; charset=utf-8',
    );
    const shared = await get(mock, '/__dashboard/shared/base.css');
    expect([shared.status, shared.headers['content-type']]).toEqual([200, 'text/css; charset=utf-8']);
    expect(shared.body).toContain('--accent');
    expect((await get(mock, '/__dashboard/shared/fetch-json.js')).body).toContain(
      'export function jsonCaller',
    );
    const head = await get(mock, '/__dashboard/app.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it.each([
    '/__dashboard/missing.js',
    '/__dashboard/README.md',
    '/__dashboard/tsconfig.json',
    '/__dashboard/../package.json',
    '/__dashboard/%2e%2e/%2e%2e/package.json',
    '/__dashboard/..%2f..%2fpackage.json',
    '/__dashboard/.hidden.js',
    '/__dashboard/%00.js',
    '/__dashboard/%zz',
    '/__dashboard//app.js',
    '/__dashboard/shared/../dashboard/tsconfig.json',
    '/__dashboard/shared/%2e%2e/control/app.js',
    '/__dashboard/shared/missing.css',
  ])('answers 404 with an Error body for %s', async (path) => {
    const response = await get(mock, path);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('answers 405 with Allow for other methods', async () => {
    const response = await get(mock, '/__dashboard/', { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(response.body)).toMatchObject({ code: 'METHOD_NOT_ALLOWED', status: 405 });
  });

  it('leaves /__dashboard/api to the mock', async () => {
    const response = await get(mock, '/__dashboard/api/projects');
    expect(response.headers['content-type']).not.toContain('text/html');
    expect(response.headers['x-content-type-options']).toBeUndefined();
  });

  it.each([{ dashboardPage: false }, { domains: false }] as const)(
    'is not served with %o',
    async (options) => {
      const bare = await startServer({ port: 0, host: '127.0.0.1', ...options });
      try {
        expect((await get(bare, '/__dashboard/')).headers['content-type']).not.toContain('text/html');
      } finally {
        await bare.close();
      }
    },
  );
});
