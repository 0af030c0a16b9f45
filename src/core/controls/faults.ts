import { type ApiError, errorBody } from '../http/errors.ts';
import type { ResponseKit } from '../http/responses.ts';
import type { MockResponse } from '../types.ts';
import type { Shaping } from './traffic.ts';

/**
 * The answer a fault gives instead of running the operation (`status`, `reset`, `empty`: the state does
 * not change), or undefined when the operation runs and its answer is shaped afterwards.
 */
export function answerInstead(shaping: Shaping, kit: ResponseKit): MockResponse | undefined {
  const { fault, delayMs } = shaping;
  if (fault === undefined) return undefined;
  switch (fault.kind) {
    case 'status': {
      const message = `Fault injected by rule ${fault.ruleId} (GET /__mock/faults; DELETE it to stop).`;
      // Not an ApiError made from a table: the status is the rule's. errorBody reads only these three fields.
      const error = { code: 'INJECTED_FAULT', message, status: fault.status } as ApiError;
      return kit.json(fault.status, errorBody(error));
    }
    case 'reset':
    case 'empty':
      // No answer is sent; the journal records status 0.
      return { status: 0, headers: {}, delivery: { delayMs, fault: fault.kind } };
    default:
      return undefined;
  }
}

/** Adds the delay and the body-level faults (`delay`, `malformed`, `dribble`) to an answer. */
export function shape(response: MockResponse, { delayMs, fault }: Shaping): MockResponse {
  if (response.delivery) return response;
  switch (fault?.kind) {
    case 'delay':
      return { ...response, delivery: { delayMs: delayMs + fault.ms } };
    case 'dribble':
      return { ...response, delivery: { delayMs, fault: 'dribble', dribbleMs: fault.ms } };
    case 'malformed': {
      // The real status (a 204 cannot carry the body, so it becomes 200) with JSON cut off mid-way.
      const text = response.body?.text ?? '{"id":1}';
      return {
        status: response.status === 204 ? 200 : response.status,
        headers: { ...response.headers, 'content-type': 'application/json; charset=utf-8' },
        body: { text: `${text.slice(0, Math.ceil(text.length / 2))}\u0000}{` },
        delivery: { delayMs },
      };
    }
    default:
      return delayMs === 0 ? response : { ...response, delivery: { delayMs } };
  }
}
