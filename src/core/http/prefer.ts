import type { MockRequest, MockResponse } from '../types.ts';
import { type OperationMatcher, operationMatcher, type SpecOperation } from './operation-match.ts';
import type * as PreferredAnswer from './preferred-answer.ts';
import type { ResponseKit } from './responses.ts';

export type { SpecOperation } from './operation-match.ts';

/**
 * Reads an RFC 7240 `Prefer` header: comma-separated preferences, each `token[=value]` (the value a token or
 * a quoted string) with `;parameters`, which are ignored here. Names are case-insensitive; when one is
 * given twice the first wins (§2). Anything it cannot read is skipped, never an error.
 */
export function parsePrefer(header: string): Map<string, string> {
  const preferences = new Map<string, string>();
  for (const match of header.matchAll(
    /(?:^|,)\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*(?:=\s*("(?:[^"\\]|\\.)*"|[^,;\s]*))?[^,]*/g,
  )) {
    const name = (match[1] as string).toLowerCase();
    const raw = match[2] ?? '';
    const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    if (!preferences.has(name)) preferences.set(name, value);
  }
  return preferences;
}

/** What renders a preferred answer (preferred-answer.ts): at once when loaded, else a promise of it. */
export type LoadPreferredAnswer = () =>
  | Pick<typeof PreferredAnswer, 'preferredAnswer'>
  | Promise<Pick<typeof PreferredAnswer, 'preferredAnswer'>>;

/**
 * `Prefer: code=NNN` and `Prefer: example=NAME`, Prism's conventions: the operation's documented answer
 * with a spec-valid body (its example, or an Error body for an error status without one), instead of what
 * the state would give. Nothing changes in the store. A status or example the operation does not document
 * is a 400 that lists the documented ones. Whether a request asks for one is decided here; what renders it
 * is given by `load`, which the core loads with the control planes' code on the first request that asks.
 */
export class PreferredAnswers {
  readonly #operations: OperationMatcher;

  constructor(
    operations: readonly SpecOperation[],
    private readonly kit: ResponseKit,
    private readonly load: LoadPreferredAnswer,
  ) {
    this.#operations = operationMatcher(operations);
  }

  /** The preferred answer for `path` (below the base path), or undefined to answer as usual. */
  answer(
    request: MockRequest,
    path: string,
    header: string,
  ): MockResponse | Promise<MockResponse> | undefined {
    const preferences = parsePrefer(header);
    const code = preferences.get('code');
    const example = preferences.get('example');
    if (code === undefined && example === undefined) return undefined;
    const found = this.#operations.find(request.method, path);
    if (!found) return undefined;
    const asked = { code, example };
    const loaded = this.load();
    return loaded instanceof Promise
      ? loaded.then((module) => module.preferredAnswer(found, asked, this.kit))
      : loaded.preferredAnswer(found, asked, this.kit);
  }
}
