import { AsyncLocalStorage } from 'node:async_hooks';
import type { Redactor } from './redact.ts';

// Messages quote what a server sent, cut to a readable length. Cutting first and redacting later would let a
// secret cut in two leave its first half in the message; so the quoting itself redacts, with the redactor of
// the run (or of the proxy) that grades the exchange.

const scope = new AsyncLocalStorage<Redactor>();

/** Runs `work` (grading exchanges) so that every text it quotes is redacted by `redactor` before it is cut. */
export function redactingWith<T>(redactor: Redactor, work: () => T): T {
  return scope.run(redactor, work);
}

/** The redactor of synchronous work under way (redactingNow), which needs no asynchronous context. */
let current: Redactor | undefined;

/**
 * `redactingWith` for work that completes before it returns (the proxy grading an exchange): the same scope
 * without AsyncLocalStorage, whose first use makes every promise and callback of the process carry it.
 */
export function redactingNow<T>(redactor: Redactor, work: () => T): T {
  const outer = current;
  current = redactor;
  try {
    return work();
  } finally {
    current = outer;
  }
}

/** The text with the secrets of the run that is grading redacted (unchanged outside a run). */
export function redactInScope(text: string): string {
  const redactor = current ?? scope.getStore();
  return redactor === undefined ? text : redactor(text);
}
