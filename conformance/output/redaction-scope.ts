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

/** The text with the secrets of the run that is grading redacted (unchanged outside a run). */
export function redactInScope(text: string): string {
  const redactor = scope.getStore();
  return redactor === undefined ? text : redactor(text);
}
