import type { StatePart } from '../core/extension.ts';
import { coreError } from '../core/http/errors.ts';
import type { RequestBodies } from '../core/routes/admin-bodies.generated.ts';
import type { Dashboard } from './dashboard.ts';
import type { DashboardState, DashboardStore } from './store.ts';

/** The simulation's part of a saved state (`domains` in `GET /__mock/state`): DomainsState in the admin spec. */
export type SavedDomains = NonNullable<RequestBodies['adminPutState']['domains']>;

/**
 * The custom-domains simulation as a part of the mock's state: projects, zones and records, domains
 * mid-verification and their certificates, as the store keeps them (times in ms on the mock's clock).
 * `simulation` is asked for only once the state is read or put back: a simulation that loads on first use
 * (on-first-use.ts) loads then, after a saved value was checked.
 */
export function domainsStatePart(simulation: () => Promise<Dashboard>): StatePart {
  return {
    key: 'domains',
    async snapshot() {
      const { store, ready } = await simulation();
      await ready;
      return saved(await snapshotOf(store));
    },
    prepare(value) {
      const state = checked(value as SavedDomains);
      return async () => {
        const { store, ready } = await simulation();
        await ready;
        await restoreInto(store, state);
      };
    },
  };
}

function saved(state: DashboardState): SavedDomains {
  return {
    ...state,
    configs: state.configs.map(([projectId, config]) => ({ projectId, ...config })),
  } as SavedDomains;
}

/** What a schema cannot say: each id and name once, and every domain and setting on a project that exists. */
function checked(value: SavedDomains): DashboardState {
  const projects = unique(value.projects, (project) => project.id, 'domains.projects', 'id');
  unique(value.domains, (domain) => domain.name, 'domains.domains', 'name');
  unique(value.zones, (zone) => zone.name, 'domains.zones', 'name');
  unique(value.configs, (config) => config.projectId, 'domains.configs', 'projectId');
  const orphan = [
    ...value.domains.map((domain, index) => [`domains.domains[${index}]`, domain.projectId] as const),
    ...value.configs.map((config, index) => [`domains.configs[${index}]`, config.projectId] as const),
  ].find(([, projectId]) => !projects.has(projectId));
  if (orphan) throw invalid(`${orphan[0]}.projectId "${orphan[1]}" is not a saved project`);
  return {
    ...(value as unknown as DashboardState),
    configs: value.configs.map(({ projectId, primary, redirects }) => [projectId, { primary, redirects }]),
  };
}

function unique<T>(items: readonly T[], key: (item: T) => string, at: string, field: string): Set<string> {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const value = key(item);
    if (seen.has(value)) throw invalid(`${at}[${index}].${field} "${value}" is given twice`);
    seen.add(value);
  });
  return seen;
}

async function snapshotOf(store: DashboardStore): Promise<DashboardState> {
  if (store.snapshot) return store.snapshot();
  throw coreError('INVALID_REQUEST', 'This dashboard store of your own cannot be saved: give it snapshot().');
}

/** At once where the store can (memory, the shared document); else cleared and filled, for stores of your own. */
async function restoreInto(store: DashboardStore, state: DashboardState): Promise<void> {
  if (store.restore) return store.restore(state);
  await store.clear();
  for (const project of state.projects) await store.putProject(project);
  for (const domain of state.domains) await store.putDomain(domain);
  for (const name of state.removed) await store.setRemoved(name, true);
  for (const [projectId, config] of state.configs) await store.putConfig(projectId, config);
  for (const zone of state.zones) await store.putZone(zone);
}

function invalid(reason: string) {
  return coreError('INVALID_REQUEST', `Invalid state: ${reason}.`);
}
