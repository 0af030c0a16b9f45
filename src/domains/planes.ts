import type { ServedRoute } from '../core/extension.ts';
import { apiRoutes, controlRoutes } from './routes.generated.ts';

/** Where the dashboard API answers (spec/dashboard.openapi.yaml). */
export const apiPrefix = '/__dashboard/api';

/** Where the simulation's controls answer (plan, deploys, presets, reset), with the admin API. */
export const mockPrefix = '/__mock/dashboard';

/** Which of the simulation's planes a path is under: its API, its controls (when served), or neither. */
export function planeOf(path: string, controls: boolean): 'api' | 'controls' | undefined {
  if (within(path, apiPrefix)) return 'api';
  return controls && within(path, mockPrefix) ? 'controls' : undefined;
}

/** Every route of the planes served: the API's, then the controls' when they are served. */
export function servedRoutes(controls: boolean): ServedRoute[] {
  return [...apiRoutes, ...(controls ? controlRoutes : [])];
}

function within(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
