import type { MockExtension } from '../core/extension.ts';
import type { MockRequest, MockResponse } from '../core/types.ts';
import { apiPrefix, createApiRoutes } from './api-routes.ts';
import { createDashboard, type Dashboard, type DashboardOptions } from './dashboard.ts';
import { createHostRouting } from './host-routing.ts';
import { createMockRoutes, mockPrefix } from './mock-routes.ts';

export interface DomainsDashboardOptions extends DashboardOptions {
  /** Host names the mock itself answers on (besides localhost and IP literals); never routed as custom domains. */
  readonly ownHosts?: readonly string[];
  /** Serve the `/__mock/dashboard` controls; default true (the CLI turns them off with `--no-admin`). */
  readonly controls?: boolean;
}

export interface DomainsDashboard extends MockExtension {
  readonly dashboard: Dashboard;
  /** Every route served, as `[method, path pattern]` (`:param` segments). */
  readonly routes: ReadonlyArray<readonly [string, string]>;
}

/**
 * The custom-domains dashboard simulation as a mock extension: the dashboard API under `/__dashboard/api`,
 * its controls under `/__mock/dashboard`, and serving by `Host` for every other request.
 *
 * @example
 * const domains = createDomainsDashboard({ clock: 'manual' });
 * const api = createMockApi({ extensions: [domains] });
 */
export function createDomainsDashboard(options: DomainsDashboardOptions = {}): DomainsDashboard {
  const dashboard = createDashboard(options);
  const api = createApiRoutes(dashboard);
  const controls = createMockRoutes(dashboard);
  const byHost = createHostRouting(dashboard, options.ownHosts ?? []);

  return {
    name: 'domains-dashboard',
    dashboard,
    routes: [...api.routes, ...controls.routes],
    handle(request: MockRequest): Promise<MockResponse | undefined> {
      const { path } = request;
      if (within(path, apiPrefix)) return dashboard.ready.then(() => api(request));
      if (options.controls !== false && within(path, mockPrefix))
        return dashboard.ready.then(() => controls(request));
      // Everything else under /__ (the admin API, the settings page) is the mock's own, whatever the Host.
      if (path.startsWith('/__')) return passOn;
      return byHost(request) ?? passOn;
    },
    reset: () => dashboard.reset(),
  };
}

/** One settled promise for every request passed on: the Store API path costs no extra allocation. */
const passOn: Promise<undefined> = Promise.resolve(undefined);

function within(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
