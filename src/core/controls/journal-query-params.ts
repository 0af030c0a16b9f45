import { coreError } from '../http/errors.ts';
import type { JournalQuery } from './journal-query.ts';
import { pathPattern } from './path-pattern.ts';

// The journal's filters as `GET /__mock/requests` reads them from its query: the control planes' code, loaded
// with the admin API (the MSW controller's `journal.find` takes them as an object).

/**
 * Reads `?method=&path=&status=&source=&since=&limit=` (spec/mock-admin.openapi.yaml); anything else in the query
 * is ignored. A value that cannot be a filter is a 400 naming the parameter, never an empty answer.
 */
export function parseJournalQuery(queryString: string): JournalQuery {
  const params = queryParams(queryString);
  const query: { -readonly [Key in keyof JournalQuery]: JournalQuery[Key] } = {};
  const method = params.get('method');
  if (method !== null) {
    if (!/^[A-Za-z]{1,16}$/.test(method)) throw invalid('method', 'a method such as DELETE');
    query.method = method;
  }
  const path = params.get('path');
  if (path !== null) {
    pathPattern(path, 'path'); // refuses a pattern with too many wildcards here, naming the parameter
    query.path = path;
  }
  const status = params.get('status');
  if (status !== null) query.status = whole('status', status, 599);
  const source = params.get('source');
  if (source !== null) {
    if (source !== 'mock' && source !== 'upstream') throw invalid('source', 'mock or upstream');
    query.source = source;
  }
  const since = params.get('since');
  if (since !== null) {
    if (Number.isNaN(Date.parse(since))) throw invalid('since', 'a date-time such as 2026-07-01T09:00:00Z');
    query.since = since;
  }
  const limit = params.get('limit');
  if (limit !== null) query.limit = whole('limit', limit, Number.MAX_SAFE_INTEGER, 1);
  return query;
}

/** The first value of each name (form encoding: `+` is a space); the core has no URLSearchParams type. */
function queryParams(queryString: string): { get(name: string): string | null } {
  const values = new Map<string, string>();
  for (const pair of queryString.split('&')) {
    if (pair === '') continue;
    const [name = '', value = ''] = pair.split('=', 2).map(decodeFormComponent);
    if (!values.has(name)) values.set(name, value);
  }
  return { get: (name) => values.get(name) ?? null };
}

function decodeFormComponent(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

function whole(name: string, text: string, max: number, min = 0): number {
  const value = Number(text);
  if (!/^\d{1,16}$/.test(text) || value < min || value > max) {
    throw invalid(name, `a whole number from ${min} to ${max}`);
  }
  return value;
}

function invalid(name: string, expected: string) {
  return coreError('INVALID_REQUEST', `The query parameter "${name}" must be ${expected}.`);
}
