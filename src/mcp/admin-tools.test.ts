import { describe, expect, test } from 'vitest';
import { adminRequest } from './admin-tools.ts';
import type { AdminTool } from './tool-table.ts';
import { adminTools } from './tools.generated.ts';

const target = { origin: 'http://127.0.0.1:4010', apiKey: 'petstore-dev-key', embedded: false };
const tool = (name: string) => adminTools.find((candidate) => candidate.name === name) as AdminTool;

describe('a tool call as an admin request', () => {
  test('puts path parameters into the path, exact beyond 2^53 when given as digits', () => {
    const request = adminRequest(tool('ship_order'), { orderId: '9007199254740993' }, target);
    expect(request).toEqual({
      url: 'http://127.0.0.1:4010/__mock/orders/9007199254740993/ship',
      method: 'POST',
      headers: { accept: 'application/json' },
    });
  });

  test('escapes a path parameter, so it cannot name another path', () => {
    const request = adminRequest(tool('drop_session'), { sessionId: '../reset' }, target);
    expect(request.url).toBe('http://127.0.0.1:4010/__mock/sessions/..%2Freset');
  });

  test('puts query parameters into the query and leaves unset ones out', () => {
    const request = adminRequest(tool('count_requests'), { method: 'DELETE', status: 503 }, target);
    expect(request.url).toBe('http://127.0.0.1:4010/__mock/requests/count?method=DELETE&status=503');
    expect(request.body).toBeUndefined();
  });

  test('sends the other fields as the JSON body and the session as X-Mock-Session', () => {
    const request = adminRequest(
      tool('add_fault'),
      { path: '/v1/store/orders/*', fault: 'status', status: 503, session: 'agent-1' },
      target,
    );
    expect(request.method).toBe('POST');
    expect(request.headers).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      'x-mock-session': 'agent-1',
    });
    expect(JSON.parse(request.body as string)).toEqual({
      path: '/v1/store/orders/*',
      fault: 'status',
      status: 503,
    });
  });

  test('sends {} to an operation that takes a body when no field is given', () => {
    expect(adminRequest(tool('create_order'), {}, target).body).toBe('{}');
    expect(adminRequest(tool('reset'), {}, target).body).toBeUndefined();
  });
});
