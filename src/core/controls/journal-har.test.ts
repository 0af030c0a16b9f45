import { describe, expect, test } from 'vitest';
import { SecretRedactor } from '../../exchange/secrets.ts';
import type { MockRequest, MockResponse } from '../types.ts';
import { RequestJournal } from './journal.ts';

const loadExport = () => import('./journal-export.ts');

const KEY = 'secret-key-1234';
const list: MockResponse = {
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: { text: '[{"id":1,"note":"a \\"quoted\\" word"}]' },
};
const missing: MockResponse = {
  status: 404,
  headers: { 'content-type': 'application/json' },
  body: { text: '{}' },
};

function request(path: string, headers: Record<string, string> = {}): MockRequest {
  return {
    method: path.includes('9') ? 'DELETE' : 'GET',
    path,
    query: 'x=1',
    headers: { host: 'mock.test', ...headers },
  };
}

describe('the HAR export as text', () => {
  test('is JSON.stringify of the HAR document, read after read, as entries come, wrap around the ring and are cleared', async () => {
    const journal = new RequestJournal({ entries: 5 }, [KEY], { loadExport });
    const same = async (query = {}) =>
      expect((await journal.harBody(query)).text).toBe(JSON.stringify(await journal.toHar(query)));
    await same();
    journal.record(request('/v1/store/orders', { authorization: `Bearer ${KEY}` }), list, 1000);
    journal.record(request('/v1/store/orders/9'), missing, 2000);
    await same();
    await same();
    for (let i = 0; i < 6; i++)
      journal.record(request(`/v1/store/orders/${i}`), i % 2 ? list : 401, 3000 + i);
    await same();
    await same({ method: 'GET' });
    await same();
    journal.clear();
    await same();
    journal.record(request('/v1/store/orders/9'), missing, 9000);
    await same();
  });

  test('redacts a secret added after an entry was first exported', async () => {
    const secrets = new SecretRedactor([KEY]);
    const journal = new RequestJournal({}, secrets, { loadExport });
    journal.record(request('/v1/store/orders', { 'x-note': 'late-secret-99' }), list, 1000);
    expect((await journal.harBody()).text).toContain('late-secret-99');

    secrets.add('late-secret-99');

    expect((await journal.harBody()).text).not.toContain('late-secret-99');
  });
});
