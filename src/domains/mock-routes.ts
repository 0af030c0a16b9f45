import type { Dashboard } from './dashboard.ts';
import { formatDuration, parseDuration } from './duration.ts';
import { domainError } from './errors.ts';
import { createRouter, json, noContent, type Router, readBody, stringField } from './http.ts';
import { iso, presentDomain, presentProject } from './present.ts';
import { scenarios } from './scenarios.ts';

export const mockPrefix = '/__mock/dashboard';

/** Mock controls: they change the simulation directly (plan, deploys, clock, scenarios, reset). */
export function createMockRoutes(dashboard: Dashboard): Router {
  const { projects, platform, clock } = dashboard;
  const clockState = () => ({
    mode: clock.mode,
    now: iso(clock.now()),
    offset: formatDuration(clock.offset()),
  });
  const scenarioOf = ({ name, description, states }: (typeof scenarios)[number]) => ({
    name,
    description,
    states,
  });

  return createRouter(mockPrefix, [
    [
      'POST',
      '/projects',
      async (request) => {
        const body = readBody(request, '{"id": "my-site", "plan": "pro"}');
        const project = await projects.create({
          id: stringField(body, 'id', '"my-site"'),
          ...(typeof body.name === 'string' ? { name: body.name } : {}),
          ...(typeof body.plan === 'string' ? { plan: body.plan } : {}),
        });
        return json(201, presentProject(project, platform));
      },
    ],
    [
      'PUT',
      '/projects/:projectId/plan',
      async (request, { projectId = '' }) => {
        const plan = stringField(readBody(request, '{"plan": "pro"}'), 'plan', '"pro"');
        return json(200, presentProject(await projects.setPlan(projectId, plan), platform));
      },
    ],
    [
      'POST',
      '/projects/:projectId/deploys',
      async (request, { projectId = '' }) => {
        const status = stringField(readBody(request, '{"status": "succeeded"}'), 'status', '"succeeded"');
        return json(201, presentProject(await projects.recordDeploy(projectId, status), platform));
      },
    ],
    ['GET', '/clock', async () => json(200, clockState())],
    [
      'POST',
      '/clock/advance',
      async (request) => {
        const by = stringField(readBody(request, '{"by": "30m"}'), 'by', '"30m"');
        const ms = parseDuration(by);
        if (ms === undefined) {
          throw domainError(
            'INVALID_DURATION',
            `"${by}" is not a duration; write it like "90s", "5m", "1h30m" or "2d".`,
          );
        }
        clock.advance(ms);
        return json(200, clockState());
      },
    ],
    ['GET', '/scenarios', async () => json(200, scenarios.map(scenarioOf))],
    [
      'POST',
      '/scenarios/:scenario',
      async (_, { scenario = '' }) => {
        const loaded = await dashboard.loadScenario(scenario);
        const domains = await dashboard.store.listDomains();
        const now = clock.now();
        return json(200, {
          scenario: scenarioOf(loaded),
          domains: domains.map((d) => presentDomain(d, platform, now)),
        });
      },
    ],
    [
      'POST',
      '/reset',
      async () => {
        await dashboard.reset();
        return noContent();
      },
    ],
  ]);
}
