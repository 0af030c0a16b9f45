import type { RequestListener } from 'node:http';
import { resolve } from 'node:path';
import { coreError } from '../core/http/errors.ts';
import { pathOf } from '../core/http/text.ts';
import { pageRoot, readOnlyOrFolder, resolvePageFile, sendError, sendFile } from './page-files.ts';

/** The control page: `/__mock/` itself, its files under `/__mock/page/` (every other /__mock path is the API). */
export const CONTROL_PAGE_PATH = '/__mock/';
const ASSETS = '/__mock/page/';

/** `src/pages/control` under the package root, from source and from `dist/src/pages` alike. */
export function controlPageRoot(from: string = import.meta.url): string {
  return pageRoot('pages/control', from);
}

/** `/__mock/` and its files; every other /__mock path is the admin API. */
export function isControlPagePath(path: string): boolean {
  return path === '/__mock' || path === CONTROL_PAGE_PATH || path.startsWith(ASSETS);
}

/**
 * Serves the control page at `/__mock/`, on the admin API's origin, so it obeys the control plane's rules
 * and calls the API with relative URLs. Every other request goes on to `next`.
 *
 * @example createServer(withControlPage(createListener(api)));
 */
export function withControlPage(next: RequestListener, root: string = controlPageRoot()): RequestListener {
  const base = resolve(root);
  return (req, res) => {
    const path = pathOf(req.url ?? '/');
    if (!isControlPagePath(path)) return next(req, res);
    const page = path === '/__mock' || path === CONTROL_PAGE_PATH;
    if (!readOnlyOrFolder(req, res, path, CONTROL_PAGE_PATH)) return;
    const file = page ? resolve(base, 'index.html') : resolvePageFile(base, path.slice(ASSETS.length));
    sendFile(req, res, file, `The control page has no file ${path}; open ${CONTROL_PAGE_PATH}.`).catch(() => {
      if (!res.headersSent)
        sendError(res, coreError('INTERNAL_ERROR', 'The control page could not be read.'));
      else res.destroy();
    });
  };
}
