import type { Dashboard } from './dashboard.ts';
import { domainError } from './errors.ts';
import { createRouter, json, noContent, type Router, readBody, stringField } from './http.ts';
import { presentDomain, presentProject, presentRecord, presentZone } from './present.ts';

export const apiPrefix = '/__dashboard/api';

/** The dashboard API (spec/dashboard.openapi.yaml): each handler reads, calls the dashboard, and presents. */
export function createApiRoutes(dashboard: Dashboard): Router {
  const { domains, projects, zones, platform, clock } = dashboard;
  const domain = (d: Parameters<typeof presentDomain>[0]) => presentDomain(d, platform, clock.now());

  return createRouter(apiPrefix, [
    [
      'GET',
      '/projects',
      async () =>
        json(
          200,
          (await projects.list()).map((p) => presentProject(p, platform)),
        ),
    ],
    [
      'GET',
      '/projects/:projectId',
      async (_, { projectId = '' }) => json(200, presentProject(await projects.get(projectId), platform)),
    ],
    [
      'GET',
      '/projects/:projectId/domains',
      async (_, { projectId = '' }) => json(200, (await domains.list(projectId)).map(domain)),
    ],
    [
      'POST',
      '/projects/:projectId/domains',
      async (request, { projectId = '' }) => {
        const name = stringField(
          readBody(request, '{"name": "www.example.com"}'),
          'name',
          '"www.example.com"',
        );
        const added = await domains.add(projectId, name);
        const location = `${apiPrefix}/projects/${encodeURIComponent(projectId)}/domains/${added.name}`;
        return json(201, domain(added), { location });
      },
    ],
    [
      'GET',
      '/projects/:projectId/domains/:domain',
      async (_, p) => json(200, domain(await domains.get(p.projectId ?? '', p.domain ?? ''))),
    ],
    [
      'DELETE',
      '/projects/:projectId/domains/:domain',
      async (_, p) => {
        await domains.remove(p.projectId ?? '', p.domain ?? '');
        return noContent();
      },
    ],
    [
      'POST',
      '/projects/:projectId/domains/:domain/verify',
      async (_, p) => {
        const result = await domains.verify(p.projectId ?? '', p.domain ?? '');
        return json(result.started ? 202 : 200, domain(result.domain));
      },
    ],
    [
      'POST',
      '/projects/:projectId/domains/:domain/reverify',
      async (_, p) => json(202, domain(await domains.reverify(p.projectId ?? '', p.domain ?? ''))),
    ],
    [
      'GET',
      '/projects/:projectId/configuration',
      async (_, { projectId = '' }) => json(200, { domains: await dashboard.getConfig(projectId) }),
    ],
    [
      'PUT',
      '/projects/:projectId/configuration',
      async (request, { projectId = '' }) => {
        const body = readBody(request, '{"domains": {"primary": "www.example.com", "redirects": []}}');
        return json(200, { domains: await dashboard.putConfig(projectId, body) });
      },
    ],
    ['GET', '/dns/zones', async () => json(200, (await dashboard.store.listZones()).map(presentZone))],
    [
      'POST',
      '/dns/zones',
      async (request) => {
        const body = readBody(request, '{"name": "example.com"}');
        const zone = await zones.createZone({
          name: stringField(body, 'name', '"example.com"'),
          ...(typeof body.propagation === 'string' ? { propagation: body.propagation } : {}),
          ...(typeof body.aliasSupport === 'boolean' ? { aliasSupport: body.aliasSupport } : {}),
          ...(typeof body.caaServfail === 'boolean' ? { caaServfail: body.caaServfail } : {}),
        });
        return json(201, presentZone(zone), { location: `${apiPrefix}/dns/zones/${zone.name}` });
      },
    ],
    [
      'GET',
      '/dns/zones/:zone',
      async (_, { zone = '' }) => json(200, presentZone(await zones.zoneOrThrow(zone))),
    ],
    [
      'DELETE',
      '/dns/zones/:zone',
      async (_, { zone = '' }) => {
        await zones.deleteZone(zone);
        return noContent();
      },
    ],
    [
      'GET',
      '/dns/zones/:zone/records',
      async (_, { zone = '' }) => json(200, presentZone(await zones.zoneOrThrow(zone)).records),
    ],
    [
      'POST',
      '/dns/zones/:zone/records',
      async (request, { zone = '' }) => {
        const body = readBody(
          request,
          '{"type": "CNAME", "name": "www", "value": "acme-shop.mockpages.example", "ttl": 3600}',
        );
        const ttl = body.ttl;
        if (ttl !== undefined && typeof ttl !== 'number') {
          throw domainError('INVALID_RECORD', '"ttl" must be a number of seconds such as 3600.');
        }
        const record = await zones.addRecord(zone, {
          type: stringField(body, 'type', '"CNAME"'),
          name: stringField(body, 'name', '"www"'),
          value: stringField(body, 'value', '"acme-shop.mockpages.example"'),
          ...(ttl === undefined ? {} : { ttl }),
        });
        return json(201, presentRecord(record, await zones.zoneOrThrow(zone)));
      },
    ],
    [
      'DELETE',
      '/dns/zones/:zone/records/:recordId',
      async (_, p) => {
        await zones.deleteRecord(p.zone ?? '', p.recordId ?? '');
        return noContent();
      },
    ],
  ]);
}
