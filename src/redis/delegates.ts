import type { ClockMode, MockClock } from '../core/controls/clock.ts';
import type { DashboardState, DashboardStore } from '../domains/index.ts';

/** A DashboardStore whose every call goes to the store `target()` answers (the request's copy). */
export function delegatingStore(target: () => Promise<DashboardStore>): DashboardStore {
  const via =
    (name: keyof DashboardStore) =>
    async (...args: unknown[]) =>
      ((await target())[name] as (...a: unknown[]) => Promise<unknown>)(...args);
  return {
    listProjects: via('listProjects'),
    getProject: via('getProject'),
    putProject: via('putProject'),
    listDomains: via('listDomains'),
    getDomain: via('getDomain'),
    putDomain: via('putDomain'),
    deleteDomain: via('deleteDomain'),
    isRemoved: via('isRemoved'),
    setRemoved: via('setRemoved'),
    getConfig: via('getConfig'),
    putConfig: via('putConfig'),
    listZones: via('listZones'),
    getZone: via('getZone'),
    putZone: via('putZone'),
    deleteZone: via('deleteZone'),
    clear: via('clear'),
    snapshot: via('snapshot') as () => Promise<DashboardState>,
    restore: via('restore'),
  } satisfies Record<keyof DashboardStore, unknown> as DashboardStore;
}

/** A MockClock whose every call goes to the clock `target()` answers, synchronously (the request's copy). */
export function delegatingClock(mode: ClockMode, target: () => MockClock): MockClock {
  return {
    mode,
    now: () => target().now(),
    offset: () => target().offset(),
    advance: (ms) => target().advance(ms),
    set: (time) => target().set(time),
    reset: () => target().reset(),
    restore: (saved) => target().restore?.(saved),
  };
}
