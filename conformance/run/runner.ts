import { registry } from '../checks/index.ts';
import { type Check, REQUIREMENT_REASONS, type Requirement, UnknownCheckError } from '../checks/registry.ts';
import { Session } from '../checks/session.ts';
import { loadSpec } from '../contract/spec.ts';
import { EXPLORE_CHECKS, runExploration } from '../explore/index.ts';
import { createHttpClient } from '../http/client.ts';
import { CredentialSourceError, type CredentialSourceName } from '../http/credential.ts';
import type { Redactor } from '../output/redact.ts';
import { redactingWith } from '../output/redaction-scope.ts';
import { Failure, Skip } from '../rules/outcome.ts';
import type { Severity } from '../rules/rule.ts';
import type { CheckResult, ConformanceEvent, Summary } from './events.ts';
import { type ConformanceOptions, type ResolvedOptions, resolveOptions } from './options.ts';
import { redactResult } from './redaction.ts';
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

/** Runs the given checks in order, within the run's time budget; runConformance() selects them. */
export async function* runChecks(
  checks: readonly Check[],
  options: ResolvedOptions,
): AsyncGenerator<ConformanceEvent, Summary> {
  const { clock } = options;
  const started = clock.now();
  const deadline = started + options.maxTimeSeconds * 1000;
  const client = createHttpClient({ ...options, ...clock, deadline });
  const spec = loadSpec(options.specPath);
  const session = new Session(options, spec, client);
  const redact = options.secrets.redact;
  const safe = options.explore
    ? !options.explore.allowWrites
    : options.pendingOrderId === undefined && options.shippedOrderId === undefined;
  yield {
    type: 'started',
    baseUrl: redact(options.baseUrl),
    startedAt: new Date().toISOString(),
    checks: options.explore
      ? EXPLORE_CHECKS
      : checks.map(({ id, severity, title, reference }) => ({ id, severity, title, reference })),
    safe,
    apiKey: options.credential ? 'given' : 'absent',
    ...(options.credential ? { credential: options.credential.source } : {}),
    ...(options.explore ? { explore: options.explore } : {}),
  };

  const results: CheckResult[] = [];
  // A credential source that fails (now or when a token is fetched again) ends the run: one line, exit 2.
  let sourceFailure: string | undefined;
  let error = await reachability(session).catch((failure: unknown) => {
    sourceFailure = sourceFailureOf(failure);
    return sourceFailure;
  });
  let notRun = 0;
  if (error === undefined) {
    for (const [index, check] of checks.entries()) {
      let result: CheckResult | undefined;
      if (sourceFailure === undefined && clock.now() < deadline) {
        result = await runCheck(check, session, redact).catch((failure: unknown) => {
          sourceFailure = sourceFailureOf(failure);
          return undefined;
        });
      }
      if (result === undefined || clock.now() >= deadline) {
        // Out of time or out of credentials: this check's verdict would rest on cut-off requests or on 401s
        // that say nothing of the server, and the rest cannot run.
        result = {
          ...infoOf(check),
          status: 'skipped',
          message: sourceFailure === undefined ? OUT_OF_TIME(options) : `not run: ${sourceFailure}`,
          exchanges: [],
          durationMs: 0,
        };
        notRun++;
      }
      results.push(result);
      yield { type: 'check', result: redactResult(result, redact), index, total: checks.length };
    }
    if (options.explore && sourceFailure === undefined) {
      const now = () => clock.now();
      const deps = { options, spec, client, listedIds: () => session.listedIds(), now, deadline };
      const settings = options.explore;
      const explored = await redactingWith(redact, () => runExploration(deps, settings)).catch(
        (failure: unknown) => {
          sourceFailure = sourceFailureOf(failure);
          return [];
        },
      );
      for (const [index, result] of explored.entries()) {
        results.push(result);
        yield { type: 'check', result: redactResult(result, redact), index, total: explored.length };
      }
    }
    if (sourceFailure !== undefined) error = sourceFailure;
    else if (notRun > 0)
      error = `the run's time budget of ${options.maxTimeSeconds} s (--max-time) ran out: ${notRun} check(s) not run`;
  }
  const ms = Math.round(clock.now() - started);
  const summary = summarize(
    results,
    options,
    ms,
    error === undefined ? undefined : redact(error),
    notRun > 0 || (sourceFailure !== undefined && results.length > 0),
  );
  yield { type: 'finished', summary };
  return summary;
}

/** A failed credential source's one line; anything else is not a source failure and is thrown on. */
function sourceFailureOf(failure: unknown): string {
  if (failure instanceof CredentialSourceError) return failure.message;
  throw failure;
}

const OUT_OF_TIME = (options: ResolvedOptions): string =>
  `not run: the run's time budget of ${options.maxTimeSeconds} s (--max-time) ran out`;

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

const SATISFIED: Record<Requirement, (options: ResolvedOptions) => boolean> = {
  apiKey: (o) => o.credential !== undefined,
  pendingOrderId: (o) => o.pendingOrderId !== undefined,
  shippedOrderId: (o) => o.shippedOrderId !== undefined,
  orderId: (o) => (o.pendingOrderId ?? o.shippedOrderId) !== undefined,
  undocumentedMethods: (o) => o.undocumentedMethods,
};

/** Runs one check; a Failure fails it, a Skip skips it, any other exception is a failure of that check. */
async function runCheck(check: Check, session: Session, redact: Redactor): Promise<CheckResult> {
  const info = infoOf(check);
  const missing = (check.requires ?? []).find((r) => !SATISFIED[r](session.options));
  if (missing)
    return {
      ...info,
      status: 'skipped',
      message: REQUIREMENT_REASONS[missing],
      exchanges: [],
      durationMs: 0,
    };
  const { clock } = session.options;
  const started = clock.now();
  session.begin();
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
  return { ...info, status, message, exchanges: session.end(), durationMs };
}

function summarize(
  results: CheckResult[],
  options: ResolvedOptions,
  durationMs: number,
  error?: string,
  incomplete = false,
): Summary {
  const counts = {} as Summary['counts'];
  for (const severity of ['must', 'should', 'info'] as Severity[]) {
    const of = results.filter((r) => r.severity === severity);
    const count = (status: string) => of.filter((r) => r.status === status).length;
    counts[severity] = { passed: count('passed'), failed: count('failed'), skipped: count('skipped') };
  }
  const failed = counts.must.failed > 0 || (options.strict && counts.should.failed > 0);
  const outcome = incomplete
    ? 'incomplete'
    : error !== undefined
      ? 'unreachable'
      : failed
        ? 'failed'
        : 'passed';
  const exitCode = outcome === 'passed' ? 0 : outcome === 'failed' ? 1 : 2;
  return {
    outcome,
    exitCode,
    strict: options.strict,
    total: results.length,
    counts,
    durationMs,
    ...(error ? { error } : {}),
    ...(options.credential
      ? { credential: { source: options.credential.source, refreshes: options.credential.refreshes } }
      : {}),
  };
}
