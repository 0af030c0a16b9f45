import type { Redactor } from './redact.ts';

// Messages quote what a server sent, cut to a readable length. Cutting first and redacting later would let a
// secret cut in two leave its first half in the message; so the quoting itself redacts, with the redactor of
// the run (or of the proxy) that grades the exchange.
//
// The scope is kept without AsyncLocalStorage: on Node 20 it turns on promise hooks for the whole process, which
// every promise then pays for (a run's requests create many). A synchronous grading (the proxy's) is on a stack
// while it runs; an asynchronous one (a run) is active from its start until it settles, and a quote made outside
// any synchronous grading is redacted by every active run. With one run at a time that is exactly its
// redactor; runs that overlap in one process redact each other's secrets too (more is hidden, never less).

const grading: Redactor[] = [];
const running: Redactor[] = [];

/** Runs `work` (grading exchanges) so that every text it quotes is redacted by `redactor` before it is cut. */
export function redactingWith<T>(redactor: Redactor, work: () => T): T {
  grading.push(redactor);
  running.push(redactor);
  let result: T;
  try {
    result = work();
  } catch (error) {
    stop(redactor);
    throw error;
  } finally {
    grading.pop();
  }
  if (result instanceof Promise) return result.finally(() => stop(redactor)) as T;
  stop(redactor);
  return result;
}

function stop(redactor: Redactor): void {
  running.splice(running.lastIndexOf(redactor), 1);
}

/**
 * `redactingWith` for work that completes before it returns (the proxy grading an exchange): only the stack of
 * synchronous gradings, nothing that outlives the call.
 */
export function redactingNow<T>(redactor: Redactor, work: () => T): T {
  grading.push(redactor);
  try {
    return work();
  } finally {
    grading.pop();
  }
}

/** The text with the secrets of the run that is grading redacted (unchanged outside a run). */
export function redactInScope(text: string): string {
  const current = grading.at(-1);
  if (current !== undefined) return current(text);
  let redacted = text;
  for (const redactor of running) redacted = redactor(redacted);
  return redacted;
}
