import { jsonResponse as json, noContentResponse as noContent } from '../core/http/responses.ts';
import { Router, route } from '../core/http/router.ts';
import { readBody } from './bodies.ts';
import type { Dashboard } from './dashboard.ts';
import { apiPrefix } from './planes.ts';
import { presentDomain, presentProject, presentRecord, presentZone } from './present.ts';

/** The dashboard API (spec/dashboard.openapi.yaml): each handler reads, calls the simulation, and presents. */
export function createApiRoutes(simulation: Dashboard): Router {
  const { domains, projects, zones, platform, clock } = simulation;
  const domain = (d: Parameters<typeof presentDomain>[0]) => presentDomain(d, platform, clock.now());

  return new Router(
    [
      route('/projects', {
        GET: async () =>
          json(
            200,
            (await projects.list()).map((p) => presentProject(p, platform)),
          ),
      }),
      route('/projects/:projectId', {
        GET: async (_, { projectId }) => json(200, presentProject(await projects.get(projectId), platform)),
      }),
      route('/projects/:projectId/domains', {
        GET: async (_, { projectId }) => json(200, (await domains.list(projectId)).map(domain)),
        POST: async (request, { projectId }) => {
          const added = await domains.add(projectId, (await readBody(request, 'addDomain')).name);
          const location = `${apiPrefix}/projects/${encodeURIComponent(projectId)}/domains/${added.name}`;
          return json(201, domain(added), { location });
        },
      }),
      route('/projects/:projectId/domains/:domain', {
        GET: async (_, p) => json(200, domain(await domains.get(p.projectId, p.domain))),
        DELETE: async (_, p) => {
          await domains.remove(p.projectId, p.domain);
          return noContent();
        },
      }),
      route('/projects/:projectId/domains/:domain/verify', {
        POST: async (_, p) => {
          const result = await domains.verify(p.projectId, p.domain);
          return json(result.started ? 202 : 200, domain(result.domain));
        },
      }),
      route('/projects/:projectId/domains/:domain/reverify', {
        POST: async (_, p) => json(202, domain(await domains.reverify(p.projectId, p.domain))),
      }),
      route('/projects/:projectId/configuration', {
        GET: async (_, { projectId }) => json(200, { domains: await simulation.getConfig(projectId) }),
        PUT: async (request, { projectId }) => {
          const body = await readBody(request, 'putConfiguration');
          return json(200, { domains: await simulation.putConfig(projectId, body) });
        },
      }),
      route('/dns/zones', {
        GET: async () => json(200, (await simulation.store.listZones()).map(presentZone)),
        POST: async (request) => {
          const zone = await zones.createZone(await readBody(request, 'createZone'));
          return json(201, presentZone(zone), { location: `${apiPrefix}/dns/zones/${zone.name}` });
        },
      }),
      route('/dns/zones/:zone', {
        GET: async (_, { zone }) => json(200, presentZone(await zones.zoneOrThrow(zone))),
        DELETE: async (_, { zone }) => {
          await zones.deleteZone(zone);
          return noContent();
        },
      }),
      route('/dns/zones/:zone/records', {
        GET: async (_, { zone }) => json(200, presentZone(await zones.zoneOrThrow(zone)).records),
        POST: async (request, { zone }) => {
          const record = await zones.addRecord(zone, await readBody(request, 'addRecord'));
          return json(201, presentRecord(record, await zones.zoneOrThrow(zone)));
        },
      }),
      route('/dns/zones/:zone/records/:recordId', {
        DELETE: async (_, p) => {
          await zones.deleteRecord(p.zone, p.recordId);
          return noContent();
        },
      }),
    ],
    { spec: 'spec/dashboard.openapi.yaml', mount: apiPrefix },
  );
}
