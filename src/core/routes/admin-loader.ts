import { lazyExtension } from '../control-code-loader.ts';
import type { MockExtension } from '../extension.ts';
import { ADMIN_PREFIX } from '../http/control-planes.ts';
import { coreError } from '../http/errors.ts';
import type { AdminDependencies } from './admin.ts';
import { adminRoutes } from './admin-routes.generated.ts';

/**
 * The admin API as the core mounts it: its routes are named at once (MSW registers one handler per route),
 * its code is loaded on its first request. That code (the routes, the request-body validators generated
 * from the spec, the state document) is half of the MSW handlers' browser bundle, and an app's tests that
 * never call /__mock need none of it: a bundler that splits at `import()` leaves it out of the app's
 * bundle (docs/performance.md). Once loaded, a request is answered as directly as before (the admin list
 * without a promise).
 */
export function lazyAdminApi(dependencies: AdminDependencies): MockExtension {
  return lazyExtension(
    { name: 'admin', pathPrefix: `${ADMIN_PREFIX}/`, routes: adminRoutes },
    () => true,
    (code) => code.adminApi(dependencies),
  );
}

/**
 * What answers under /__mock when the admin API is left out (`--no-admin`): a 404 that says it is turned off,
 * before authentication would answer a 401 asking for a key that would not help.
 */
export function adminTurnedOff(): MockExtension {
  const off = coreError(
    'NOT_FOUND',
    'The admin API (/__mock) is turned off: this mock was started with --no-admin (admin: false).',
  );
  return {
    name: 'admin-off',
    pathPrefix: ADMIN_PREFIX,
    handle: (request) =>
      request.path === ADMIN_PREFIX || request.path.startsWith(`${ADMIN_PREFIX}/`)
        ? Promise.reject(off)
        : undefined,
  };
}
