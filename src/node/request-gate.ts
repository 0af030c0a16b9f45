import type { IncomingMessage } from 'node:http';
import { nonJsonWrite } from '../core/http/body.ts';
import { isControlPlane } from '../core/http/control-planes.ts';
import { type ApiError, coreError } from '../core/http/errors.ts';
import { SeenHosts } from '../core/http/seen-hosts.ts';
import { pathOf, truncate } from '../core/http/text.ts';
import { hostNotAllowed } from '../domains/host-routing.ts';
import { type AllowedHostsOptions, allowedHosts, parseHostField } from './allowed-hosts.ts';
import { type BodyLimits, bodyLimitFor, tooLarge } from './body-limit.ts';

export interface GateOptions extends AllowedHostsOptions {
  /** Largest request bodies, in bytes: a larger Content-Length is refused before anything is read. */
  readonly bodyLimits: BodyLimits;
  /** Origins whose pages may call the control planes (`--admin-cors-origin`). */
  readonly adminCorsOrigins?: readonly string[];
}

/** Undefined when the request may go on; the refusal otherwise. */
export type Verdict = ApiError | undefined;

/** Host values already seen to be served: the common case costs one lookup. */
const KNOWN_HOSTS_LIMIT = 256;

/**
 * What the Node server checks before a request reaches the mock (docs/decisions.md, "Requests the Node
 * server refuses"): the HTTP version, one Host and one Authorization field, a valid Host on the allow-list, an
 * absolute-form target turned into origin form, a Content-Length within the limit, and, on the control planes,
 * no foreign Origin, no cross-site fetch and JSON bodies only.
 */
export function createRequestGate(options: GateOptions): (req: IncomingMessage) => Verdict {
  const isAllowed = allowedHosts(options);
  const knownHosts = new SeenHosts(KNOWN_HOSTS_LIMIT);
  const adminOrigins = new Set(options.adminCorsOrigins ?? []);
  const { bodyLimits } = options;

  return (req) => {
    if (req.httpVersionMajor !== 1) {
      return coreError('HTTP_VERSION_NOT_SUPPORTED', 'The mock speaks HTTP/1.1 (and 1.0).');
    }
    const duplicate = duplicateField(req.rawHeaders);
    if (duplicate === 'host') return coreError('INVALID_HOST', 'The request has more than one Host field.');
    if (duplicate === 'authorization') {
      return coreError('DUPLICATE_HEADER', 'The request has more than one Authorization field.');
    }
    const url = req.url ?? '/';
    if (url.charCodeAt(0) !== 47 /* / */ && url !== '*') {
      const refused = toOriginForm(req, url);
      if (refused) return refused;
    }
    const tooLarge = bodyTooLarge(req, bodyLimits);
    if (tooLarge) return tooLarge;
    const hostField = req.headers.host;
    if (hostField === undefined) {
      if (req.httpVersionMinor >= 1) return coreError('INVALID_HOST', 'HTTP/1.1 requires a Host field.');
    } else if (!knownHosts.has(hostField)) {
      const host = parseHostField(hostField);
      if (host === undefined) {
        return coreError(
          'INVALID_HOST',
          `The Host field ${JSON.stringify(truncate(hostField))} is not a host[:port].`,
        );
      }
      const allowed = isAllowed(host);
      // A custom domain serves the app, never the mock's own paths; elsewhere the host routing decides.
      if (allowed === 'no' || (allowed === 'attached?' && url.charCodeAt(1) === 95) /* _ */) {
        return hostNotAllowed(host);
      }
      if (allowed === 'yes') knownHosts.add(hostField);
    }
    return controlPlaneRefusal(req, adminOrigins);
  };
}

/** `host` or `authorization` when the field appears twice (Node keeps the first and drops the other). */
function duplicateField(raw: readonly string[]): 'host' | 'authorization' | undefined {
  let host = 0;
  let authorization = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    // The usual spellings compare without lower-casing (which would allocate on every request).
    if (name.length === 4) {
      if (name === 'Host' || name === 'host' || name.toLowerCase() === 'host') host++;
    } else if (name.length === 13) {
      if (name === 'Authorization' || name === 'authorization' || name.toLowerCase() === 'authorization') {
        authorization++;
      }
    }
  }
  return host > 1 ? 'host' : authorization > 1 ? 'authorization' : undefined;
}

/**
 * RFC 9112 §3.2.2: a server accepts the absolute form (`GET http://host/path`) and takes the host from the
 * target, ignoring the Host field. The request goes on in origin form.
 */
function toOriginForm(req: IncomingMessage, url: string): ApiError | undefined {
  const match = /^https?:\/\/([^/?#]*)([^#]*)/i.exec(url);
  if (!match)
    return coreError('MALFORMED_REQUEST', 'The request target is neither a path nor an http(s) URL.');
  const [, authority = '', rest = ''] = match;
  req.url = rest.startsWith('/') ? rest : `/${rest}`;
  req.headers.host = authority;
  return undefined;
}

/** The control planes serve the local developer only: a terminal, the mock's own pages, configured origins. */
function controlPlaneRefusal(req: IncomingMessage, adminOrigins: ReadonlySet<string>): ApiError | undefined {
  const path = req.url ?? '/';
  if (path.charCodeAt(1) !== 95 /* _ */ || !isControlPlane(pathOf(path))) return undefined;
  const { origin, host } = req.headers;
  const configured = origin !== undefined && adminOrigins.has(origin);
  if (origin !== undefined && !configured && !isOwnOrigin(origin, host)) {
    return coreError(
      'FOREIGN_ORIGIN',
      `The mock's controls answer its own pages only, not ${JSON.stringify(truncate(origin))}; allow that page with --admin-cors-origin.`,
    );
  }
  // A link followed from another site opens the page in its own tab and origin: that site reads nothing.
  const navigation =
    (req.method === 'GET' || req.method === 'HEAD') && req.headers['sec-fetch-mode'] === 'navigate';
  if (!configured && !navigation && req.headers['sec-fetch-site'] === 'cross-site') {
    return coreError('FOREIGN_ORIGIN', "The mock's controls answer its own pages only, not another site's.");
  }
  // The core refuses it too; here before the body is read, and for a DELETE whose body is never read.
  return nonJsonWrite(req.method ?? '', req.headers['content-type'], hasBody(req));
}

/** The mock's own origin: `http://` (or `https://`, behind a proxy) plus the request's Host. */
function isOwnOrigin(origin: string, host: string | undefined): boolean {
  if (host === undefined || host === '') return false;
  const lower = origin.toLowerCase();
  const own = host.toLowerCase();
  return lower === `http://${own}` || lower === `https://${own}`;
}

/** A Content-Length over the limit, refused before anything is read. */
export function bodyTooLarge(req: IncomingMessage, limits: BodyLimits): Verdict {
  const length = req.headers['content-length'];
  if (length === undefined) return undefined;
  const limit = bodyLimitFor(req.method, req.url ?? '/', limits);
  return Number(length) <= limit ? undefined : tooLarge(limit);
}

export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}
