import type { Exchange, ExchangeResponse } from '../http/exchange.ts';
import { type Answer, answerOf } from '../rules/answers.ts';
import { Failure, responseOf, Skip, show } from '../rules/outcome.ts';
import type { Check } from './registry.ts';
import type { CheckContext } from './session.ts';

/**
 * A check's run that reads one answer of a shared request: `expected` is the status it grades; another status
 * fails the check (`must` rules about that status) or skips it (rules about that answer's details).
 */
export const onAnswer =
  (
    probe: (ctx: CheckContext) => Promise<Exchange>,
    expected: number,
    otherwise: 'fail' | 'skip',
    grade: (response: ExchangeResponse, label: string, ctx: CheckContext) => string,
  ): Check['run'] =>
  async (ctx) => {
    const exchange = await probe(ctx);
    const response = responseOf(exchange);
    const label = show(exchange);
    if (response.status === expected) return grade(response, label, ctx);
    if (otherwise === 'skip') throw new Skip(`no ${expected} to check: ${label}`);
    throw new Failure(`${label}, expected ${expected}`);
  };

/** Every answer of the run so far, with the exchange it came from: what the aggregate checks grade. */
export const seenAnswers = (ctx: CheckContext): Array<{ exchange: Exchange; answer: Answer }> =>
  ctx.seen().flatMap((exchange) => {
    const answer = answerOf(ctx.spec, exchange);
    return answer ? [{ exchange, answer }] : [];
  });
