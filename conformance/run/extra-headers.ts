import { isCredentialName } from '../../src/exchange/credential-names.ts';
import { UsageError } from './usage-error.ts';

/** Header names a run must not take from `--header`: the suite sets them itself. */
const RESERVED = new Set([
  'authorization',
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'traceparent',
]);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * `--header NAME:VALUE` (repeatable): headers sent with every request, e.g. `X-Mock-Session: ci-run-42` so
 * a run against a shared mock uses a session of its own. A usage error names the problem, never the value.
 */
export function parseHeaders(given: readonly string[] | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const header of given ?? []) {
    const colon = header.indexOf(':');
    const name = header
      .slice(0, colon === -1 ? undefined : colon)
      .trim()
      .toLowerCase();
    if (colon === -1 || !TOKEN.test(name)) {
      throw new UsageError('--header takes NAME:VALUE with a header name such as X-Mock-Session');
    }
    if (RESERVED.has(name)) {
      throw new UsageError(
        `--header cannot set ${name}: the suite sets it (${name === 'traceparent' ? 'a fresh trace per check; see --trace-id-prefix' : 'the key goes in --api-key'})`,
      );
    }
    const value = header.slice(colon + 1).trim();
    if (!FIELD_VALUE.test(value))
      throw new UsageError(`--header ${name}: the value is not a valid header value`);
    headers[name] = value;
  }
  return headers;
}

/** The values among the headers that are credentials (by name: isCredentialName), for the redactor. */
export function secretValues(headers: Readonly<Record<string, string>>): string[] {
  return Object.entries(headers)
    .filter(([name, value]) => isCredentialName(name) && value !== '')
    .map(([, value]) => value);
}
