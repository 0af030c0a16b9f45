import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../node/server.ts';
import { nodeRequest } from '../test-support/host-request.ts';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('the root URL', () => {
  let mock: RunningServer;
  let bare: RunningServer;
  beforeAll(async () => {
    mock = await startServer({ port: 0 });
    bare = await startServer({ port: 0, admin: false, domains: false });
  });
  afterAll(async () => {
    await mock.close();
    await bare.close();
  });

  it('shows a browser what this is, with links to the pages, the API and the spec (it was a 401)', async () => {
    const page = await nodeRequest(mock.port, '/', { headers: { accept: BROWSER } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    for (const link of ['/__mock/', '/__dashboard/', '/__spec/openapi.yaml', '/__health']) {
      expect(page.body).toContain(`href="${link}"`);
    }
    expect(page.body).toContain('/v1/store/orders');
    expect(page.body).toContain('Authorization: Bearer');
  });

  it('answers a client that asks for JSON the same links as JSON, and HEAD without a body', async () => {
    const answer = await nodeRequest(mock.port, '/');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({
      name: 'petstore-mock',
      version: expect.any(String),
      api: '/v1',
      links: {
        controlPage: '/__mock/',
        dashboardPage: '/__dashboard/',
        spec: '/__spec/openapi.yaml',
        adminSpec: '/__spec/mock-admin.openapi.yaml',
        dashboardSpec: '/__spec/dashboard.openapi.yaml',
        health: '/__health',
      },
    });
    const head = await nodeRequest(mock.port, '/', { method: 'HEAD' });
    expect([head.status, head.body]).toEqual([200, '']);
  });

  it('links only what is served: no control page with --no-admin, no dashboard without the simulation', async () => {
    const page = await nodeRequest(bare.port, '/', { headers: { accept: BROWSER } });
    expect(page.body).not.toContain('href="/__mock/"');
    expect(page.body).not.toContain('href="/__dashboard/"');
    expect(JSON.parse((await nodeRequest(bare.port, '/')).body).links).toEqual({
      spec: '/__spec/openapi.yaml',
      health: '/__health',
    });
  });

  it('serves the specs it links, read-only, and leaves other methods on / to the API', async () => {
    const spec = await nodeRequest(mock.port, '/__spec/openapi.yaml');
    expect(spec.status).toBe(200);
    expect(spec.headers['content-type']).toBe('application/yaml; charset=utf-8');
    expect(spec.body.startsWith('openapi: 3.1')).toBe(true);
    expect((await nodeRequest(mock.port, '/__spec/mock-admin.openapi.yaml')).status).toBe(200);
    expect((await nodeRequest(mock.port, '/__spec/package.json')).status).toBe(404);
    expect((await nodeRequest(bare.port, '/__spec/mock-admin.openapi.yaml')).status).toBe(404);
    expect((await nodeRequest(mock.port, '/', { method: 'POST' })).status).toBe(401);
  });
});
