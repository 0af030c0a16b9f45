import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { domainsSimulation } from '../domains/index.ts';
import { createHandlers } from './index.ts';

const { handlers, controller } = createHandlers({
  clock: createClock('manual', Date.parse('2026-06-01T12:00:00Z')),
  extensions: [domainsSimulation()],
});
const server = setupServer(...handlers);
const base = 'http://localhost:4010';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => controller.reset());

const get = async (path: string) => (await fetch(`${base}${path}`)).json();

describe('the dashboard API through MSW', () => {
  it('serves every state of a scenario to a frontend test, and the controller resets it', async () => {
    const loaded = await fetch(`${base}/__mock/dashboard/scenarios/every-state`, { method: 'POST' });
    expect(loaded.status).toBe(200);
    const domains = await get('/__dashboard/api/projects/acme-shop/domains');
    expect(domains.map((d: { status: string }) => d.status)).toContain('misconfigured');
    await controller.reset();
    expect(await get('/__dashboard/api/projects/acme-shop/domains')).toEqual([]);
  });

  it('lists the simulation’s scenarios beside the store’s in /__mock/scenarios and applies them', async () => {
    const listed = await get('/__mock/scenarios');
    const names = listed.map((scenario: { name: string }) => scenario.name);
    expect(names.slice(0, 4)).toEqual(['seed', 'empty', 'all-shipped', 'large']);
    expect(names).toContain('domains:every-state');
    const applied = await fetch(`${base}/__mock/scenarios/domains:every-state`, { method: 'POST' });
    expect(applied.status).toBe(200);
    const domains = await get('/__dashboard/api/projects/acme-shop/domains');
    expect(domains.map((d: { status: string }) => d.status)).toContain('misconfigured');
    await controller.reset();
    await controller.scenarios.apply('domains:every-state');
    expect(await get('/__dashboard/api/projects/acme-shop/domains')).not.toEqual([]);
  });

  it('lets a test move the clock, through the API or the controller', async () => {
    const added = await fetch(`${base}/__dashboard/api/projects/acme-shop/domains`, {
      method: 'POST',
      body: JSON.stringify({ name: 'www.example.com' }),
    });
    expect(added.status).toBe(201);
    const before = await get('/__mock/dashboard/clock');
    controller.clock.advance(30 * 60_000);
    const after = await get('/__mock/dashboard/clock');
    expect(Date.parse(after.now) - Date.parse(before.now)).toBe(30 * 60_000);
  });

  it('answers refusals with an Error body a frontend can show', async () => {
    const response = await fetch(`${base}/__dashboard/api/projects/hobby-blog/domains`, {
      method: 'POST',
      body: JSON.stringify({ name: 'www.example.com' }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'PLAN_UPGRADE_REQUIRED', status: 403 });
  });
});
