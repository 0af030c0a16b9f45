import { describe, expect, it } from 'vitest';
import { loadSpec } from '../contract/spec.ts';
import type { ExploreRequest } from './request.ts';
import { refusal } from './safety.ts';

const spec = loadSpec();
const ctx = { spec, baseUrl: 'http://api.test/v1', listedIds: ['1', '2', '100'], writableIds: [] };
const ITEM = '/store/orders/{orderId}';

const req = (method: string, template: string, id?: string, query = ''): ExploreRequest => ({
  method,
  template,
  params: id === undefined ? {} : { [template.includes('pets') ? 'petId' : 'orderId']: id },
  query,
  auth: { header: 'Bearer {KEY}', credential: 'valid' },
});

describe('the send-time safety guard', () => {
  it('lets reads go anywhere, with any id and query, but only GET to a listed order', () => {
    expect(refusal(req('GET', ITEM, '01', '?a=1'), ctx)).toBeUndefined();
    expect(refusal(req('HEAD', '/store/orders', undefined, '?a=1'), ctx)).toBeUndefined();
    expect(refusal(req('PROPFIND', '/store/orders', undefined, '?x'), ctx)).toBeUndefined();
    expect(refusal(req('OPTIONS', '/pets/{petId}', '1'), ctx)).toBeUndefined();
  });

  it('sends HEAD to an order only with an id proven absent: a server may cancel on every method but GET', () => {
    expect(refusal(req('HEAD', ITEM, '1'), ctx)).toMatch(/could touch an order/);
    expect(refusal(req('HEAD', ITEM, '100'), ctx)).toMatch(/could touch an order/);
    expect(refusal(req('HEAD', ITEM, '1000103'), ctx)).toBeUndefined();
  });

  it('sends any other method to an order only with an id proven absent and no query', () => {
    expect(refusal(req('DELETE', ITEM, '1000103'), ctx)).toBeUndefined();
    expect(refusal(req('OPTIONS', ITEM, '1000103'), ctx)).toBeUndefined();
    expect(refusal(req('OPTIONS', ITEM, '1'), ctx)).toMatch(/could touch an order/);
    expect(refusal(req('DELETE', ITEM, '1abc'), ctx)).toMatch(/could touch an order/);
    expect(refusal(req('DELETE', ITEM, '1000103', '?orderId=1'), ctx)).toMatch(/could change state/);
    expect(refusal(req('DELETE', ITEM, '1000103'), { ...ctx, listedIds: undefined })).toMatch(/not read/);
  });

  it('never sends a write elsewhere, nor CONNECT, nor a path the URL parser would rewrite', () => {
    expect(refusal(req('DELETE', '/store/orders'), ctx)).toMatch(/could change state/);
    expect(refusal(req('PATCH', ITEM, '1000103'), ctx)).toMatch(/could touch an order/);
    expect(refusal(req('CONNECT', '/store/orders'), ctx)).toMatch(/never sent/);
    expect(refusal(req('GET', ITEM, '%2e%2e'), ctx)).toMatch(/rewrites/);
  });

  it('with --allow-writes, lets writes reach the ids given', () => {
    const writes = { ...ctx, writableIds: ['2'] };
    expect(refusal(req('DELETE', ITEM, '+2'), writes)).toBeUndefined();
    expect(refusal(req('PATCH', ITEM, '2'), writes)).toBeUndefined();
    expect(refusal(req('PATCH', ITEM, '1000103'), writes)).toMatch(/could touch an order/);
  });
});
