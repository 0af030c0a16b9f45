import type { MockExtension } from '../extension.ts';
import { coreError } from '../http/errors.ts';
import { jsonResponse, noContentResponse } from '../http/responses.ts';
import { Router, route } from '../http/router.ts';
import { truncate } from '../http/text.ts';

/** What the sessions' routes need of the sessions' directory (memory or shared: sessions.ts). */
export interface SessionsListing {
  list(): readonly object[] | Promise<readonly object[]>;
  drop(id: string): boolean | Promise<boolean>;
}

/**
 * `GET {prefix}` and `DELETE {prefix}/{id}` (`/__mock/sessions`), served by every session's admin API alike
 * (mounted by sessions.ts, which names the routes at once).
 */
export function sessionsAdminApi(registry: () => SessionsListing, prefix: string): MockExtension {
  const router = new Router(
    [
      route('', { GET: async () => jsonResponse(200, await registry().list()) }),
      route('/:id', {
        DELETE: async (_request, { id }) => {
          if (!(await registry().drop(id))) {
            throw coreError('SESSION_NOT_FOUND', `There is no live session "${truncate(id)}".`);
          }
          return noContentResponse();
        },
      }),
    ],
    { spec: 'spec/mock-admin.openapi.yaml', mount: prefix },
  );
  return {
    name: 'sessions',
    pathPrefix: prefix,
    routes: router.served(),
    handle: async (request) =>
      request.path === prefix || request.path.startsWith(`${prefix}/`) ? router.dispatch(request) : undefined,
  };
}
