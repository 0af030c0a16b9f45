import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { coreError } from '../core/http/errors.ts';
import { pathOf } from '../core/http/text.ts';
import { pageRoot, readOnlyOrFolder, resolvePageFile, sendError, sendFile } from './page-files.ts';

/** Where the page is served; `/__dashboard/api/` below it belongs to the dashboard API. */
export const DASHBOARD_PAGE_PATH = '/__dashboard/';
const API_PREFIX = '/__dashboard/api';

/** `src/pages/dashboard` under the package root, from source and from `dist/src/pages` alike. */
export function dashboardPageRoot(from: string = import.meta.url): string {
  return pageRoot('pages/dashboard', from);
}

/**
 * Wraps a request listener so that the page's files are served under `/__dashboard/` (the dashboard API
 * under `/__dashboard/api/` and everything else go on to `next`). Files are read on each request, so an
 * edited page shows on reload; `cache-control: no-cache` plus an ETag keeps reloads cheap.
 *
 * @example
 * createServer(withDashboardPage(createListener(api)));
 */
export function withDashboardPage(
  next: RequestListener,
  root: string = dashboardPageRoot(),
): RequestListener {
  const base = resolve(root);
  return (req, res) => {
    const path = pathOf(req.url ?? '/');
    if (!isDashboardPagePath(path)) return next(req, res);
    servePage(req, res, base, path).catch(() => {
      if (!res.headersSent)
        sendError(res, coreError('INTERNAL_ERROR', 'The dashboard page could not be read.'));
      else res.destroy();
    });
  };
}

/** Whether `path` names the page or one of its files (not the dashboard API). */
export function isDashboardPagePath(path: string): boolean {
  if (path === '/__dashboard') return true;
  if (!path.startsWith(DASHBOARD_PAGE_PATH)) return false;
  return !(path === API_PREFIX || path.startsWith(`${API_PREFIX}/`));
}

async function servePage(
  req: IncomingMessage,
  res: ServerResponse,
  base: string,
  path: string,
): Promise<void> {
  if (!readOnlyOrFolder(req, res, path, DASHBOARD_PAGE_PATH)) return;
  const file = resolvePageFile(base, path.slice(DASHBOARD_PAGE_PATH.length) || 'index.html');
  await sendFile(req, res, file, `The dashboard page has no file ${path}; open ${DASHBOARD_PAGE_PATH}.`);
}
