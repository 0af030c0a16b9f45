import { expect } from 'vitest';
import type { MockRequest, MockResponse } from '../core/types.ts';
import { specProblems } from './spec-validator.ts';

/**
 * One request to a mock in-process (its `handle`), with the key and a JSON content type; every `/__mock`
 * answer is checked against spec/mock-admin.openapi.yaml. A string body is sent as it is, anything else as JSON.
 */
export async function callMock(
  mock: { handle(request: MockRequest): Promise<MockResponse> },
  key: string,
  method: string,
  target: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const [path = '', query = ''] = target.split('?');
  const response = await mock.handle({
    method,
    path,
    query,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = response.body?.text ?? '';
  if (path.startsWith('/__mock')) {
    const seen = {
      method,
      path,
      status: response.status,
      contentType: response.headers['content-type'],
      text,
    };
    expect(specProblems(seen), `${method} ${target}`).toEqual([]);
  }
  return { response, status: response.status, json: text ? JSON.parse(text) : undefined };
}
