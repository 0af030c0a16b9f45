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
    async handle(request: MockRequest): Promise<MockResponse | undefined> {
      await dashboard.ready;
      if (within(request.path, apiPrefix)) return api(request);
      if (options.controls !== false && within(request.path, mockPrefix)) return controls(request);
      // Everything else under /__ (the admin API, the settings page) is the mock's own, whatever the Host.
      if (request.path.startsWith('/__')) return undefined;
      return byHost(request);
    },
    reset: () => dashboard.reset(),
  };
}

function within(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
