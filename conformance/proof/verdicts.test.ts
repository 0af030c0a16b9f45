import { describe, expect, it } from 'vitest';
import type { Severity } from '../rules/rule.ts';
import { serverPool } from '../test-support/pool.ts';
import { grade, PROOF_CLOCK } from '../test-support/run.ts';
import {
  errorResponse,
  type PlainRequest,
  type PlainResponse,
  strictCredentials,
  TARGET_KEY,
  type TargetOptions,
  type TargetOrder,
  withHeaders,
} from '../test-support/target.ts';

// What hurried backends really ship, tried as a strict, fair judge would: each server changes one thing, and
// the suite names it with the checks and severities given, and no other check fails.

const { target } = serverPool();

const isList = (req: PlainRequest, res: PlainResponse) => req.path === '/store/orders' && res.status === 200;
const isPets = (req: PlainRequest) => req.path.startsWith('/pets/');
/** The pet route's own requests (not its preflight). */
const isPetLookup = (req: PlainRequest) => isPets(req) && req.method === 'GET';
/** The list's orders, re-listed by `edit` (small ids only: JSON.parse is exact below 2^53). */
const relist = (res: PlainResponse, edit: (orders: Array<{ id: number }>) => unknown[]): PlainResponse => ({
  ...res,
  body: JSON.stringify(edit(JSON.parse(res.body ?? '[]') as Array<{ id: number }>)),
});
const shipDates = (date: string): TargetOptions => ({
  orders: [1, 2, 3].map((id) => ({
    id: String(id),
    status: id === 2 ? 'shipped' : 'pending',
    fields: `"petId":7,"shipDate":"${date}"`,
  })),
});
const twelveOrders: TargetOrder[] = Array.from({ length: 12 }, (_, i) => ({
  id: String(i + 1),
  status: i === 1 ? 'shipped' : 'pending',
}));
/** Answers stays 500 once an order was cancelled. */
function breaksAfterCancel(): TargetOptions {
  let cancelled = false;
  return {
    transform: (req, res) => {
      if (req.method === 'DELETE' && res.status === 204) cancelled = true;
      const internal = errorResponse(500, 'INTERNAL');
      return cancelled && req.method === 'GET' && isList(req, res)
        ? { ...internal, headers: { ...res.headers, ...internal.headers } }
        : res;
    },
  };
}
const AHEAD = 'Wed, 05 Jan 2028 00:00:00 GMT'; // 400 days after the proofs' calendar
const PAST = 'Thu, 01 Jan 2026 00:00:00 GMT';

const CASES: Record<
  string,
  [TargetOptions, Record<string, Severity>, { pending: string; shipped: string }?]
> = {
  'duplicate ids: a JOIN gone wrong lists order 3 twice': [
    {
      orders: [
        { id: '1', status: 'pending' },
        { id: '2', status: 'shipped' },
        { id: '3', status: 'pending', fields: '"petId":7,"quantity":1' },
        { id: '3', status: 'pending', fields: '"petId":8,"quantity":2' },
      ],
    },
    { 'orders.list': 'must' },
  ],
  'ids beyond 2^53 stored exactly but listed as rounded doubles': [
    {
      orders: [
        { id: '9007199254740993', listedAs: '9007199254740992', status: 'pending' },
        { id: '9007199254740995', listedAs: '9007199254740996', status: 'shipped' },
        { id: '9007199254740997', listedAs: '9007199254740996', status: 'pending' },
      ],
    },
    // The given ids are not listed: the pending order's checks skip with that reason, the shipped one fails.
    { 'orders.list': 'must' },
    { pending: '9007199254740993', shipped: '9007199254740995' },
  ],
  'a listed id of 2^63': [
    {
      orders: [
        { id: '1', status: 'pending' },
        { id: '2', status: 'shipped' },
        { id: '9223372036854775808', status: 'pending' },
      ],
    },
    { 'orders.list': 'must' },
  ],
  'a petId of 2^64−1': [
    {
      orders: [
        { id: '1', status: 'pending', fields: '"petId":18446744073709551615,"quantity":1' },
        { id: '2', status: 'shipped' },
      ],
    },
    { 'orders.list': 'must' },
  ],
  'pagination: 10 of 12 orders with a next link and X-Total-Count: 12': [
    {
      orders: twelveOrders,
      transform: (req, res) =>
        isList(req, res)
          ? withHeaders(
              relist(res, (orders) => orders.slice(0, 10)),
              {
                link: '</v1/store/orders?page=2>; rel="next"',
                'x-total-count': '12',
              },
            )
          : res,
    },
    { 'orders.list': 'must' },
  ],
  'shipped orders left out of the list, while their cancel answers 409': [
    {
      transform: (req, res) =>
        isList(req, res) ? relist(res, (orders) => orders.filter((o) => o.id !== 2)) : res,
    },
    { 'orders.list': 'must' },
  ],
  'the list answers 500 after a cancel': [breaksAfterCancel(), { 'orders.cancel-final': 'must' }],
  'a space for the T, with a fraction and +00:00': [
    shipDates('2026-12-02 12:30:00.250000+00:00'),
    { 'orders.list': 'must' },
  ],
  'a space for the T, with +00': [shipDates('2026-12-07 11:00:00+00'), { 'orders.list': 'must' }],
  'an extended time with a basic offset': [
    shipDates('2026-12-02T12:30:00.250+0000'),
    { 'orders.list': 'must' },
  ],
  'JSON in ISO-8859-1, labelled charset=iso-8859-1': [
    {
      orders: [
        { id: '1', status: 'pending', fields: '"petId":7,"notes":"café"' },
        { id: '2', status: 'shipped', fields: '"petId":8,"notes":"crème"' },
      ],
      transform: (_req, res) =>
        res.body
          ? {
              ...withHeaders(res, { 'content-type': 'application/json; charset=iso-8859-1' }),
              bytes: Buffer.from(res.body, 'latin1'),
            }
          : res,
    },
    { 'http.utf8': 'must' },
  ],
  'a byte-order mark before the list': [
    {
      transform: (req, res) =>
        isList(req, res) ? { ...res, bytes: Buffer.from(`\uFEFF${res.body ?? ''}`, 'utf8') } : res,
    },
    { 'http.byte-order-mark': 'should' },
  ],
  'a JSON body behind the cancel’s 204 on the connection': [
    {
      transform: (req, res) =>
        req.method === 'DELETE' && res.status === 204
          ? { ...res, after: Buffer.from('{"cancelled":true}') }
          : res,
    },
    { 'orders.cancel-pending': 'must' },
  ],
  'a HEAD answered with body bytes': [
    {
      transform: (req, res) =>
        req.method === 'HEAD' && res.status === 200 ? { ...res, after: Buffer.from(res.body ?? '') } : res,
    },
    { 'http.head': 'should' },
  ],
  'authentication skipped when a query string is present': [
    { credentials: (a, req) => (req.query ? 'ok' : strictCredentials(a)) },
    { 'auth.missing-key': 'must', 'auth.wrong-key': 'must' },
  ],
  'the pet lookup answers 404 before authenticating for an unknown pet': [
    {
      transform: (req, res) =>
        isPets(req) && req.path !== '/pets/1' ? errorResponse(404, 'PET_NOT_FOUND') : res,
    },
    { 'auth.missing-key': 'must', 'auth.wrong-key': 'must' },
  ],
  'Authorization: Bearer <key> anything accepted': [
    { credentials: (a) => (a?.startsWith(`Bearer ${TARGET_KEY} `) ? 'ok' : strictCredentials(a)) },
    { 'auth.extra-word': 'should' },
  ],
  'HEAD without a key answers 200 while GET answers 401': [
    { credentials: (a, req) => (req.method === 'HEAD' ? 'ok' : strictCredentials(a)) },
    { 'auth.head': 'should' },
  ],
  'Deprecation and a deprecation link on the list and the cancel': [
    {
      transform: (req, res) =>
        req.path.startsWith('/store/')
          ? withHeaders(res, {
              deprecation: '@1767225600',
              link: '<https://petstore.example/d>; rel="deprecation"',
            })
          : res,
    },
    { 'pets.deprecation-scope': 'must' },
  ],
  '410 on the pet route while its Sunset is 400 days ahead': [
    {
      transform: (req, res) =>
        isPetLookup(req)
          ? {
              ...errorResponse(410, 'GONE'),
              headers: { ...res.headers, 'content-type': 'application/json', sunset: AHEAD },
            }
          : res,
    },
    // Not retired, so the 410 to a missing, wrong or Basic key is no 401 either.
    {
      'auth.missing-key': 'must',
      'auth.wrong-key': 'must',
      'auth.non-bearer': 'must',
      'pets.live-until-sunset': 'must',
    },
  ],
  'a past Sunset still answered 200': [
    { transform: (req, res) => (isPets(req) ? withHeaders(res, { sunset: PAST }) : res) },
    { 'pets.after-sunset': 'should' },
  ],
  'a 410 with an empty body after the Sunset': [
    {
      transform: (req, res) =>
        req.path === '/pets/1' && req.credentials === 'ok'
          ? {
              status: 410,
              headers: { ...withHeaders(res, { sunset: PAST, 'content-type': undefined }).headers },
            }
          : res,
    },
    { 'pets.after-sunset': 'should' },
  ],
  'a reflected Access-Control-Allow-Origin without Vary: Origin': [
    {
      transform: (_req, res) =>
        withHeaders(res, { 'access-control-allow-origin': 'https://app.conformance.invalid' }),
    },
    { 'cors.allow-origin': 'should' },
  ],
  'an empty store listed as null': [
    { orders: [], transform: (req, res) => (isList(req, res) ? { ...res, body: 'null' } : res) },
    { 'orders.list': 'must' },
    { pending: '', shipped: '' },
  ],
};

async function gradeCase(options: TargetOptions, ids = { pending: '1', shipped: '2' }, strict = false) {
  return grade({
    baseUrl: await target(options),
    apiKey: TARGET_KEY,
    clock: PROOF_CLOCK,
    strict,
    ...(ids.pending ? { pendingOrderId: ids.pending } : {}),
    ...(ids.shipped ? { shippedOrderId: ids.shipped } : {}),
  });
}

describe('what hurried backends ship', () => {
  for (const [name, [options, expected, ids]] of Object.entries(CASES)) {
    it(`catches ${name}`, async () => {
      const { results, summary } = await gradeCase(options, ids);
      const failed = Object.fromEntries(
        results.filter((r) => r.status === 'failed').map((r) => [r.id, r.severity]),
      );
      expect(failed, JSON.stringify(results.filter((r) => r.status === 'failed'))).toEqual(expected);
      const must = Object.values(expected).includes('must');
      expect(summary.exitCode).toBe(must ? 1 : 0);
    });
  }

  it('says why an empty store listed as null fails: not an array', async () => {
    const [options, , ids] = CASES['an empty store listed as null'] ?? [];
    const { byId } = await gradeCase(options ?? {}, ids);
    expect(byId['orders.list']?.message).toMatch(/not an array/);
  });

  it('names a shipped order the list leaves out as a failure of the list, not a skip', async () => {
    const [options] = CASES['shipped orders left out of the list, while their cancel answers 409'] ?? [];
    const { byId } = await gradeCase(options ?? {});
    expect(byId['orders.list']?.message).toMatch(/shipped order 2 is not listed/);
    expect(byId['orders.cancel-shipped']?.status).toBe('skipped');
  });
});

describe('legal variants pass', () => {
  const strictVariants: Record<string, TargetOptions> = {
    'a reflected origin with Vary: Origin': {
      transform: (_req, res) =>
        withHeaders(res, {
          'access-control-allow-origin': 'https://app.conformance.invalid',
          vary: 'Origin',
        }),
    },
    'a retired route: 410 with an Error body after its Sunset': {
      transform: (req, res) =>
        isPetLookup(req)
          ? { ...errorResponse(410, 'ENDPOINT_SUNSET'), headers: { ...res.headers, sunset: PAST } }
          : res,
    },
    'a second word after the key refused with 400 invalid_request': {
      transform: (req, res) =>
        (req.authorization ?? '').split(' ').length > 2
          ? errorResponse(400, 'INVALID_REQUEST', {
              'www-authenticate': 'Bearer realm="petstore", error="invalid_request"',
            })
          : res,
    },
    'X-Total-Count equal to the number listed, and a Link without rel="next"': {
      transform: (req, res) =>
        isList(req, res)
          ? withHeaders(res, { 'x-total-count': '3', link: '</v1/store/orders>; rel="self"' })
          : res,
    },
    'ids beyond 2^53 listed exactly, and a petId of 2^63−1': {
      orders: [
        { id: '9007199254740993', status: 'pending', fields: '"petId":9223372036854775807' },
        { id: '9007199254740995', status: 'shipped' },
        { id: '9007199254740997', status: 'pending' },
      ],
    },
  };
  for (const [name, options] of Object.entries(strictVariants)) {
    it(`${name}, under --strict`, async () => {
      const big = name.startsWith('ids beyond');
      const ids = big ? { pending: '9007199254740993', shipped: '9007199254740995' } : undefined;
      const { failed, summary } = await gradeCase(options, ids, true);
      expect(failed('must', 'should', 'info')).toEqual([]);
      expect(summary.exitCode).toBe(0);
    });
  }

  it.each([
    ['no seconds, as Java writes them when they are zero', '2026-12-01T10:00Z'],
    ['the basic format', '20261201T103000Z'],
    ['a decimal comma', '2026-12-01T10:00:00,5Z'],
  ])('an ISO 8601 date-time with %s: a should warning only, exit 0', async (_name, date) => {
    const { failed, summary } = await gradeCase(shipDates(date));
    expect(failed('must')).toEqual([]);
    expect(failed('should')).toEqual(['orders.date-time']);
    expect(summary.exitCode).toBe(0);
  });
});
