import type { ExchangeResponse } from '../http/exchange.ts';
import { header } from './verdicts.ts';

// The CORS verdict every grader shares (Fetch standard §3.2): what a preflight's answer must allow. Each
// problem is a detail to follow the exchange's name (`OPTIONS /store/orders → 204` + detail).

/** What a browser asked in its preflight. */
export interface PreflightAsked {
  /** The page's origin (`Origin`). */
  origin: string | undefined;
  /** `Access-Control-Request-Method`, e.g. `DELETE`. */
  method: string;
  /** Whether `Access-Control-Request-Headers` named Authorization (a browser names it before sending a key). */
  authorization: boolean;
}

const listed = (value: string | undefined): string[] =>
  (value ?? '').split(',').map((v) => v.trim().toLowerCase());

/**
 * What `cors.preflight` finds wrong with a preflight's answer: not 2xx, the origin not allowed (`*` or the
 * origin itself), the method not in Access-Control-Allow-Methods (`*` allowed), Authorization not named in
 * Access-Control-Allow-Headers when it was asked for (a `*` never covers it).
 */
export function preflightProblems(response: ExchangeResponse, asked: PreflightAsked): string[] {
  if (response.status < 200 || response.status > 299) return [', expected 2xx'];
  const problems: string[] = [];
  const allowed = header(response, 'access-control-allow-origin');
  if (allowed !== '*' && (asked.origin === undefined || allowed !== asked.origin))
    problems.push(' does not allow the origin');
  const methods = listed(header(response, 'access-control-allow-methods'));
  if (!methods.includes(asked.method.toLowerCase()) && !methods.includes('*'))
    problems.push(`: Access-Control-Allow-Methods omits ${asked.method}`);
  if (
    asked.authorization &&
    !listed(header(response, 'access-control-allow-headers')).includes('authorization')
  )
    problems.push(': Access-Control-Allow-Headers does not name Authorization');
  return problems;
}
