import { describe, expect, it } from 'vitest';
import { registry } from '../checks/index.ts';
import { WRONG_KEY } from '../http/client.ts';
import { serverPool } from '../test-support/pool.ts';
import { grade, PROOF_CLOCK } from '../test-support/run.ts';
import {
  errorResponse,
  strictCredentials,
  TARGET_KEY,
  type TargetOptions,
  withHeaders,
} from '../test-support/target.ts';

// For each must and should check: a server that breaks exactly that rule makes exactly that check fail.

const { target } = serverPool();

async function gradeTarget(options: TargetOptions, ids = { pendingOrderId: '1', shippedOrderId: '2' }) {
  return grade({ baseUrl: await target(options), apiKey: TARGET_KEY, clock: PROOF_CLOCK, ...ids });
}

const isPets = (path: string) => path.startsWith('/pets/');

const MUTATIONS: Record<string, TargetOptions> = {
  'auth.missing-key': { credentials: (a) => (a === undefined ? 'ok' : strictCredentials(a)) },
  'auth.wrong-key': { credentials: (a) => (a === `Bearer ${WRONG_KEY}` ? 'ok' : strictCredentials(a)) },
  'auth.non-bearer': { credentials: (a) => (a?.endsWith(` ${TARGET_KEY}`) ? 'ok' : strictCredentials(a)) },
  'orders.list': {
    orders: [
      { id: '1', status: 'pending', fields: '"quantity":"two"' },
      { id: '2', status: 'shipped' },
    ],
  },
  'orders.cancel-absent': {
    transform: (req, res) =>
      req.method === 'DELETE' && res.status === 404 && /\/\d{7,}$/.test(req.path)
        ? { status: 204, headers: {} }
        : res,
  },
  'orders.cancel-pending': {
    transform: (req, res) =>
      req.method === 'DELETE' && res.status === 204
        ? { status: 200, headers: { 'content-type': 'application/json' }, body: '{"id":1}' }
        : res,
  },
  'orders.cancel-shipped': {
    transform: (_req, res) => (res.status === 409 ? { status: 204, headers: {} } : res),
  },
  'orders.conflict-body': { conflictBody: '{"reason":"shipped"}' },
  'http.no-content': {
    transform: (req, res) =>
      req.method === 'DELETE' && res.status === 204 ? withHeaders(res, { 'content-length': '0' }) : res,
  },
  'http.allow': {
    transform: (_req, res) => (res.status === 405 ? withHeaders(res, { allow: undefined }) : res),
  },
  'http.malformed-id': { malformedIdStatus: 500 },
  'http.media-type': {
    transform: (req, res) =>
      req.path === '/store/orders' && res.status === 200
        ? withHeaders(res, { 'content-type': 'text/plain' })
        : res,
  },
  'http.content-type': {
    transform: (req, res) =>
      isPets(req.path) && res.status === 200 ? withHeaders(res, { 'content-type': 'text/plain' }) : res,
  },
  'auth.near-miss-key': {
    credentials: (a) => (/^Bearer target-key\S*$/.test(a ?? '') ? 'ok' : strictCredentials(a)),
  },
  'orders.refused-unchanged': { refusedButCancels: 'conflict' },
  'orders.cancel-final': { cancelAgainSucceeds: true },
  'orders.date-time': {
    orders: [
      { id: '1', status: 'pending', fields: '"shipDate":"2026-12-01T10:00:00"' },
      { id: '2', status: 'shipped' },
    ],
  },
  'orders.fields': {
    orders: [
      { id: '1', status: 'pending', fields: '"pet_id":7,"quantity":1' },
      { id: '2', status: 'shipped' },
    ],
  },
  'pets.deprecation': {
    transform: (req, res) => (isPets(req.path) ? withHeaders(res, { deprecation: 'true' }) : res),
  },
  'pets.sunset': {
    transform: (req, res) => (isPets(req.path) ? withHeaders(res, { sunset: '2027-07-01T00:00:00Z' }) : res),
  },
  'pets.sunset-order': {
    // Both ahead, so the route is rightly live: only their order is wrong.
    transform: (req, res) =>
      isPets(req.path)
        ? withHeaders(res, { deprecation: '@4133980800', sunset: 'Thu, 31 Dec 2099 00:00:00 GMT' })
        : res,
  },
  'pets.sunset-link': {
    transform: (req, res) =>
      isPets(req.path) ? withHeaders(res, { link: '<https://x.example/d>; rel="deprecation"' }) : res,
  },
  'errors.body': {
    transform: (_req, res) =>
      res.status === 401 ? { ...res, body: '{"code":"UNAUTHORIZED","message":"no","status":400}' } : res,
  },
  'auth.challenge': { transform: (_req, res) => withHeaders(res, { 'www-authenticate': undefined }) },
  'auth.challenge-error': {
    transform: (_req, res) =>
      res.status === 401
        ? withHeaders(res, { 'www-authenticate': 'Bearer realm="petstore", error="invalid_token"' })
        : res,
  },
  'cors.preflight': {
    // A common bug: the preflight is authenticated like any request (and its 401 is not even an Error body).
    transform: (req, res) =>
      req.method === 'OPTIONS' ? { status: 401, headers: { 'content-type': 'text/plain' }, body: 'no' } : res,
  },
  'cors.allow-origin': {
    transform: (req, res) =>
      req.method === 'GET' ? withHeaders(res, { 'access-control-allow-origin': undefined }) : res,
  },
  'auth.extra-word': {
    credentials: (a) => (/^Bearer target-key( \S+)?$/.test(a ?? '') ? 'ok' : strictCredentials(a)),
  },
  'auth.head': { credentials: (a, req) => (req.method === 'HEAD' ? 'ok' : strictCredentials(a)) },
  'http.head': {
    transform: (req, res) =>
      req.method === 'HEAD' && res.status === 200 ? { ...res, after: Buffer.from(res.body ?? '') } : res,
  },
  'http.utf8': {
    // ISO-8859-1, and labelled so: what a servlet container sends without a charset of UTF-8 configured.
    transform: (_req, res) =>
      res.body?.includes('"message":"')
        ? {
            ...withHeaders(res, { 'content-type': 'application/json; charset=iso-8859-1' }),
            bytes: Buffer.from(res.body.replace('"message":"', '"message":"clé '), 'latin1'),
          }
        : res,
  },
  'http.byte-order-mark': {
    transform: (req, res) =>
      req.path === '/store/orders' && res.status === 200
        ? { ...res, bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(res.body ?? '')]) }
        : res,
  },
  'pets.deprecation-scope': {
    transform: (req, res) =>
      req.path.startsWith('/store/')
        ? withHeaders(res, { deprecation: '@1767225600', link: '<https://x.example/d>; rel="deprecation"' })
        : res,
  },
  'pets.live-until-sunset': {
    transform: (req, res) =>
      isPets(req.path) && req.credentials === 'ok'
        ? { ...errorResponse(410, 'GONE'), headers: { ...res.headers } }
        : res,
  },
  'pets.after-sunset': {
    transform: (req, res) =>
      isPets(req.path) ? withHeaders(res, { sunset: 'Thu, 01 Jan 2026 00:00:00 GMT' }) : res,
  },
  'auth.scheme-case': {
    credentials: (a) => (a === `Bearer ${TARGET_KEY}` ? 'ok' : a === undefined ? 'missing' : 'invalid'),
  },
};

/**
 * With the opt-in ids, a server that accepts a missing or wrong key cancels the pending order on the refused
 * request already, so the real cancel then finds it gone: a true consequence, not a second rule.
 */
const CONSEQUENCES: Record<string, string[]> = {
  'auth.missing-key': ['orders.cancel-pending', 'auth.head'],
  'auth.wrong-key': ['orders.cancel-pending'],
};
const order = registry.checks.map((c) => c.id);
const byRegistryOrder = (a: string, b: string) => order.indexOf(a) - order.indexOf(b);

describe('mutation proof', () => {
  it('has a mutation for every must and should check', () => {
    const graded = registry.checks.filter((c) => c.severity !== 'info').map((c) => c.id);
    expect(Object.keys(MUTATIONS).sort()).toEqual(graded.sort());
  });

  it('passes every check against the correct reference server', async () => {
    const { failed, results } = await gradeTarget({});
    expect(failed('must', 'should', 'info')).toEqual([]);
    expect(results.filter((r) => r.status === 'skipped').map((r) => r.id)).toEqual([]);
  });

  for (const [id, mutation] of Object.entries(MUTATIONS)) {
    const also = CONSEQUENCES[id] ?? [];
    it(`fails exactly ${id}${also.length ? ` (and what follows: ${also})` : ''} when the server breaks that rule`, async () => {
      const { failed, byId } = await gradeTarget(mutation);
      expect(failed('must', 'should', 'info'), byId[id]?.message).toEqual(
        [id, ...also].sort(byRegistryOrder),
      );
    });
  }
});

describe('differences the spec allows', () => {
  const allowed: Record<string, [TargetOptions, { pendingOrderId: string; shippedOrderId: string }?]> = {
    'extra Order fields': [
      {
        orders: [
          { id: '1', status: 'pending', fields: '"status":"pending","notes":"x","petId":1' },
          { id: '2', status: 'shipped' },
        ],
      },
    ],
    'absent optional Order fields': [
      {
        orders: [
          { id: '1', status: 'pending', fields: '' },
          { id: '2', status: 'shipped', fields: '' },
        ],
      },
    ],
    'a 409 without body': [{ conflictBody: '' }],
    'a cancelled order that stays listed': [{ cancelledStayListed: true }],
    '400 for malformed ids': [{ malformedIdStatus: 400 }],
    'int64 ids beyond 2^53': [
      {
        orders: [
          { id: '9007199254740993', status: 'pending' },
          { id: '9007199254740995', status: 'shipped' },
        ],
      },
      { pendingOrderId: '9007199254740993', shippedOrderId: '9007199254740995' },
    ],
  };

  for (const [name, [target, ids]] of Object.entries(allowed)) {
    it(`produces no must failure for ${name}`, async () => {
      const { failed, byId } = await gradeTarget(target, ids);
      expect(failed('must')).toEqual([]);
      expect(failed('should')).toEqual([]);
      expect(byId['orders.cancel-pending']?.status).toBe('passed');
      expect(byId['orders.cancel-shipped']?.status).toBe('passed');
    });
  }
});

describe('variants the spec and HTTP allow pass with exit 0', () => {
  const shipDates = (...dates: string[]): TargetOptions => ({
    orders: dates.map((date, i) => ({
      id: String(i + 1),
      status: i === 1 ? 'shipped' : 'pending',
      fields: `"petId":7,"shipDate":"${date}"`,
    })),
  });
  const strictVariants: Record<string, TargetOptions> = {
    'date-times with a long fraction, +05:30 and -08:00 offsets, lower-case t and z': shipDates(
      '2026-12-01T10:00:00.123456789Z',
      '2026-12-01T10:00:00+05:30',
      '2026-12-01T10:00:00.5-08:00',
      '2026-12-01t10:00:00z',
    ),
    'Deprecation as a Date Item with parameters': {
      transform: (req, res) =>
        isPets(req.path) ? withHeaders(res, { deprecation: '@1767225600;source="policy"' }) : res,
    },
    'application/json with parameters': {
      transform: (_req, res) =>
        res.headers['content-type'] === 'application/json'
          ? withHeaders(res, { 'content-type': 'application/json; charset=utf-8' })
          : res,
    },
    'a cancelled order that stays listed and answers 409 to a second cancel': { cancelledStayListed: true },
  };
  for (const [name, options] of Object.entries(strictVariants)) {
    it(`${name}, also under --strict`, async () => {
      const { summary, failed } = await grade({
        baseUrl: await target(options),
        apiKey: TARGET_KEY,
        pendingOrderId: '1',
        shippedOrderId: '2',
        strict: true,
        clock: PROOF_CLOCK,
      });
      expect(failed('must', 'should', 'info')).toEqual([]);
      expect(summary.exitCode).toBe(0);
    });
  }

  it('an ISO 8601 date-time without an offset: a should warning only, exit 0 without --strict', async () => {
    const { summary, failed } = await gradeTarget(shipDates('2026-12-01T10:00:00', '2026-12-01T10:00:00'));
    expect(failed('must')).toEqual([]);
    expect(failed('should')).toEqual(['orders.date-time']);
    expect(summary.exitCode).toBe(0);
  });
});
