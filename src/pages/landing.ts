import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { coreError } from '../core/http/errors.ts';
import { JSON_CONTENT_TYPE } from '../core/http/responses.ts';
import { pathOf } from '../core/http/text.ts';
import { packageRoot, sendError, sendFile } from './page-files.ts';

/** Where the specs the landing answer links are served, read-only. */
export const SPEC_PREFIX = '/__spec/';

export interface LandingOptions {
  /** The Store API's base path (`/v1`). */
  readonly basePath: string;
  readonly version: string;
  /** The admin API and its control page are served (not `--no-admin`). */
  readonly admin: boolean;
  /** The domains simulation and its page are served. */
  readonly dashboard: boolean;
}

/** `/` itself (any query), which the landing answers for GET and HEAD. */
export function isRootUrl(url: string): boolean {
  return url === '/' || url.startsWith('/?');
}

export function isSpecPath(path: string): boolean {
  return path.startsWith(SPEC_PREFIX);
}

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}code{font-size:.95em}';
let securityHeaders: Readonly<Record<string, string>> | undefined;

/**
 * The HTML page's headers, made on its first answer: node:crypto (for the style's hash) is not loaded by
 * a start that never serves the page.
 */
function pageSecurityHeaders(): Readonly<Record<string, string>> {
  const styleHash = () =>
    process.getBuiltinModule('node:crypto').createHash('sha256').update(STYLE).digest('base64');
  securityHeaders ??= {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'content-security-policy': `default-src 'none'; style-src 'sha256-${styleHash()}'; frame-ancestors 'none'; base-uri 'none'`,
  };
  return securityHeaders;
}

/**
 * The answer at the root URL, where a browser (or a curl) lands first: what this is and where everything
 * is, in HTML for a browser and JSON otherwise, instead of the Store API's 401. The specs it links are
 * served under `/__spec/`. Other methods on `/` and every other path go on to `next`.
 */
export function withLanding(next: RequestListener, options: LandingOptions): RequestListener {
  const links = {
    ...(options.admin ? { controlPage: '/__mock/' } : {}),
    ...(options.dashboard ? { dashboardPage: '/__dashboard/' } : {}),
    spec: `${SPEC_PREFIX}openapi.yaml`,
    ...(options.admin ? { adminSpec: `${SPEC_PREFIX}mock-admin.openapi.yaml` } : {}),
    ...(options.dashboard ? { dashboardSpec: `${SPEC_PREFIX}dashboard.openapi.yaml` } : {}),
    health: '/__health',
  };
  const json = JSON.stringify({
    name: 'petstore-mock',
    version: options.version,
    api: options.basePath,
    links,
  });
  const html = page(options, links);
  const specs = new Set(Object.values(links).filter(isSpecPath));
  const specFolder = join(packageRoot(import.meta.url), 'spec');

  return (req, res) => {
    const url = req.url ?? '/';
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (!read) return next(req, res);
    if (isRootUrl(url)) return answer(req, res, html, json);
    const path = pathOf(url);
    if (!specs.has(path)) return sendError(res, coreError('NOT_FOUND', `There is no spec ${path}; see /.`));
    sendFile(req, res, join(specFolder, path.slice(SPEC_PREFIX.length)), `There is no spec ${path}.`).catch(
      () => res.destroy(),
    );
  };
}

function answer(req: IncomingMessage, res: ServerResponse, html: string, json: string): void {
  const browser = (req.headers.accept ?? '').includes('text/html');
  const body = browser ? html : json;
  res.writeHead(200, {
    'content-type': browser ? 'text/html; charset=utf-8' : JSON_CONTENT_TYPE,
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
    vary: 'Accept',
    ...(browser ? pageSecurityHeaders() : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function page(options: LandingOptions, links: Readonly<Record<string, string>>): string {
  const item = (href: string | undefined, text: string) =>
    href === undefined ? '' : `<li><a href="${href}">${text}</a></li>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>petstore-mock</title><style>${STYLE}</style></head>
<body>
<h1>petstore-mock ${options.version}</h1>
<p>A stateful mock of the Petstore Store API. The API is under <code>${options.basePath}</code> and needs a key:
<code>curl -H "Authorization: Bearer &lt;API_KEY&gt;" ${options.basePath}/store/orders</code> (the development key is
<code>petstore-dev-key</code> unless the mock was given its own).</p>
<ul>
${item(links.controlPage, 'Control page: orders, requests, faults, latency, presets, clock')}
${item(links.dashboardPage, 'Project settings &gt; Domains (the custom-domains simulation)')}
${item(links.spec, 'The Store API spec (OpenAPI)')}
${item(links.adminSpec, 'The admin API spec (/__mock)')}
${item(links.dashboardSpec, 'The dashboard API spec')}
${item(links.health, 'Health (/__health)')}
</ul>
</body>
</html>
`;
}
