import type { MockResponse } from '../types.ts';
import { coreError } from './errors.ts';
import type { SpecOperation } from './operation-match.ts';
import { jsonBody, type ResponseKit } from './responses.ts';
import { truncate } from './text.ts';

// The answer a `Prefer: code=` or `example=` asks for (prefer.ts decides whether one is asked): only a
// request that asks needs it, so it loads with the control planes' code (control-code.ts) on the first.

/**
 * The documented answer of `found` with the status `code` and/or the example named `example`; a 400 that
 * lists the documented ones when the operation has no such status or example.
 */
export function preferredAnswer(
  found: SpecOperation,
  { code, example }: { readonly code?: string | undefined; readonly example?: string | undefined },
  kit: ResponseKit,
): MockResponse {
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
  return render(found, Number(status), response, example, applied, kit);
}

function render(
  operation: SpecOperation,
  status: number,
  response: SpecOperation['responses'][string],
  example: string | undefined,
  applied: string,
  kit: ResponseKit,
): MockResponse {
  const headers: Record<string, string> = { 'preference-applied': applied };
  if (status === 401) headers['www-authenticate'] = 'Bearer realm="petstore"';
  if (!response.json) return { status, headers: { ...kit.cors, ...headers } };
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
  return kit.json(status, jsonBody(value), headers);
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
