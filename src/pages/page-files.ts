import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ApiError, coreError, errorBody } from '../core/http/errors.ts';
import { JSON_CONTENT_TYPE } from '../core/http/responses.ts';

/** How the page server serves the pages' files (the control page, the dashboard page), read on each request. */

/** Only these kinds of file are served; sources such as tsconfig.json, README.md or tests are not. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
};

/**
 * The folder holding a page's files, `src/<folderName>` under the package root, found by walking up from
 * `from` to the folder with package.json, so it works from source (tsx, vitest) and from `dist/`.
 */
export function pageRoot(folderName: string, from: string = import.meta.url): string {
  return join(packageRoot(from), 'src', folderName);
}

/** The package's root folder (the one with package.json above `from`): the specs are in its `spec/`. */
export function packageRoot(from: string = import.meta.url): string {
  let folder = dirname(fileURLToPath(from));
  for (;;) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`No package.json above ${fileURLToPath(from)}.`);
    folder = parent;
  }
}

/**
 * Answers what a page's path does not serve: a method other than GET or HEAD (405), and the folder's path
 * without its slash (301 to it: relative URLs in the page resolve against the folder). True when the
 * request is for a file.
 */
export function readOnlyOrFolder(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  folder: string,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendError(
      res,
      coreError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${path}; use GET.`, {
        allow: 'GET, HEAD',
      }),
    );
    return false;
  }
  if (`${path}/` === folder) {
    res.writeHead(301, { location: folder, 'content-length': 0 }).end();
    return false;
  }
  return true;
}

/**
 * Sends one of a page's files (GET or HEAD) with its type, an ETag and the security headers; a file that is
 * missing or of a kind not served is a 404 Error body saying `missing`.
 */
export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string | undefined,
  missing: string,
): Promise<void> {
  const type = file === undefined ? undefined : CONTENT_TYPES[extname(file)];
  const info = file === undefined || type === undefined ? undefined : await stat(file).catch(() => undefined);
  if (file === undefined || type === undefined || !info?.isFile()) {
    sendError(res, coreError('NOT_FOUND', missing));
    return;
  }
  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers = { 'content-type': type, 'cache-control': 'no-cache', etag, ...SECURITY_HEADERS };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers).end();
    return;
  }
  const bytes = await readFile(file);
  res.writeHead(200, { ...headers, 'content-length': bytes.length });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/** Where a page's URL names a file of `src/pages/shared`, the folder both pages share (base CSS, fetch helper). */
const SHARED_PREFIX = 'shared/';

/**
 * The file a page's URL path names: inside the page's folder `base`, or, under `shared/`, inside the
 * shared folder beside it (the pages' tsconfig maps the same imports there with rootDirs).
 */
export function resolvePageFile(base: string, relative: string): string | undefined {
  if (!relative.startsWith(SHARED_PREFIX)) return resolveFile(base, relative);
  return resolveFile(join(dirname(base), 'shared'), relative.slice(SHARED_PREFIX.length));
}

/** The file a URL path names inside `base`, or undefined for anything that could step outside it. */
function resolveFile(base: string, relative: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/');
  // No `..`, no hidden files, no empty segments (`//`); a trailing slash names no file here.
  if (segments.some((segment) => segment === '' || segment.startsWith('.'))) return undefined;
  const file = resolve(base, ...segments);
  return file.startsWith(base + sep) ? file : undefined;
}

/** The mock's one Error body, without CORS: the page and its API share an origin. */
export function sendError(res: ServerResponse, error: ApiError): void {
  const { text } = errorBody(error);
  res
    .writeHead(error.status, {
      ...error.headers,
      'content-type': JSON_CONTENT_TYPE,
      'cache-control': 'no-store',
      'content-length': Buffer.byteLength(text),
    })
    .end(text);
}
