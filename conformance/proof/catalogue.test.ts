import { describe, expect, it } from 'vitest';
import type { Severity } from '../rules/rule.ts';
import { serverPool } from '../test-support/pool.ts';
import { grade } from '../test-support/run.ts';
import { TARGET_KEY, type TargetOptions, withHeaders } from '../test-support/target.ts';

// What a hurried backend team ships: each broken deployment is caught by the checks named, with that severity,
// and by no other check.

const { target } = serverPool();

const CATALOGUE: Record<string, [TargetOptions, Record<string, Severity>]> = {
  'a wrong status on one path: 400 for an absent order': [
    {
      transform: (req, res) =>
        req.method === 'DELETE' && /\/\d{7,}$/.test(req.path) && res.status === 404
          ? { ...res, status: 400, body: JSON.stringify({ code: 'BAD', message: 'no', status: 400 }) }
          : res,
    },
    { 'orders.cancel-absent': 'must' },
  ],
  'a field renamed by a serializer (petId → pet_id)': [
    {
      orders: [
        { id: '1', status: 'pending', fields: '"pet_id":7,"quantity":1' },
        { id: '2', status: 'shipped', fields: '"pet_id":8,"quantity":1' },
      ],
    },
    { 'orders.fields': 'should' },
  ],
  'the id renamed (id → orderId)': [
    {
      transform: (req, res) =>
        req.path === '/store/orders' && res.status === 200
          ? { ...res, body: (res.body ?? '').replaceAll('"id":', '"orderId":') }
          : res,
    },
    // Without ids in the list the opt-in orders cannot be found: their checks are skipped, not failed.
    { 'orders.fields': 'should' },
  ],
  'the id as a string': [
    {
      transform: (req, res) =>
        req.path === '/store/orders' && res.status === 200
          ? { ...res, body: (res.body ?? '').replace(/"id":(\d+)/g, '"id":"$1"') }
          : res,
    },
    { 'orders.list': 'must' },
  ],
  'a 200 with an empty body for a cancel': [
    {
      transform: (req, res) =>
        req.method === 'DELETE' && res.status === 204 ? { ...res, status: 200 } : res,
    },
    { 'orders.cancel-pending': 'must' },
  ],
  'a 401 without WWW-Authenticate': [
    { transform: (_req, res) => withHeaders(res, { 'www-authenticate': undefined }) },
    { 'auth.challenge': 'should' },
  ],
  'the deprecation headers on the 404 only, not on the 200': [
    {
      transform: (req, res) =>
        req.path.startsWith('/pets/') && res.status === 200
          ? withHeaders(res, { deprecation: undefined, sunset: undefined, link: undefined })
          : res,
    },
    { 'pets.deprecation': 'should', 'pets.sunset': 'should', 'pets.sunset-link': 'should' },
  ],
  'Content-Type and Content-Length on the 204': [
    {
      transform: (req, res) =>
        req.method === 'DELETE' && res.status === 204
          ? withHeaders(res, { 'content-type': 'application/json', 'content-length': '0' })
          : res,
    },
    { 'http.no-content': 'should' },
  ],
  'Error bodies served as text/plain': [
    {
      transform: (_req, res) =>
        res.status === 401 || res.status === 404 ? withHeaders(res, { 'content-type': 'text/plain' }) : res,
    },
    // The malformed id's 404 is graded should: the seed does not state its body.
    { 'http.media-type': 'must', 'http.content-type': 'should' },
  ],
  'keys compared case-insensitively': [
    {
      credentials: (a) =>
        a === undefined
          ? 'missing'
          : a.toLowerCase() === `bearer ${TARGET_KEY}`.toLowerCase()
            ? 'ok'
            : 'invalid',
    },
    { 'auth.near-miss-key': 'must' },
  ],
};

describe('a catalogue of broken deployments', () => {
  for (const [name, [options, expected]] of Object.entries(CATALOGUE)) {
    it(`catches ${name}`, async () => {
      const { results } = await grade({
        baseUrl: await target(options),
        apiKey: TARGET_KEY,
        pendingOrderId: '1',
        shippedOrderId: '2',
      });
      const failed = Object.fromEntries(
        results.filter((r) => r.status === 'failed').map((r) => [r.id, r.severity]),
      );
      expect(failed).toEqual(expected);
    });
  }
});
