import type { MockRequest, MockResponse } from '../types.ts';
import { coreError } from './errors.ts';
import { type OperationMatcher, operationMatcher, type SpecOperation } from './operation-match.ts';
import { jsonBody, type ResponseKit } from './responses.ts';
import { truncate } from './text.ts';

export type { SpecOperation } from './operation-match.ts';

/**
 * Reads an RFC 7240 `Prefer` header: comma-separated preferences, each `token[=value]` (the value a token or
 * a quoted string) with `;parameters`, which are ignored here. Names are case-insensitive; when one is
 * given twice the first wins (§2). Anything it cannot read is skipped, never an error.
 */
export function parsePrefer(header: string): Map<string, string> {
  const preferences = new Map<string, string>();
  for (const match of header.matchAll(
    /(?:^|,)\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*(?:=\s*("(?:[^"\\]|\\.)*"|[^,;\s]*))?[^,]*/g,
  )) {
    const name = (match[1] as string).toLowerCase();
    const raw = match[2] ?? '';
    const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    if (!preferences.has(name)) preferences.set(name, value);
  }
  return preferences;
}

/**
 * `Prefer: code=NNN` and `Prefer: example=NAME`, Prism's conventions: the operation's documented answer
 * with a spec-valid body (its example, or an Error body for an error status without one), instead of what
 * the state would give. Nothing changes in the store. A status or example the operation does not document
 * is a 400 that lists the documented ones.
 */
export class PreferredAnswers {
  readonly #operations: OperationMatcher;

  constructor(
    operations: readonly SpecOperation[],
    private readonly kit: ResponseKit,
  ) {
    this.#operations = operationMatcher(operations);
  }

  /** The preferred answer for `path` (below the base path), or undefined to answer as usual. */
  answer(request: MockRequest, path: string, header: string): MockResponse | undefined {
    const preferences = parsePrefer(header);
    const code = preferences.get('code');
    const example = preferences.get('example');
    if (code === undefined && example === undefined) return undefined;
    const found = this.#operations.find(request.method, path);
    if (!found) return undefined;
    const statuses = Object.keys(found.responses);
    const status =
      code ?? statuses.find((s) => example !== undefined && example in (found.responses[s]?.examples ?? {}));
    const response = status === undefined ? undefined : found.responses[status];
    if (status === undefined || !response) {
      if (code !== undefined) {
        throw coreError(
          'INVALID_REQUEST',
          `Prefer: code=${truncate(code, 16)} is not documented for ${found.operationId}; it documents ${statuses.join(', ')}.`,
        );
      }
      throw noExample(found, example as string);
    }
    if (example !== undefined && !(example in response.examples)) throw noExample(found, example, status);
    const applied = [
      code === undefined ? '' : `code=${status}`,
      example === undefined ? '' : `example=${example}`,
    ]
      .filter(Boolean)
      .join(', ');
    return this.#render(found, Number(status), response, example, applied);
  }

  #render(
    operation: SpecOperation,
    status: number,
    response: SpecOperation['responses'][string],
    example: string | undefined,
    applied: string,
  ): MockResponse {
    const headers: Record<string, string> = { 'preference-applied': applied };
    if (status === 401) headers['www-authenticate'] = 'Bearer realm="petstore"';
    if (!response.json) return { status, headers: { ...this.kit.cors, ...headers } };
    const examples = Object.values(response.examples);
    const value =
      example !== undefined
        ? response.examples[example]
        : (response.examples.default ??
          examples[0] ?? {
            code: 'PREFERRED_STATUS',
            message: `${operation.operationId} answered ${status} because the request asked for it (Prefer: code=${status}).`,
            status,
          });
    return this.kit.json(status, jsonBody(value), headers);
  }
}

function noExample(operation: SpecOperation, name: string, status?: string) {
  const names = Object.entries(operation.responses)
    .filter(([code]) => status === undefined || code === status)
    .flatMap(([code, response]) => Object.keys(response.examples).map((example) => `${example} (${code})`));
  return coreError(
    'INVALID_REQUEST',
    `Prefer: example=${truncate(name, 32)} is not an example of ${operation.operationId}${status ? ` ${status}` : ''}; ` +
      `it has ${names.length ? names.join(', ') : 'none'}.`,
  );
}
