import type { Domain, DomainsConfig, Project, Zone } from './types.ts';

/** The simulation's entry in the mock state's documents (`StatePort.documents`): a DashboardStore. */
export const DOMAINS_DOCUMENT = 'domains';

/**
 * Where the dashboard keeps its state. Async so that a shared store (a database, a worker) could replace the
 * in-memory one; values are immutable and replaced whole.
 */
export interface DashboardStore {
  listProjects(): Promise<Project[]>;
  getProject(id: string): Promise<Project | undefined>;
  putProject(project: Project): Promise<void>;

  /** Domains of one project in the order they were added, or all domains. */
  listDomains(projectId?: string): Promise<Domain[]>;
  getDomain(name: string): Promise<Domain | undefined>;
  putDomain(domain: Domain): Promise<void>;
  deleteDomain(name: string): Promise<void>;

  /** Names removed from a project, so that serving by host can say so; cleared when the name is added again. */
  isRemoved(name: string): Promise<boolean>;
  setRemoved(name: string, removed: boolean): Promise<void>;

  getConfig(projectId: string): Promise<DomainsConfig>;
  putConfig(projectId: string, config: DomainsConfig): Promise<void>;

  listZones(): Promise<Zone[]>;
  getZone(name: string): Promise<Zone | undefined>;
  putZone(zone: Zone): Promise<void>;
  deleteZone(name: string): Promise<void>;

  clear(): Promise<void>;

  /** The whole state as plain data (`GET /__mock/state`); optional for stores of your own. */
  snapshot?(): DashboardState | Promise<DashboardState>;
  /** Replaces the whole state at once (`PUT /__mock/state`); without it, `clear` and the puts do it. */
  restore?(state: DashboardState): Promise<void>;
}

const emptyConfig: DomainsConfig = { primary: null, redirects: [] };

/** The whole state as plain data, for a shared store that keeps it as one document (src/redis). */
export interface DashboardState {
  readonly projects: readonly Project[];
  readonly domains: readonly Domain[];
  readonly removed: readonly string[];
  readonly configs: readonly (readonly [string, DomainsConfig])[];
  readonly zones: readonly Zone[];
}

export interface MemoryDashboardStore extends DashboardStore {
  snapshot(): DashboardState;
  restore(state: DashboardState): Promise<void>;
}

export function createMemoryStore(initial?: DashboardState): MemoryDashboardStore {
  let projects = new Map<string, Project>();
  let domains = new Map<string, Domain>();
  let removed = new Set<string>();
  let configs = new Map<string, DomainsConfig>();
  let zones = new Map<string, Zone>();
  /** Every map at once, so no request ever sees half of a restored state. */
  const load = (state?: DashboardState) => {
    projects = new Map(state?.projects.map((project) => [project.id, project]));
    domains = new Map(state?.domains.map((domain) => [domain.name, domain]));
    removed = new Set(state?.removed);
    configs = new Map(state?.configs);
    zones = new Map(state?.zones.map((zone) => [zone.name, zone]));
  };
  load(initial);
  return {
    restore: async (state) => load(state),
    snapshot: () => ({
      projects: [...projects.values()],
      domains: [...domains.values()],
      removed: [...removed],
      configs: [...configs],
      zones: [...zones.values()],
    }),
    listProjects: async () => [...projects.values()],
    getProject: async (id) => projects.get(id),
    putProject: async (project) => void projects.set(project.id, project),
    listDomains: async (projectId) =>
      [...domains.values()].filter((domain) => projectId === undefined || domain.projectId === projectId),
    getDomain: async (name) => domains.get(name),
    // Map keeps insertion order; replacing a key keeps its place, so the list stays in the order added.
    putDomain: async (domain) => void domains.set(domain.name, domain),
    deleteDomain: async (name) => void domains.delete(name),
    isRemoved: async (name) => removed.has(name),
    setRemoved: async (name, value) => void (value ? removed.add(name) : removed.delete(name)),
    getConfig: async (projectId) => configs.get(projectId) ?? emptyConfig,
    putConfig: async (projectId, config) => void configs.set(projectId, config),
    listZones: async () => [...zones.values()],
    getZone: async (name) => zones.get(name),
    putZone: async (zone) => void zones.set(zone.name, zone),
    deleteZone: async (name) => void zones.delete(name),
    clear: async () => load(),
  };
}
