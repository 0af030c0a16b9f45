import { isCredentialName } from './credential-names.ts';
import type { ExchangeRecord, RecordedHeaders } from './record.ts';
import { SecretRedactor } from './secrets.ts';

/** What stands in for a credential in every HAR the kit writes. */
export const REDACTED = '[REDACTED]';

/** Query parameters whose value is a credential (`?api_key=`, `?access_token=`, `?code=`). */
const CREDENTIAL_PARAM = /key|token|secret|session|passw|auth|sig|credential|code/i;

/** Whether a query parameter's value is a credential. */
export function isCredentialParam(name: string): boolean {
  return CREDENTIAL_PARAM.test(name);
}

/**
 * An exchange fit to write out: Authorization keeps its scheme (`Bearer [REDACTED]`, so a grader still
 * sees which scheme was sent), cookies keep their names, other credential-like fields and query parameters
 * lose their values, and every given secret (a key, a token) is replaced wherever it appears. Redacting
 * twice changes nothing more.
 */
export function redactRecord(
  record: ExchangeRecord,
  secrets: SecretRedactor | readonly string[] = [],
): ExchangeRecord {
  const text = secretRedactor(secrets);
  const { request, response } = record;
  return {
    ...record,
    request: {
      ...request,
      url: text(redactQuery(request.url)),
      headers: redactHeaders(request.headers, text),
      ...(request.body === undefined ? {} : { body: text(request.body) }),
    },
    ...(response === undefined
      ? {}
      : {
          response: {
            ...response,
            headers: redactHeaders(response.headers, text),
            ...(response.body === undefined ? {} : { body: text(response.body) }),
          },
        }),
    ...(record.error === undefined ? {} : { error: text(record.error) }),
  };
}

function redactHeaders(headers: RecordedHeaders, text: (value: string) => string): Record<string, string> {
  const redacted: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'authorization' || lower === 'proxy-authorization') redacted[name] = keepScheme(value);
    else if (lower === 'cookie') redacted[name] = redactCookies(value, '; ');
    else if (lower === 'set-cookie') redacted[name] = redactSetCookie(value);
    else redacted[name] = isCredentialName(lower) ? REDACTED : text(value);
  }
  return redacted;
}

/** `Bearer abc` → `Bearer [REDACTED]`; a value without a scheme is redacted whole. */
function keepScheme(value: string): string {
  const match = /^\s*([A-Za-z][\w!#$%&'*+.^`|~-]*)\s+\S/.exec(value);
  return match ? `${match[1]} ${REDACTED}` : REDACTED;
}

/** `a=1; b=2` → `a=[REDACTED]; b=[REDACTED]`. */
function redactCookies(value: string, separator: string): string {
  return value
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '')
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? REDACTED : `${pair.slice(0, at)}=${REDACTED}`;
    })
    .join(separator);
}

/** `sid=abc; Path=/; HttpOnly` → `sid=[REDACTED]; Path=/; HttpOnly`: only the cookie's own value goes. */
function redactSetCookie(value: string): string {
  const [first = '', ...attributes] = value.split(';');
  return [redactCookies(first, ''), ...attributes.map((attribute) => attribute.trim())].join('; ');
}

/** The URL with the values of credential-like query parameters redacted, nothing else touched. */
export function redactQuery(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const hash = url.indexOf('#', start);
  const end = hash < 0 ? url.length : hash;
  const query = url
    .slice(start + 1, end)
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      if (at < 0 || !isCredentialParam(pair.slice(0, at))) return pair;
      return `${pair.slice(0, at)}=${encodeURIComponent(REDACTED)}`;
    })
    .join('&');
  return `${url.slice(0, start + 1)}${query}${url.slice(end)}`;
}

/**
 * The mock's own secrets (a SecretRedactor: its keys, the tokens it issued) or credentials found in traffic (a
 * list: those under 6 characters replaced only where they stand alone), in whatever percent-encoding.
 */
function secretRedactor(secrets: SecretRedactor | readonly string[]): (text: string) => string {
  const redactor = secrets instanceof SecretRedactor ? secrets : new SecretRedactor().including(secrets);
  return (text) => redactor.redact(text, REDACTED);
}
