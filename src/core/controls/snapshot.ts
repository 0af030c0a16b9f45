import type { MockExtension, StatePart } from '../extension.ts';
import { coreError } from '../http/errors.ts';
import { checkBody } from '../http/json-body.ts';
import { OrderColumns, storedOrders } from '../orders/order-columns.ts';
import { parseOrderSeed } from '../orders/order-input.ts';
import { savedOrderColumns, takesColumns } from '../orders/saved-columns.ts';
import type { OrderStore } from '../orders/store.ts';
import { type RequestBodies, requestBodies } from '../routes/admin-bodies.generated.ts';
import type { StoredOrder } from '../types.ts';
import { LATEST_TIME, type MockClock } from './clock.ts';
import { formatDuration, parseDuration } from './duration.ts';
import type { TrafficControls } from './traffic.ts';
import { prepareTrafficRestore, savedFaults } from './traffic-restore.ts';

/** The whole state of a mock as data (`GET /__mock/state`): MockState in spec/mock-admin.openapi.yaml. */
export type MockStateDocument = RequestBodies['adminPutState'];

/** Where a state document says its JSON Schema is: the package's copy, as seen from a project's root. */
export const STATE_SCHEMA = './node_modules/petstore-mock/spec/mock-state.schema.json';

/** What a state is made of: one mock's (or one session's) orders, clock, rules and extensions. */
export interface StateHolder {
  readonly store: OrderStore;
  readonly clock: MockClock;
  readonly traffic: TrafficControls;
  readonly extensions: readonly MockExtension[];
}

const OWN_KEYS = new Set(['$schema', 'version', 'clock', 'orders', 'faults', 'latency']);

/** The state now: every order with its status, the clock, the rules with their counters, each extension's part. */
export async function snapshotState(holder: StateHolder): Promise<MockStateDocument> {
  const orders = await holder.store.snapshot();
  return stateDocument(holder, orders.map(savedOrder));
}

/** The state now around the orders given (snapshot-body.ts writes the orders' JSON itself). */
export async function stateDocument(
  holder: StateHolder,
  orders: MockStateDocument['orders'],
): Promise<MockStateDocument> {
  const { clock, traffic } = holder;
  const parts: Record<string, unknown> = {};
  for (const part of stateParts(holder)) parts[part.key] = await part.snapshot();
  return {
    $schema: STATE_SCHEMA,
    version: 1,
    clock: {
      mode: clock.mode,
      now: new Date(clock.now()).toISOString(),
      offset: formatDuration(clock.offset()),
    },
    orders,
    faults: savedFaults(traffic.faults()),
    latency: traffic.latency(),
    ...parts,
  };
}

/**
 * Checks a whole state document (the spec's schema, then what a schema cannot say: ids given twice, a part
 * this mock does not run) and returns how to put it in force. Throws a 400 naming the first problem before
 * anything is changed, so a broken state leaves the current one serving.
 */
export function prepareRestore(holder: StateHolder, value: unknown): () => Promise<void> {
  // The orders are most of a large state: read in one pass straight into columns when they are as GET
  // wrote them (state-text.ts may have read them from the body's text already), and the schema checks the
  // rest; any other orders are checked one by one below.
  const givenOrders = isRecord(value) ? value.orders : undefined;
  const columns = givenOrders instanceof OrderColumns ? givenOrders : savedOrderColumns(givenOrders);
  const rest = columns && isRecord(value) ? { ...value, orders: [] } : value;
  const state = checkBody(rest, requestBodies.adminPutState, {}, 'state');
  const { store, clock, traffic } = holder;
  const now = Date.parse(state.clock.now);
  const offset = parseDuration(state.clock.offset) as number;
  if (!(now <= LATEST_TIME) || offset > now) {
    throw invalid('"clock.now" must be before the year 9999, and "clock.offset" no longer than it');
  }
  const orders = columns ?? savedOrders(state.orders, now);
  const { restore } = clock;
  if (restore === undefined || store.replace === undefined) {
    throw invalid("this mock's clock or store is one of your own that cannot be put back");
  }
  const rules = prepareTrafficRestore(state.faults, state.latency);
  const parts = stateParts(holder);
  const given = state as unknown as Record<string, unknown>;
  const foreign = Object.keys(given).find(
    (key) => !OWN_KEYS.has(key) && !parts.some((part) => part.key === key),
  );
  if (foreign !== undefined) throw invalid(`"${foreign}" is saved, but this mock does not run that part`);
  const applyParts = holder.extensions.map((extension) => {
    const part = extension.state;
    if (part !== undefined && given[part.key] !== undefined) return part.prepare(given[part.key]);
    // A part the document leaves out goes back to its seed.
    return async () => void (await extension.reset?.());
  });
  return async () => {
    // Extensions first: a reset of one may reset the clock, which comes next.
    for (const apply of applyParts) await apply();
    restore.call(clock, { now, offset });
    await replaceOrders(store, orders);
    traffic.install(rules);
  };
}

/** Columns go in as they are where the store takes them, as orders otherwise. */
function replaceOrders(store: OrderStore, orders: OrderColumns | readonly StoredOrder[]): Promise<void> {
  if (!(orders instanceof OrderColumns)) return (store.replace as Replace).call(store, orders);
  if (takesColumns(store)) return store.replaceColumns(orders);
  return (store.replace as Replace).call(store, storedOrders(orders));
}

type Replace = NonNullable<OrderStore['replace']>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stateParts(holder: StateHolder): StatePart[] {
  return holder.extensions.flatMap((extension) => (extension.state ? [extension.state] : []));
}

/** Ids as numbers where JSON keeps them exact, as strings beyond 2^53 (as the fixture files take them). */
function savedOrder(order: StoredOrder) {
  const id = (value: string) => (Number.isSafeInteger(Number(value)) ? Number(value) : value);
  return { ...order, id: id(order.id), petId: id(order.petId) };
}

function savedOrders(given: readonly unknown[], now: number): StoredOrder[] {
  const seen = new Set<string>();
  return given.map((value, index) => {
    let order: StoredOrder;
    try {
      order = parseOrderSeed(value, now) as StoredOrder;
    } catch (error) {
      throw invalid(`orders[${index}]: ${(error as Error).message}`);
    }
    if (seen.has(order.id)) throw invalid(`orders[${index}].id ${order.id} is given twice`);
    seen.add(order.id);
    return order;
  });
}

function invalid(reason: string) {
  return coreError('INVALID_REQUEST', `Invalid state: ${reason}.`);
}
