import { registry } from '../checks/index.ts';
import type { CheckInfo } from '../rules/rule.ts';

// The rules the proxy grades one exchange by. Where the suite has the rule, its id, severity, title and
// reference are the suite's (read from its registry, never restated); the proxy adds only what a single
// observed exchange raises and a probing run cannot: an undocumented status, an undocumented operation,
// and a body it could not grade.

const fromSuite = (id: string): CheckInfo => {
  const check = registry.checks.find((c) => c.id === id);
  if (!check) throw new Error(`the proxy grades by ${id}, which the suite's registry no longer has`);
  return { id: check.id, severity: check.severity, title: check.title, reference: check.reference };
};

export const RULES = {
  orderList: fromSuite('orders.list'),
  dateTime: fromSuite('orders.date-time'),
  orderFields: fromSuite('orders.fields'),
  errorBody: fromSuite('errors.body'),
  malformedId: fromSuite('http.malformed-id'),
  conflictBody: fromSuite('orders.conflict-body'),
  mediaType: fromSuite('http.media-type'),
  contentType: fromSuite('http.content-type'),
  noContent: fromSuite('http.no-content'),
  challenge: fromSuite('auth.challenge'),
  challengeError: fromSuite('auth.challenge-error'),
  deprecation: fromSuite('pets.deprecation'),
  sunset: fromSuite('pets.sunset'),
  sunsetOrder: fromSuite('pets.sunset-order'),
  sunsetLink: fromSuite('pets.sunset-link'),
  documentedStatus: {
    id: 'proxy.documented-status',
    severity: 'should',
    title: 'An operation answers one of the statuses the spec documents for it',
    reference: 'spec/openapi.yaml responses of the operation; docs/decisions.md (validating proxy)',
  },
  undocumented: {
    id: 'proxy.undocumented-operation',
    severity: 'info',
    title: 'Requests to a path or method that is no operation of the spec',
    reference: 'spec/openapi.yaml paths',
  },
  bodyNotGraded: {
    id: 'proxy.body-not-graded',
    severity: 'info',
    title: 'Bodies not graded: larger than the limit, interrupted, or in an unknown Content-Encoding',
    reference: 'docs/conformance.md (validating proxy)',
  },
} satisfies Record<string, CheckInfo>;

export type Rule = (typeof RULES)[keyof typeof RULES];
export const ALL_RULES: readonly CheckInfo[] = Object.values(RULES);

/**
 * The suite's checks that one observed exchange cannot grade, and why. Every check of the suite is either in
 * RULES or here (a test says so), so a check added to the suite is placed on purpose, not missed.
 */
export const NOT_GRADED_BY_PROXY: Record<string, string> = {
  'auth.missing-key': 'a probe of every operation without credentials; the app sends what it sends',
  'auth.wrong-key': 'needs a key known to be wrong; the proxy has no key',
  'auth.non-bearer': 'needs the key sent under another scheme; the proxy has no key',
  'auth.near-miss-key': 'needs the key to derive its near misses; the proxy has no key',
  'orders.refused-unchanged': 'needs the order read before and after the refused request',
  'orders.cancel-final': "needs one order's cancel followed by a second cancel and the list",
  'auth.scheme-case': 'needs the key: a refused lower-case bearer may simply be a wrong key',
  'orders.cancel-absent': 'needs the id proven absent from the full list',
  'orders.cancel-pending': 'needs the order known to be pending',
  'orders.cancel-shipped': 'needs the order known to have shipped',
  'http.allow': 'undocumented requests are recorded as info (proxy.undocumented-operation)',
  'cors.preflight': "preflights are the browser's, forwarded and counted, not graded",
  'cors.allow-origin': 'needs a cross-origin probe with and without the key',
  'info.second-cancel': 'an observation of a probing run',
  'info.cancelled-listed': 'an observation of a probing run',
  'info.conflict-body': 'an observation of a probing run',
  'info.malformed-id-status': 'an observation of a probing run',
  'info.error-codes': 'an observation of a probing run',
  'info.latency': 'an observation of a probing run',
};
