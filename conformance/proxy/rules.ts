import { registry } from '../checks/index.ts';
import type { CheckInfo } from '../types.ts';

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
  errorBody: fromSuite('errors.body'),
  malformedId: fromSuite('http.malformed-id'),
  conflictBody: fromSuite('orders.conflict-body'),
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
