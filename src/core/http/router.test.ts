import { describe, expect, test } from 'vitest';
import type { MockRequest, MockResponse } from '../types.ts';
import { ApiError } from './errors.ts';
import { type Params, Router, route } from './router.ts';

const request = (method: string, path: string): MockRequest => ({ method, path, query: '', headers: {} });
const answer = (text: string): MockResponse => ({ status: 200, headers: {}, body: { text } });
const refusal = async (promise: () => unknown) => {
  try {
    await promise();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code, headers: error.headers };
  }
  throw new Error('expected an ApiError');
};

const router = new Router([
  route('/zones/:zone/records/:recordId', {
    DELETE: async (_request, { zone, recordId }) => answer(`${zone} ${recordId}`),
  }),
  route('/zones/:zone', { GET: async (_request, { zone }) => answer(`zone ${zone}`) }),
  route('/zones/new', { GET: async () => answer('the static one') }),
  route('/zones', { GET: async () => answer('list'), POST: async () => answer('created') }),
]);

describe('the router', () => {
  test('types the parameters from the path literal', () => {
    const params: Params<'/a/:first/b/:second'> = { first: '1', second: '2' };
    // @ts-expect-error a name the path does not declare
    const wrong: Params<'/a/:first'> = { second: '2' };
    expect([params, wrong]).toHaveLength(2);
  });

  test('passes every named parameter, percent-decoded', async () => {
    const deleted = await router.dispatch(request('DELETE', '/zones/ex%61mple.com/records/r1'));
    expect(deleted.body?.text).toBe('example.com r1');
  });

  test('keeps a segment that is not valid percent-encoding as it is, rather than failing', async () => {
    const answered = await router.dispatch(request('GET', '/zones/%zz'));
    expect(answered.body?.text).toBe('zone %zz');
  });

  test('prefers a static path over a parameter that would match it too', async () => {
    expect((await router.dispatch(request('GET', '/zones/new'))).body?.text).toBe('the static one');
  });

  test('answers HEAD as GET', async () => {
    expect((await router.dispatch(request('HEAD', '/zones'))).body?.text).toBe('list');
  });

  test('answers another method on a known path with 405 and Allow', async () => {
    const refused = await refusal(() => router.dispatch(request('PATCH', '/zones')));
    expect(refused).toEqual({
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      headers: { allow: 'GET, HEAD, POST, OPTIONS' },
    });
  });

  test('answers an unknown path, or an empty parameter, with 404 NOT_FOUND', async () => {
    for (const path of ['/nothing', '/zones/', '/zones/a/records/', '/zones/a/extra']) {
      expect(await refusal(() => router.dispatch(request('GET', path)))).toMatchObject({
        status: 404,
        code: 'NOT_FOUND',
      });
    }
  });

  test('mounted at a prefix, answers the whole paths below it, static and with parameters', async () => {
    const mounted = new Router(
      [
        route('/orders', { GET: async () => answer('list') }),
        route('/orders/:id', {
          GET: async (_request, { id }) => answer(`order ${id}`),
        }),
      ],
      { mount: '/v1/store' },
    );
    expect((await mounted.dispatch(request('GET', '/v1/store/orders'))).body?.text).toBe('list');
    expect((await mounted.dispatch(request('GET', '/v1/store/orders/42'))).body?.text).toBe('order 42');
    expect(await refusal(() => mounted.dispatch(request('GET', '/orders')))).toMatchObject({ status: 404 });
    expect(mounted.served()).toEqual([
      { method: 'GET', path: '/v1/store/orders' },
      { method: 'GET', path: '/v1/store/orders/:id' },
    ]);
  });

  test('tells static paths of one length apart, and refuses a path that only begins like a route', async () => {
    const mounted = new Router(
      [
        route('/zones/new', { GET: async () => answer('new') }),
        route('/zones/old', { GET: async () => answer('old') }),
        route('/:tenant/items', { GET: async (_request, { tenant }) => answer(`items of ${tenant}`) }),
      ],
      { mount: '/v1' },
    );
    expect((await mounted.dispatch(request('GET', '/v1/zones/old'))).body?.text).toBe('old');
    expect((await mounted.dispatch(request('GET', '/v1/zones/new'))).body?.text).toBe('new');
    expect((await mounted.dispatch(request('GET', '/v1/acme/items'))).body?.text).toBe('items of acme');
    for (const path of ['/v1/zones/ole', '/v1/zones/newer', '/v1//items', '/v1/acme/itemsx', '/v1/acme']) {
      expect(await refusal(() => mounted.dispatch(request('GET', path)))).toMatchObject({ status: 404 });
    }
  });

  test('lists its operations with OpenAPI-style templates under a prefix', () => {
    expect(router.operations('/api')).toContainEqual({
      method: 'DELETE',
      path: '/api/zones/{zone}/records/{recordId}',
    });
  });
});
