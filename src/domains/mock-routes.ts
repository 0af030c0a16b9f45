import { advanceClockBy, clockState } from '../core/controls/clock-admin.ts';
import { jsonResponse as json, noContentResponse as noContent } from '../core/http/responses.ts';
import { Router, route } from '../core/http/router.ts';
import { readBody } from './bodies.ts';
import type { Dashboard } from './dashboard.ts';
import { mockPrefix } from './planes.ts';
import { presentDomain, presentProject } from './present.ts';
import { type Preset, presets } from './presets.ts';

/**
 * Mock controls: they change the simulation directly (plan, deploys, presets, reset). The clock here is
 * the mock's one clock under its older path (`/__mock/clock` is the newer one).
 */
export function createMockRoutes(simulation: Dashboard): Router {
  const { projects, platform, clock } = simulation;
  const describe = ({ name, description, states }: Preset) => ({ name, description, states });
  /** Loads the preset and answers it (under `key`) with the domains it made. */
  const load = async (name: string, key: 'preset' | 'scenario') => {
    const loaded = await simulation.loadPreset(name);
    const domains = await simulation.store.listDomains();
    const now = clock.now();
    return json(200, {
      [key]: describe(loaded),
      domains: domains.map((d) => presentDomain(d, platform, now)),
    });
  };

  return new Router(
    [
      route('/projects', {
        POST: async (request) =>
          json(
            201,
            presentProject(await projects.create(await readBody(request, 'createProject')), platform),
          ),
      }),
      route('/projects/:projectId/plan', {
        PUT: async (request, { projectId }) => {
          const { plan } = await readBody(request, 'setPlan');
          return json(200, presentProject(await projects.setPlan(projectId, plan), platform));
        },
      }),
      route('/projects/:projectId/deploys', {
        POST: async (request, { projectId }) => {
          const { status } = await readBody(request, 'recordDeploy');
          return json(201, presentProject(await projects.recordDeploy(projectId, status), platform));
        },
      }),
      route('/clock', { GET: async () => json(200, clockState(clock)) }),
      route('/clock/advance', {
        POST: async (request) => {
          advanceClockBy(clock, (await readBody(request, 'advanceClock')).by);
          return json(200, clockState(clock));
        },
      }),
      route('/presets', { GET: async () => json(200, presets.map(describe)) }),
      route('/presets/:preset', { POST: (_, { preset }) => load(preset, 'preset') }),
      // The paths of before presets were named so (deprecated in spec/dashboard.openapi.yaml), answering as then.
      route('/scenarios', { GET: async () => json(200, presets.map(describe)) }),
      route('/scenarios/:scenario', { POST: (_, { scenario }) => load(scenario, 'scenario') }),
      route('/reset', {
        POST: async () => {
          await simulation.reset();
          return noContent();
        },
      }),
    ],
    { spec: 'spec/dashboard.openapi.yaml', mount: mockPrefix },
  );
}
