import { type RuleId, rule } from '../rules/catalogue.ts';
import type { CheckInfo } from '../rules/rule.ts';

// The rules the proxy grades one exchange by, from the one catalogue (rules/catalogue.ts): the suite's rules
// that one observed exchange can show, and the proxy's own (an undocumented status, an undocumented operation,
// a body it could not grade).

/** The rules the proxy grades, in the order its report lists them. */
export const PROXY_RULES = [
  'orders.list',
  'orders.date-time',
  'orders.fields',
  'errors.body',
  'http.malformed-id',
  'orders.conflict-body',
  'http.media-type',
  'http.content-type',
  'http.no-content',
  'auth.challenge',
  'auth.challenge-error',
  'pets.deprecation',
  'pets.sunset',
  'pets.sunset-order',
  'pets.sunset-link',
  'proxy.documented-status',
  'proxy.undocumented-operation',
  'proxy.body-not-graded',
] as const satisfies readonly RuleId[];

export const ALL_RULES: readonly CheckInfo[] = PROXY_RULES.map(rule);

/**
 * The suite's checks that one observed exchange cannot grade, and why. Every check of the suite is either in
 * PROXY_RULES or here (a test says so), so a check added to the suite is placed on purpose, not missed.
 */
export const NOT_GRADED_BY_PROXY: Readonly<Record<string, string>> = {
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
  'auth.extra-word': 'needs the key to add a second word to; the proxy has no key',
  'auth.head': 'a HEAD without credentials is a probe; the app sends what it sends',
  'http.head': 'needs a HEAD and a GET of the list side by side, read on the wire',
  'http.utf8': "graded from the bytes the suite's own client reads; the proxy's grader reads decoded text",
  'http.byte-order-mark':
    "graded from the bytes the suite's own client reads; the proxy's grader reads decoded text",
  'pets.deprecation-scope': 'one exchange could show it; not among the rules the proxy grades yet',
  'pets.live-until-sunset':
    "needs the run's calendar against the Sunset; not among the rules the proxy grades yet",
  'pets.after-sunset':
    "needs the run's calendar against the Sunset; not among the rules the proxy grades yet",
} satisfies Partial<Record<RuleId, string>>;
