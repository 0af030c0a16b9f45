import { coreError } from '../http/errors.ts';
import type { RequestBodies } from '../routes/admin-bodies.generated.ts';
import type { MockRequest } from '../types.ts';
import { parseDuration } from './duration.ts';
import {
  drawDelay,
  formatLatency,
  type Latency,
  MAX_LATENCY_MS,
  parseLatency,
  seededRandom,
} from './latency.ts';
import { pathPattern } from './path-pattern.ts';

export type FaultInput = RequestBodies['adminAddFault'];
/** A fault rule as a saved state holds it (`GET /__mock/state`): the rule as given, its id and counters. */
export type SavedFault = RequestBodies['adminPutState']['faults'][number];
export type FaultKind = FaultInput['fault'];
export type LatencySettings = RequestBodies['adminSetLatency'];

/** A fault rule as the admin API lists it: what was asked, plus its counters. */
export interface FaultRule extends FaultInput {
  readonly id: string;
  readonly matched: number;
  readonly fired: number;
}

/**
 * What happens to one Store API request beyond its normal answer. `fault` is described here and carried
 * out by the adapter: the Node listener on the raw socket, the MSW handlers with `delay()` and
 * `HttpResponse.error()`.
 */
export interface Shaping {
  readonly delayMs: number;
  readonly fault?: {
    readonly kind: FaultKind;
    readonly status: number;
    readonly ruleId: string;
    readonly ms: number;
  };
}

export interface LiveRule {
  readonly input: FaultInput;
  readonly id: string;
  readonly matches: (request: MockRequest) => boolean;
  readonly random: () => number;
  matched: number;
  fired: number;
}

export interface LatencyRoute {
  readonly input: NonNullable<LatencySettings['routes']>[number];
  readonly matches: (request: MockRequest) => boolean;
  readonly latency: Latency;
}

/** Rules and latency as `install` puts them in force: checked, their counters and draws where they were. */
export interface RestoredTraffic {
  readonly rules: LiveRule[];
  readonly nextId: number;
  readonly latency: { readonly global: Latency | undefined; readonly routes: LatencyRoute[] };
}

/** The most fault rules in force at once (as latency routes are capped): every Store API request tests each. */
export const MAX_FAULT_RULES = 100;

/**
 * The latency and fault rules of one mock (reset by its `reset()`). `active` is the one flag the request
 * path reads: with no latency and no rule, a request costs that check and nothing more.
 */
export class TrafficControls {
  active = false;
  readonly #startLatency: Latency | undefined;
  readonly #random: () => number;
  #global: Latency | undefined;
  #routes: LatencyRoute[] = [];
  #rules: LiveRule[] = [];
  #nextId = 1;

  constructor(options: { readonly latency?: Latency | undefined; readonly random?: () => number } = {}) {
    this.#startLatency = options.latency;
    this.#random = options.random ?? seededRandom(1);
    this.reset();
  }

  reset(): void {
    this.#global = this.#startLatency;
    this.#routes = [];
    this.#rules = [];
    this.#nextId = 1;
    this.#update();
  }

  faults(): FaultRule[] {
    return this.#rules.map(({ input, id, matched, fired }) => ({ ...input, id, matched, fired }));
  }

  /** Adds a rule; a rule the mock does not accept is a 400, one beyond MAX_FAULT_RULES a 409. */
  addFault(input: FaultInput): FaultRule {
    if (this.#rules.length >= MAX_FAULT_RULES) {
      throw coreError(
        'TOO_MANY_FAULTS',
        `${MAX_FAULT_RULES} fault rules are in force, the most there can be; remove one (DELETE /__mock/faults/{id}) or all (DELETE /__mock/faults).`,
      );
    }
    const rule = liveRule({ id: `f${this.#nextId++}`, matched: 0, fired: 0, rule: input });
    this.#rules.push(rule);
    this.#update();
    return { ...input, id: rule.id, matched: 0, fired: 0 };
  }

  /**
   * Puts rules and latency checked by `prepareTrafficRestore` (traffic-restore.ts, loaded with the control
   * planes) in force, replacing those now.
   */
  install(restored: RestoredTraffic): void {
    this.#rules = restored.rules;
    this.#nextId = restored.nextId;
    this.#global = restored.latency.global;
    this.#routes = restored.latency.routes;
    this.#update();
  }

  /** Removes the rule `id`; false when there is none. */
  removeFault(id: string): boolean {
    const index = this.#rules.findIndex((rule) => rule.id === id);
    if (index === -1) return false;
    this.#rules.splice(index, 1);
    this.#update();
    return true;
  }

  clearFaults(): void {
    this.#rules = [];
    this.#update();
  }

  latency(): { global: string | null; routes: NonNullable<LatencySettings['routes']> } {
    return {
      global: this.#global === undefined ? null : formatLatency(this.#global),
      routes: this.#routes.map((route) => route.input),
    };
  }

  /** Replaces the settings; a latency the mock does not accept is a 400 and changes nothing. */
  setLatency(settings: LatencySettings): void {
    const { global, routes } = checkedLatencySettings(settings);
    this.#global = global;
    this.#routes = routes;
    this.#update();
  }

  /** What to do with a Store API request; undefined when it is answered normally, at once. */
  decide(request: MockRequest): Shaping | undefined {
    if (request.method === 'OPTIONS') return undefined;
    const route = this.#routes.find((candidate) => candidate.matches(request));
    const latency = route?.latency ?? this.#global;
    const delayMs = latency === undefined ? 0 : drawDelay(latency, this.#random);
    let fault: Shaping['fault'];
    // Every rule counts every request its method and path match, also those an earlier rule failed, so
    // `matched` and `nth` count alike whatever rules come before; the first rule that fires applies.
    for (const rule of this.#rules) {
      if (!rule.matches(request)) continue;
      rule.matched++;
      if (fault !== undefined) continue;
      const { nth, probability } = rule.input;
      if (nth !== undefined && rule.matched !== nth) continue;
      if (probability !== undefined && !(rule.random() < probability)) continue;
      rule.fired++;
      const { fault: kind, status = 500, delay = '1s' } = rule.input;
      fault = { kind, status, ruleId: rule.id, ms: checkedDelay(delay) };
    }
    if (fault !== undefined) return { delayMs, fault };
    return delayMs === 0 ? undefined : { delayMs };
  }

  #update(): void {
    this.active = this.#global !== undefined || this.#routes.length > 0 || this.#rules.length > 0;
  }
}

/** A rule in force from a saved one; its draws replayed, so `probability` goes on where it was. */
export function liveRule(saved: SavedFault, field = 'delay'): LiveRule {
  const { rule: input, matched, fired } = saved;
  if (input.delay !== undefined) checkedDelay(input.delay, field === 'delay' ? field : `${field}.delay`);
  const random = seededRandom(input.seed ?? 1);
  if (input.probability !== undefined) {
    // A draw is made for each match that passed `nth` (decide() below).
    const draws = input.nth === undefined ? matched : matched >= input.nth ? 1 : 0;
    for (let i = 0; i < draws; i++) random();
  }
  return { input, id: saved.id, matches: matcher(input), random, matched, fired };
}

/** Method (any when absent) and path, where `*` matches any characters. */
function matcher({ method, path }: { readonly method?: string; readonly path: string }) {
  const pattern = pathPattern(path);
  return (request: MockRequest) =>
    (method === undefined || request.method === method) && pattern.test(request.path);
}

/** Latency settings as the rules hold them; a latency the mock does not accept is a 400. */
export function checkedLatencySettings(settings: LatencySettings): RestoredTraffic['latency'] {
  return {
    global: settings.global == null ? undefined : checkedLatency(settings.global),
    routes: (settings.routes ?? []).map((input) => ({
      input,
      matches: matcher(input),
      latency: checkedLatency(input.latency),
    })),
  };
}

function checkedLatency(text: string): Latency {
  const latency = parseLatency(text);
  if (latency === undefined) {
    throw coreError(
      'INVALID_REQUEST',
      `"${text.slice(0, 64)}" is not a latency: write 300ms, or a range such as 100ms-800ms, at most ${MAX_LATENCY_MS / 1000}s.`,
    );
  }
  return latency;
}

function checkedDelay(text: string, field = 'delay'): number {
  const ms = parseDuration(text);
  if (ms === undefined || ms > MAX_LATENCY_MS) {
    throw coreError(
      'INVALID_REQUEST',
      `"${field}" must be a duration up to ${MAX_LATENCY_MS / 1000}s, such as 2s.`,
    );
  }
  return ms;
}
