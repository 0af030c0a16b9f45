import fc from 'fast-check';
import type { Spec } from '../contract/spec.ts';
import type { HttpClient } from '../http/client.ts';
import { INTERRUPTED, joinUrl, RUN_OUT } from '../http/client.ts';
import { CredentialSourceError } from '../http/credential.ts';
import type { Exchange, RequestSpec } from '../http/exchange.ts';
import { absentRange } from '../orders/readings.ts';
import { credentialWord, curlCommand, type HeaderValue } from '../output/curl.ts';
import { Skip } from '../rules/outcome.ts';
import type { CheckResult } from '../run/events.ts';
import type { ResolvedOptions } from '../run/options.ts';
import { requestArbitrary } from './arbitraries.ts';
import { EXPLORE_CHECKS } from './checks.ts';
import { type ExploreRule, judge, type Violation } from './oracle.ts';
import { describe, type ExploreRequest, KEY_PLACEHOLDER, pathOf } from './request.ts';
import { mayChangeState, refusal } from './safety.ts';
import type { ExploreSettings } from './settings.ts';

/** Shrinking a failure stops after this many requests; the smallest failing request so far is reported. */
const MAX_SHRINK_REQUESTS = 100;

export interface ExploreDeps {
  options: ResolvedOptions;
  spec: Spec;
  client: HttpClient;
  /** The listed order ids (the run's shared list read); throws Skip when the list cannot be read. */
  listedIds(): Promise<string[]>;
  /** Milliseconds, monotonic; exploration stops sending at `deadline`. */
  now?: () => number;
  deadline?: number;
  /** True once the run was interrupted: exploration stops sending. */
  stopped?: () => boolean;
  /** The run's orders, which --allow-writes lets writes reach. */
  writableIds?: readonly string[];
}

interface Finding {
  violation: Violation;
  request: ExploreRequest;
  exchange: Exchange;
  original: ExploreRequest;
  shrinks: number;
  round: number;
}

/**
 * Generates requests from the spec with fast-check and judges every answer by the oracle. A failure is shrunk
 * to its smallest request and its rule is not reported again; exploration then goes on (a new round with a
 * seed derived from the given one) until the request budget or the deadline is spent.
 */
export async function runExploration(deps: ExploreDeps, settings: ExploreSettings): Promise<CheckResult[]> {
  const { options, spec, client } = deps;
  const now = deps.now ?? (() => performance.now());
  const started = now();
  const timeUp = () => (deps.deadline !== undefined && now() >= deps.deadline) || deps.stopped?.() === true;
  const notes: string[] = [];
  let listedIds: string[] | undefined;
  if (options.credential) {
    try {
      listedIds = await deps.listedIds();
    } catch (error) {
      if (!(error instanceof Skip)) throw error;
      notes.push(`no DELETE sent: ${error.message}`);
    }
  } else notes.push('no DELETE sent: reading the order list needs an API key');
  const range = listedIds ? absentRange(listedIds) : undefined;
  if (range && !range.ok) notes.push(`no DELETE of an absent id sent: ${range.reason}`);
  const writableIds = settings.allowWrites ? [...(deps.writableIds ?? [])] : [];
  const arbitrary = requestArbitrary({
    spec,
    hasKey: options.credential !== undefined,
    ...(listedIds && range ? { listed: { ids: listedIds, range } } : {}),
    writableIds,
  });
  const safety = { spec, baseUrl: options.baseUrl, ...(listedIds ? { listedIds } : {}), writableIds };

  const reported = new Map<ExploreRule, Finding>();
  let sourceFailure: CredentialSourceError | undefined;
  let sent = 0;
  let refused = 0;
  let writes = 0;
  for (let round = 0; sent < settings.maxRequests && !timeUp(); round++) {
    const sentBefore = sent;
    let focus: ExploreRule | undefined;
    let original: ExploreRequest | undefined;
    let last: Omit<Finding, 'shrinks' | 'round' | 'original'> | undefined;
    let shrinkRequests = 0;
    const property = fc.asyncProperty(arbitrary, async (request) => {
      if (
        sourceFailure ||
        sent >= settings.maxRequests ||
        timeUp() ||
        shrinkRequests >= MAX_SHRINK_REQUESTS
      ) {
        return true;
      }
      if (refusal(request, safety) !== undefined) {
        refused++;
        return true;
      }
      sent++;
      if (focus) shrinkRequests++;
      if (mayChangeState(request.method)) writes++;
      let exchange: Exchange;
      try {
        exchange = await client.send(toRequestSpec(request));
      } catch (error) {
        // The credential's source failed: stop generating, and let the run end on it (not a shrunk finding).
        if (!(error instanceof CredentialSourceError)) throw error;
        sourceFailure = error;
        return true;
      }
      // Cut by --max-time or a signal: no verdict on the server.
      if (exchange.error === RUN_OUT || exchange.error === INTERRUPTED) return true;
      const violation = judge(spec, request, exchange)[0];
      if (!violation || reported.has(violation.rule) || (focus && violation.rule !== focus)) return true;
      focus ??= violation.rule;
      original ??= request;
      last = { violation, request, exchange };
      return false;
    });
    const details = await fc.check(property, {
      seed: roundSeed(settings.seed, round),
      numRuns: Math.max(1, settings.maxRequests - sent),
    });
    if (sourceFailure) throw sourceFailure;
    if (details.failed && !(focus && last && original))
      throw details.errorInstance ?? new Error('exploration failed');
    if (focus && last && original)
      reported.set(focus, { ...last, original, shrinks: details.numShrinks, round });
    else if (sent === sentBefore) break;
  }
  if (refused > 0) notes.push(`${refused} generated request(s) not sent by the safety guard`);
  if (timeUp() && sent < settings.maxRequests) notes.push(`stopped by the time limit after ${sent} requests`);

  const durationMs = Math.round(now() - started);
  const summary = `${sent} generated request(s), ${writes} of them DELETEs or other writes`;
  return EXPLORE_CHECKS.map((info, index): CheckResult => {
    const finding = reported.get(info.id as ExploreRule);
    const base = { ...info, durationMs: index === 0 ? durationMs : 0 };
    if (finding)
      return {
        ...base,
        status: 'failed',
        message: report(finding, settings, options),
        exchanges: [finding.exchange],
      };
    if (sent === 0)
      return {
        ...base,
        status: 'skipped',
        message: ['no generated request was sent', ...notes].join('; '),
        exchanges: [],
      };
    return {
      ...base,
      status: 'passed',
      message:
        index === 0 ? [`${summary}: none broke this rule`, ...notes].join('; ') : `none of ${sent} broke it`,
      exchanges: [],
    };
  });
}

/** Round 0 uses the seed as given; later rounds derive theirs from it, so a run is one function of its seed. */
const roundSeed = (seed: number, round: number): number => (seed + Math.imul(round, 0x9e3779b1)) | 0;

/** The generated request for the client, which puts the credential in use where the spelling has `{KEY}`. */
function toRequestSpec(request: ExploreRequest): RequestSpec {
  const spelled = request.auth.header;
  const { credential } = request.auth;
  return {
    method: request.method,
    path: pathOf(request),
    auth: 'none',
    ...(spelled === undefined ? {} : { spelledAuthorization: spelled }),
    // An odd spelling (two credentials, extra spaces) may be refused by a correct server: no refresh for it.
    expectsAcceptance: credential === 'valid',
    ...(request.operation ? { operationId: request.operation.operationId } : {}),
    purpose: 'explore',
    stateChanging: mayChangeState(request.method),
  };
}

function report(finding: Finding, settings: ExploreSettings, options: ResolvedOptions): string {
  const { violation, request, original, shrinks, round } = finding;
  const from = original === request ? '' : `; shrunk in ${shrinks} step(s) from ${describe(original, 100)}`;
  const where = round === 0 ? '' : `, round ${round + 1}`;
  const url = joinUrl(options.baseUrl, pathOf(request));
  // The --header values go in as given: credential-like ones are redacted from the message like the key.
  const variable = options.credential?.variable ?? 'PETSTORE_API_KEY';
  const headers = [...Object.entries(options.headers), ...authorization(request, variable)];
  const curl = curlCommand({
    method: request.method,
    url,
    headers: [['Accept', 'application/json'], ...headers],
  });
  return (
    `${violation.message} [${describe(request)}]${from}; found with seed ${settings.seed}${where}: ` +
    `petstore-conformance --explore --seed ${settings.seed}${settings.maxRequests === 500 ? '' : ` --max-requests ${settings.maxRequests}`}` +
    `; reproduce with: ${curl}`
  );
}

/** The request's exact Authorization spelling, with the credential as the shell reads it: none when none was sent. */
function authorization(request: ExploreRequest, variable: string): Array<[string, HeaderValue]> {
  const spelled = request.auth.header;
  if (spelled === undefined) return [];
  const word = credentialWord(variable);
  const pieces = spelled.split(KEY_PLACEHOLDER).flatMap((piece, i) => (i === 0 ? [piece] : [word, piece]));
  return [['Authorization', pieces]];
}
