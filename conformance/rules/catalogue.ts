import type { CheckInfo, Severity } from './rule.ts';

/**
 * Every rule the suite grades, by id: the fixed checks (conformance/checks), exploration's oracle
 * (conformance/explore) and the validating proxy's grader (conformance/proxy) look their rules up here, so a
 * rule graded by two of them has one id, one severity, one title and one reference. A grader names the rules it
 * grades; the verdicts they share are in rules/verdicts.ts and rules/answers.ts.
 */
const RULES = {
  // What the fixed checks grade; exploration and the proxy grade those of them one answer can show.
  'auth.missing-key': {
    severity: 'must',
    title: 'Every operation answers a request without credentials with 401',
    reference: 'Spec: Authentication; Endpoints (401)',
  },
  'auth.wrong-key': {
    severity: 'must',
    title: 'Every operation answers a wrong key with 401',
    reference: 'Spec: Authentication; Endpoints (401)',
  },
  'auth.near-miss-key': {
    severity: 'must',
    title: 'Near misses of the key (one character more, one less, another case, one changed) answer 401',
    reference: 'Spec: Authentication (the API key, compared exactly)',
  },
  'auth.non-bearer': {
    severity: 'must',
    title: 'Every operation answers the key under a non-Bearer scheme (Basic) with 401',
    reference: 'Spec: Authentication (HTTP bearer)',
  },
  'orders.list': {
    severity: 'must',
    title: 'The order list answers 200 with a JSON array of valid Orders',
    reference: 'Spec: GET /store/orders; Resources: Order (shipDate: ISO 8601 date-time)',
  },
  'orders.date-time': {
    severity: 'should',
    title: "Order dates are RFC 3339 date-times (with an offset), as OpenAPI's format: date-time means",
    reference: 'RFC 3339 §5.6; OpenAPI 3.1 §4.2 (format date-time)',
  },
  'orders.fields': {
    severity: 'should',
    title: 'Every Order carries its id, and no field is a documented one renamed (pet_id for petId)',
    reference:
      'Spec: Resources: Order (cancelled by id); JSON Schema 2020-12 §10.3.2.1 (property names match exactly)',
  },
  'orders.cancel-absent': {
    severity: 'must',
    title: 'Cancelling an id absent from the list answers 404',
    reference: 'Spec: DELETE /store/orders/{orderId} (404)',
  },
  'orders.cancel-pending': {
    severity: 'must',
    title: 'Cancelling a pending order answers 204 with no body',
    reference: 'Spec: States and transitions (pending → cancelled)',
  },
  'orders.cancel-shipped': {
    severity: 'must',
    title: 'Cancelling a shipped order answers 409',
    reference: 'Spec: States and transitions (shipped: unchanged, 409)',
  },
  'orders.conflict-body': {
    severity: 'should',
    title: 'A 409 body, when present, is an Error with status 409',
    reference: 'RFC 9110 §15.5.10; Spec: Errors',
  },
  'orders.refused-unchanged': {
    severity: 'must',
    title:
      'A refused cancel (401 without or with a wrong key, 409) changes nothing, and a repeat gets the same answer',
    reference: 'Spec: States and transitions (shipped: unchanged); Authentication',
  },
  'orders.cancel-final': {
    severity: 'must',
    title:
      'A cancelled order stays cancelled: a second cancel is not 204, and the list agrees with its answer',
    reference: 'Spec: States and transitions (pending → cancelled)',
  },
  'http.utf8': {
    severity: 'must',
    title: 'Every JSON body is UTF-8',
    reference: 'Spec: What the service does (HTTP/JSON); RFC 8259 §8.1',
  },
  'http.byte-order-mark': {
    severity: 'should',
    title: 'No JSON body starts with a byte-order mark',
    reference: 'RFC 8259 §8.1',
  },
  'http.head': {
    severity: 'should',
    title: 'HEAD of the list answers as GET does, with no body bytes',
    reference: 'RFC 9110 §9.3.2, §6.4.1; RFC 9112 §6.3',
  },
  'http.no-content': {
    severity: 'should',
    title: 'The 204 carries no Content-Length and no Content-Type',
    reference: 'RFC 9110 §8.6, §15.3.5',
  },
  'http.allow': {
    severity: 'should',
    title:
      'An undocumented method on a documented path answers 405 with Allow listing the documented methods',
    reference: 'RFC 9110 §15.5.6',
  },
  'http.malformed-id': {
    severity: 'should',
    title: 'A malformed id answers 4xx with an Error body, not 5xx',
    reference: 'RFC 9110 §15.5, §15.6; Spec: Errors',
  },
  'pets.deprecation': {
    severity: 'should',
    title: 'The deprecated route sends Deprecation as an RFC 9745 date (@<seconds>)',
    reference: 'RFC 9745 §2.1',
  },
  'pets.sunset': {
    severity: 'should',
    title: 'The deprecated route sends Sunset as an IMF-fixdate',
    reference: 'RFC 8594 §3; RFC 9110 §5.6.7',
  },
  'pets.sunset-order': {
    severity: 'should',
    title: 'Sunset is not earlier than Deprecation',
    reference: 'RFC 9745 §4',
  },
  'pets.deprecation-scope': {
    severity: 'must',
    title: 'Only the operations the spec marks deprecated carry Deprecation or a rel="deprecation" link',
    reference: 'Spec: Versioning (GET /pets/{petId} is deprecated); RFC 9745 §2, §3',
  },
  'pets.live-until-sunset': {
    severity: 'must',
    title: 'Before its Sunset the deprecated route answers normally, not 410',
    reference: 'Spec: Versioning (deprecated, with a sunset date); RFC 9745 §5',
  },
  'pets.after-sunset': {
    severity: 'should',
    title: 'Past its Sunset the deprecated route answers no 2xx, and its 410 carries an Error body',
    reference: 'RFC 8594 §3; RFC 9745 §5; RFC 9110 §15.5.11',
  },
  'pets.sunset-link': {
    severity: 'should',
    title: 'The deprecated route links its sunset policy with Link rel="sunset"',
    reference: 'RFC 8594 §6',
  },
  'cors.preflight': {
    severity: 'should',
    title:
      'A CORS preflight is answered 2xx without credentials, allowing the origin, the method and Authorization',
    reference: 'Fetch standard §3.2 (CORS protocol)',
  },
  'cors.allow-origin': {
    severity: 'should',
    title:
      'Answers to a cross-origin request, the 401 included, carry Access-Control-Allow-Origin (Vary: Origin when reflected)',
    reference: 'Fetch standard §3.2 (CORS protocol), §3.2.5 (CORS and caching)',
  },
  'info.second-cancel': {
    severity: 'info',
    title: 'The answer to a second cancel of the same order',
    reference: 'Spec: States and transitions (name of the state after cancellation: not shown)',
  },
  'info.cancelled-listed': {
    severity: 'info',
    title: 'Whether a cancelled order stays in the list',
    reference: 'Spec: States and transitions',
  },
  'info.conflict-body': {
    severity: 'info',
    title: 'The body of the answer to cancelling a shipped order',
    reference: 'Spec: DELETE /store/orders/{orderId} (409 body shape: not shown)',
  },
  'info.malformed-id-status': {
    severity: 'info',
    title: 'The status used for malformed ids',
    reference: 'Spec: Errors (malformed ids: not shown)',
  },
  'errors.body': {
    severity: 'must',
    title:
      'Every 401 and 404 Error body has code, message and status of the right types, status = HTTP status',
    reference: 'Spec: Errors; spec/openapi.yaml components/schemas/Error',
  },
  'auth.challenge': {
    severity: 'should',
    title: 'Every 401 carries WWW-Authenticate with a Bearer challenge (realm and scope at most once)',
    reference: 'RFC 9110 §15.5.2; RFC 6750 §3',
  },
  'auth.challenge-error': {
    severity: 'should',
    title: 'The challenge has error="invalid_token" for a wrong key and no error code without credentials',
    reference: 'RFC 6750 §3.1',
  },
  'auth.extra-word': {
    severity: 'should',
    title: 'The key followed by a second word ("Bearer <key> x") is refused with 401 or 400',
    reference: 'RFC 6750 §2.1 (one b64token), §3.1',
  },
  'auth.head': {
    severity: 'should',
    title: 'HEAD of the list without credentials answers 401, as GET does',
    reference: 'RFC 9110 §9.3.2 (HEAD answers as GET); RFC 6750 §3.1',
  },
  'auth.scheme-case': {
    severity: 'should',
    title: 'The auth scheme is case-insensitive: "bearer <key>" is accepted',
    reference: 'RFC 9110 §11.1',
  },
  'http.media-type': {
    severity: 'must',
    title: "The list's 200 and the 401 and 404 Error bodies are labelled application/json",
    reference: 'Spec: GET /store/orders, Errors (content: application/json); RFC 9110 §8.3',
  },
  'http.content-type': {
    severity: 'should',
    title: 'Every other JSON body (the 409, the pet route) is labelled as JSON',
    reference: 'RFC 9110 §8.3',
  },
  'info.error-codes': {
    severity: 'info',
    title: 'The Error code values seen, by status',
    reference: 'Spec: Errors (the set of code values: not shown)',
  },
  'info.latency': {
    severity: 'info',
    title: 'Latency per operation',
    reference: 'Spec: Limits (not shown)',
  },
  // Exploration's own: what a generated request's answer shows that no fixed check asks.
  'explore.connection': {
    severity: 'should',
    title: 'Every generated request gets a complete HTTP answer (no drop, reset, timeout or malformed HTTP)',
    reference: 'RFC 9112 §6, §9.6',
  },
  'explore.server-error': {
    severity: 'must',
    title: 'No generated request gets a 5xx (a 501 for a method the path does not define excepted)',
    reference: 'Spec: Endpoints and Errors document every status, none of them 5xx; RFC 9110 §15.6',
  },
  'explore.credentials': {
    severity: 'must',
    title:
      'A missing or wrong credential answers 401 on every operation (an odd spelling of a wrong key: 400 or 401)',
    reference: 'Spec: Authentication; Errors (401)',
  },
  'explore.status': {
    severity: 'must',
    title: 'Every operation answers a status the spec documents for it, or a general 4xx',
    reference: 'Spec: Endpoints; RFC 9110 §15.5',
  },
  'explore.method': {
    severity: 'should',
    title:
      'A method the path does not define answers 405 or 501 with an Error body (HEAD as GET, OPTIONS 200/204)',
    reference: 'RFC 9110 §9.3.2, §9.3.7, §15.5.6, §15.6.2',
  },
  'explore.error-body': {
    severity: 'must',
    title: 'Every error answer of an operation carries an Error body whose status is the HTTP status',
    reference: 'Spec: Errors; spec/openapi.yaml components/schemas/Error',
  },
  'explore.allow': {
    severity: 'should',
    title: 'Every 405 carries Allow listing the methods the spec documents for the path',
    reference: 'RFC 9110 §15.5.6',
  },
  // The proxy's own: what one observed exchange of an app's traffic shows that a probing run cannot.
  'proxy.documented-status': {
    severity: 'should',
    title: 'An operation answers one of the statuses the spec documents for it',
    reference: 'spec/openapi.yaml responses of the operation; docs/decisions.md (validating proxy)',
  },
  'proxy.undocumented-operation': {
    severity: 'info',
    title: 'Requests to a path or method that is no operation of the spec',
    reference: 'spec/openapi.yaml paths',
  },
  'proxy.body-not-graded': {
    severity: 'info',
    title: 'Bodies not graded: larger than the limit, interrupted, or in an unknown Content-Encoding',
    reference: 'docs/conformance.md (validating proxy)',
  },
} as const satisfies Record<string, Omit<CheckInfo, 'id'> & { severity: Severity }>;

export type RuleId = keyof typeof RULES;

/** Every rule, in catalogue order. */
export const catalogue: readonly CheckInfo[] = Object.entries(RULES).map(([id, info]) => ({ id, ...info }));

/** The rule with this id: a grader reports it under exactly these words. */
export function rule(id: RuleId): CheckInfo {
  return { id, ...RULES[id] };
}
