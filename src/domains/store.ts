import type { Domain, DomainsConfig, Project, Zone } from './types.ts';

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
}

export function createMemoryStore(initial?: DashboardState): MemoryDashboardStore {
  const projects = new Map(initial?.projects.map((project) => [project.id, project]));
  const domains = new Map(initial?.domains.map((domain) => [domain.name, domain]));
  const removed = new Set(initial?.removed);
  const configs = new Map(initial?.configs);
  const zones = new Map(initial?.zones.map((zone) => [zone.name, zone]));
  return {
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
    async clear() {
      for (const map of [projects, domains, configs, zones]) map.clear();
      removed.clear();
    },
  };
}
