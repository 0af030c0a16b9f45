import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningServer, startServer } from '../node/server.ts';

describe('the control page is served at /__mock/ beside the admin API', () => {
  let mock: RunningServer;
  beforeAll(async () => {
    mock = await startServer({ port: 0, domains: false });
  });
  afterAll(() => mock?.close());

  test('serves the page and its files; the admin API keeps every other /__mock path', async () => {
    const page = await fetch(`${mock.url}/__mock/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await page.text()).toContain('<h1>Control page</h1>');
    const script = await fetch(`${mock.url}/__mock/page/app.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    // The base styles and the fetch helper both pages share, from src/pages/shared.
    const shared = await fetch(`${mock.url}/__mock/page/shared/base.css`);
    expect([shared.status, shared.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8']);
    expect((await fetch(`${mock.url}/__mock/page/shared/fetch-json.js`)).status).toBe(200);
    expect((await fetch(`${mock.url}/__mock/page/shared/../../package.json`)).status).not.toBe(200);
    const bare = await fetch(`${mock.url}/__mock`, { redirect: 'manual' });
    expect([bare.status, bare.headers.get('location')]).toEqual([301, '/__mock/']);
    expect((await fetch(`${mock.url}/__mock/page/tsconfig.json`)).status).toBe(404);
    expect((await fetch(`${mock.url}/__mock/page/.env`)).status).toBe(404);
    expect((await fetch(`${mock.url}/__mock/orders`)).status).toBe(200);
    expect((await fetch(`${mock.url}/__mock/`, { method: 'POST' })).status).toBe(405);
  });

  test('--no-admin serves no control page either', async () => {
    const bare = await startServer({ port: 0, domains: false, admin: false });
    try {
      const page = await fetch(`${bare.url}/__mock/`);
      expect(page.status).not.toBe(200);
      expect(await page.text()).not.toContain('Control page');
    } finally {
      await bare.close();
    }
  });

  test('--no-admin answers its turned-off paths with a 404 that says so, not a 401 asking for a key', async () => {
    const bare = await startServer({ port: 0, admin: false });
    try {
      for (const path of ['/__mock/', '/__mock/orders', '/__mock/dashboard/clock', '/__mock']) {
        const answer = await fetch(`${bare.url}${path}`);
        expect(answer.status, path).toBe(404);
        expect(await answer.json(), path).toMatchObject({
          code: 'NOT_FOUND',
          message: expect.stringContaining('--no-admin'),
        });
      }
      // What is left on works as ever.
      expect((await fetch(`${bare.url}/__dashboard/api/projects`)).status).toBe(200);
      expect((await fetch(`${bare.url}/__health`)).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
