import { registry } from '../checks/index.ts';
import { type Check, UnknownCheckError } from '../checks/registry.ts';
import { Session } from '../checks/session.ts';
import { loadSpec, type Spec } from '../contract/spec.ts';
import { EXPLORE_CHECKS } from '../explore/checks.ts';
import { createHttpClient } from '../http/client.ts';
import { CredentialSourceError, type CredentialSourceName } from '../http/credential.ts';
import type { Exchange } from '../http/exchange.ts';
import { createTraceIds } from '../http/trace.ts';
import { allocate, NO_ORDERS } from '../orders/allocation.ts';
import { needsOf } from '../orders/slots.ts';
import { orderSourceOf } from '../orders/sources.ts';
import type { Redactor } from '../output/redact.ts';
import { redactingWith } from '../output/redaction-scope.ts';
import { Failure, Skip } from '../rules/outcome.ts';
import { createCoverage } from './coverage.ts';
import type { CheckResult, ConformanceEvent, Summary } from './events.ts';
import { applyExpectedFailures } from './expected-failures.ts';
import { type ConformanceOptions, type ResolvedOptions, resolveOptions } from './options.ts';
import { redactExchange, redactResult } from './redaction.ts';
import { missingRequirements, neededSlots, orderIdsUsed } from './requirements.ts';
import { summarize } from './summary.ts';
import { UsageError } from './usage-error.ts';

/**
 * Runs the conformance checks against a deployment and yields events: `started`, one `check` per check, and
 * `finished` with the summary (also the generator's return value). Options errors throw a UsageError.
 * Checks grade the raw exchanges; every event is redacted (the key, its encodings, its near misses).
 *
 * @example
 * for await (const event of runConformance({ baseUrl: 'http://127.0.0.1:4010/v1', apiKey })) {
 *   if (event.type === 'finished') console.log(event.summary.exitCode);
 * }
 */
export function runConformance(input: ConformanceOptions): AsyncGenerator<ConformanceEvent, Summary> {
  const options = resolveOptions(input);
  return runChecks(options.explore ? [] : selectChecks(options), options);
}

/**
 * Runs the given checks in order, within the run's time budget; runConformance() selects them. Coverage is
 * counted from the events it yields (each `exchange`), as any consumer of the stream would count it.
 */
export async function* runChecks(
  checks: readonly Check[],
  options: ResolvedOptions,
): AsyncGenerator<ConformanceEvent, Summary> {
  const spec = loadSpec(options.specPath);
  const coverage = createCoverage(spec);
  const started = options.clock.now();
  const graded = gradeChecks(checks, options, spec);
  let next = await graded.next();
  try {
    while (!next.done) {
      coverage.handle(next.value);
      yield next.value;
      next = await graded.next();
    }
  } finally {
    // A consumer that stops reading ends the grading too, so that its teardown runs.
    if (!next.done) await graded.return({ results: [], incomplete: false, stale: [], gives: new Map() });
  }
  const ms = Math.round(options.clock.now() - started);
  const summary = summarize(next.value.results, options, ms, { ...next.value, coverage: coverage.result() });
  yield { type: 'finished', summary };
  return summary;
}

interface Graded {
  results: CheckResult[];
  error?: string;
  incomplete: boolean;
  /** Stale lines of the expected failures. */
  stale: string[];
  /** The signal's name when the run was interrupted. */
  interrupted?: string;
  /** Why the teardown failed. */
  teardownProblem?: string;
  /** What to give so that each check skipped for a missing requirement runs, by check id. */
  gives: ReadonlyMap<string, readonly string[]>;
}

/** Yields `started`, then each exchange as it completes and each check's result; returns what the summary needs. */
async function* gradeChecks(
  checks: readonly Check[],
  options: ResolvedOptions,
  spec: Spec,
): AsyncGenerator<ConformanceEvent, Graded> {
  const { clock } = options;
  // The run's one redactor: it grows with each token fetched and with what the setup printed.
  const { redact } = options.secrets;
  // The orders come first: the setup makes them before the list is read, so that they are listed. From here
  // on nothing may end the run without the teardown (the try below).
  const source = orderSourceOf(options, redact);
  const slots = neededSlots(checks, options);
  const setup = source ? await source.setup(needsOf(slots)) : undefined;
  for (const secret of setup?.secrets ?? []) options.secrets.add(secret);
  const orders = source && setup ? allocate(source.kind, setup.orders, slots) : NO_ORDERS;

  const started = clock.now();
  const deadline = started + options.maxTimeSeconds * 1000;
  const interrupted = () => (options.signal?.aborted ? String(options.signal.reason) : undefined);
  const completed: Exchange[] = [];
  const traceIds = createTraceIds(options.traceIdPrefix);
  const client = createHttpClient({
    ...options,
    ...clock,
    wallClock: () => clock.wallNow?.() ?? Date.now(),
    deadline,
    traceIds,
    onExchange: (exchange) => completed.push(exchange),
  });
  const session = new Session(options, spec, client, traceIds, orders);
  const exchanges = function* (): Generator<ConformanceEvent> {
    for (const exchange of completed.splice(0))
      yield { type: 'exchange', exchange: redactExchange(exchange, redact) };
  };
  const baseline = options.expectedFailures;
  const results: CheckResult[] = [];
  const stale: string[] = [];
  const gives = new Map<string, readonly string[]>();
  /** The result as the baseline reads it, kept for the summary and yielded redacted. */
  const graded = (result: CheckResult, index: number, total: number): ConformanceEvent => {
    const read = applyExpectedFailures(result, baseline);
    results.push(read.result);
    stale.push(...read.stale);
    return { type: 'check', result: redactResult(read.result, redact), index, total };
  };
  let error: string | undefined;
  let notRun = 0;
  // A credential source that fails (now or when a token is fetched again) ends the run: one line, exit 2.
  let sourceFailure: string | undefined;
  const sourceFailed = (failure: unknown): undefined => {
    sourceFailure = sourceFailureOf(failure);
    return undefined;
  };
  let teardownProblem: string | undefined;
  try {
    yield {
      type: 'started',
      baseUrl: redact(options.baseUrl),
      startedAt: new Date().toISOString(),
      checks: options.explore
        ? EXPLORE_CHECKS
        : checks.map(({ id, severity, title, reference }) => ({ id, severity, title, reference })),
      safe: options.explore ? !options.explore.allowWrites : source === undefined,
      apiKey: options.credential ? 'given' : 'absent',
      ...(options.credential ? { credential: options.credential.source } : {}),
      ...(options.explore ? { explore: options.explore } : {}),
      ...(source && setup ? { orders: { source: source.kind, ...setup.orders } } : {}),
      ...(baseline
        ? { expectedFailures: { source: baseline.source, entries: baseline.entries.length } }
        : {}),
      ...(options.minCoverage === undefined ? {} : { minCoverage: options.minCoverage }),
    };

    error = interrupted() ? undefined : await reachability(session).catch(sourceFailed);
    error ??= sourceFailure;
    if (interrupted()) error = undefined; // the checks are reported as not run below
    yield* exchanges();
    if (error === undefined) {
      for (const [index, check] of checks.entries()) {
        const go = sourceFailure === undefined && clock.now() < deadline && !interrupted();
        let result = go ? await runCheck(check, session, gives, redact).catch(sourceFailed) : undefined;
        if (result === undefined || clock.now() >= deadline || interrupted()) {
          // Out of time, stopped or out of credentials: this check's verdict would rest on cut-off requests or
          // on 401s that say nothing of the server, and the rest cannot run.
          result = {
            ...infoOf(check),
            status: 'skipped',
            message: sourceFailure === undefined ? NOT_RUN(options) : `not run: ${sourceFailure}`,
            exchanges: [],
            durationMs: 0,
          };
          notRun++;
        }
        yield* exchanges();
        yield graded(result, index, checks.length);
      }
      if (options.explore && sourceFailure === undefined) {
        const now = () => clock.now();
        const deps = { options, spec, client, listedIds: () => session.listedIds(), now, deadline };
        const stopped = () => interrupted() !== undefined;
        const settings = options.explore;
        // The generator (fast-check) is loaded only by a run that explores.
        const { runExploration } = await import('../explore/explore.ts');
        const explored = await redactingWith(redact, () =>
          runExploration({ ...deps, stopped, writableIds: orders.writable }, settings),
        ).catch((failure: unknown) => sourceFailed(failure) ?? []);
        yield* exchanges();
        for (const [index, result] of explored.entries()) yield graded(result, index, explored.length);
      }
      if (sourceFailure !== undefined) error = sourceFailure;
      else if (notRun > 0 && !interrupted())
        error = `the run's time budget of ${options.maxTimeSeconds} s (--max-time) ran out: ${notRun} check(s) not run`;
    }
    if (interrupted()) error = `interrupted by ${interrupted()}: ${notRun} check(s) not run`;
  } finally {
    // Whatever happened above (a pass, a failure, --max-time, a signal, a consumer that stopped reading).
    if (source && setup) teardownProblem = await source.teardown(setup);
  }
  return {
    results,
    ...(error === undefined ? {} : { error: redact(error) }),
    incomplete: notRun > 0 || (sourceFailure !== undefined && results.length > 0),
    stale: stale.map(redact),
    ...(interrupted() ? { interrupted: interrupted() } : {}),
    ...(teardownProblem === undefined ? {} : { teardownProblem: redact(teardownProblem) }),
    gives,
  };
}

const NOT_RUN = (options: ResolvedOptions): string =>
  options.signal?.aborted
    ? `not run: the run was interrupted (${String(options.signal.reason)})`
    : `not run: the run's time budget of ${options.maxTimeSeconds} s (--max-time) ran out`;

/** A failed credential source's one line; anything else is not a source failure and is thrown on. */
function sourceFailureOf(failure: unknown): string {
  if (failure instanceof CredentialSourceError) return failure.message;
  throw failure;
}

const infoOf = ({ id, severity, title, reference }: Check) => ({ id, severity, title, reference });

function selectChecks(options: ResolvedOptions): Check[] {
  try {
    return registry.select(options.only, options.skip);
  } catch (error) {
    if (error instanceof UnknownCheckError) throw new UsageError(error.message);
    throw error;
  }
}

/** Undefined when the target answers like this API; otherwise why the run cannot go on. */
async function reachability(session: Session): Promise<string | undefined> {
  const { credential } = session.options;
  const withKey = credential !== undefined;
  const exchange = await session.send(withKey ? 'list' : 'auth:listOrders:none', {
    method: 'GET',
    path: '/store/orders',
    auth: withKey ? 'valid' : 'none',
    operationId: 'listOrders',
  });
  const url = exchange.request.url;
  if (!exchange.response) return `cannot reach ${url}: ${exchange.error}`;
  const { status } = exchange.response;
  if (status === 404) {
    const hint = session.spec.basePath ? ` (${session.spec.basePath} in spec/openapi.yaml's servers)` : '';
    return `${url} answered 404: not this API? The base URL must include the API's base path${hint}`;
  }
  if (status === 429)
    return `${url} kept answering 429 (rate limited) within the request's budget: try --rate-limit or a larger --timeout`;
  if (status === 401 && credential !== undefined) return `${url} refused ${REFUSED[credential.source]} (401)`;
  return undefined;
}

/** What a 401 to the first request with the credential says to check. */
const REFUSED: Record<CredentialSourceName, string> = {
  'api-key': 'the API key: check --api-key or PETSTORE_API_KEY',
  'api-key-file': 'the API key from the key file: check --api-key-file or PETSTORE_API_KEY_FILE',
  'token-command': 'the token from --token-command: check what the command prints',
  oauth: 'the token from the OAuth token endpoint: check --oauth-scope, --oauth-audience and the client',
};

/** Runs one check; a Failure fails it, a Skip skips it, any other exception is a failure of that check. */
async function runCheck(
  check: Check,
  session: Session,
  gives: Map<string, readonly string[]>,
  redact: Redactor,
): Promise<CheckResult> {
  const info = infoOf(check);
  const missing = missingRequirements(check, session.options, session.orders);
  if (missing) {
    gives.set(check.id, missing.give);
    return { ...info, status: 'skipped', message: missing.reason, exchanges: [], durationMs: 0 };
  }
  const { clock } = session.options;
  const started = clock.now();
  const traceId = session.begin();
  let status: CheckResult['status'] = 'passed';
  let message: string;
  try {
    message = await redactingWith(redact, () => check.run(session));
  } catch (error) {
    if (error instanceof CredentialSourceError) throw error;
    status = error instanceof Skip ? 'skipped' : 'failed';
    const expected = error instanceof Failure || error instanceof Skip;
    message = expected ? error.message : `the check crashed: ${String(error)}`;
  }
  const durationMs = Math.round(clock.now() - started);
  const exchanges = session.end();
  const orderIds = orderIdsUsed(session.spec, exchanges, session.orders);
  return {
    ...info,
    status,
    message,
    exchanges,
    durationMs,
    ...(traceId ? { traceId } : {}),
    ...(orderIds.length > 0 ? { orderIds } : {}),
  };
}
