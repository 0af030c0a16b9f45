import { SeenHosts } from '../core/http/seen-hosts.ts';
import type { MockRequest, MockResponse } from '../core/types.ts';
import type { Dashboard } from './dashboard.ts';
import { domainError } from './errors.ts';
import { hostOf, isIpLiteral, isWithin } from './names.ts';

/**
 * Serving by host. Answers undefined to let the Store API serve the request, a 301 for a redirect domain,
 * or throws a 404 Error for a custom domain that is not served. The mock's own names, IP literals and the
 * platform's subdomains always pass; so does a host that was never attached, because the mock is reached
 * under names nobody registered with it (a container name, a tunnel) and those must keep working.
 */
export function createHostRouting(dashboard: Dashboard, ownHosts: readonly string[], refuseUnknown = false) {
  const foreign = foreignHost(dashboard.platform.domain, ownHosts);
  /** Undefined (synchronously) when the request passes on for sure; otherwise a promise of the answer. */
  return (request: MockRequest): Promise<MockResponse | undefined> | undefined => {
    const named = foreign(request);
    return named && serve(dashboard, request, named.host, named.port, refuseUnknown);
  };
}

/**
 * The host a request names when it may be a custom domain (its port apart), or undefined when the Host is the
 * mock's own: its names, IP literals, single labels and the platform's subdomains.
 */
export function foreignHost(platformDomain: string, ownHosts: readonly string[]) {
  const own = new Set(['localhost', ...ownHosts.map((host) => hostOf(host).host)]);
  // Host header values already seen to be the mock's own.
  const passing = new SeenHosts(100);
  const isOwn = (host: string) =>
    own.has(host) ||
    // No custom domain is a single label (a container's service name): the Node server's allow-list decides.
    !host.includes('.') ||
    isIpLiteral(host) ||
    isWithin(host, platformDomain) ||
    host.endsWith('.localhost');
  return (request: MockRequest): { host: string; port: string | null } | undefined => {
    const header = request.headers.host;
    if (header === undefined || header === '' || passing.has(header)) return undefined;
    const named = hostOf(header);
    if (!isOwn(named.host)) return named;
    passing.add(header);
    return undefined;
  };
}

/** The refusal of a Host the mock does not serve (the Node server's allow-list, DNS rebinding). */
export function hostNotAllowed(host: string) {
  const name = host.length <= 64 ? host : `${host.slice(0, 64)}…`;
  return domainError(
    'HOST_NOT_ALLOWED',
    `The mock does not serve the host ${JSON.stringify(name)}; start it with --allowed-host ${name} to allow it.`,
  );
}

async function serve(
  dashboard: Dashboard,
  request: MockRequest,
  host: string,
  port: string | null,
  refuseUnknown: boolean,
): Promise<MockResponse | undefined> {
  await dashboard.ready;
  const stored = await dashboard.store.getDomain(host);
  if (stored === undefined) {
    if (!(await dashboard.store.isRemoved(host))) {
      // A host never attached: the Node server refuses it (its Host allow-list); MSW lets it pass.
      if (refuseUnknown) throw hostNotAllowed(host);
      return undefined;
    }
    throw domainError(
      'DOMAIN_REMOVED',
      `${host} was removed from its project and is no longer served. Add it again in Project settings > Domains to serve it.`,
    );
  }
  const domain = await dashboard.domains.settled(stored);
  if (domain.status === 'pending' || domain.status === 'verifying') {
    throw domainError(
      'DOMAIN_NOT_VERIFIED',
      `${host} is attached to project ${domain.projectId} but not verified yet (${domain.status}). Create the DNS records shown in the dashboard, then choose Verify.`,
    );
  }
  if (domain.status === 'misconfigured') {
    const why = domain.reasons.map((reason) => reason.code).join(', ');
    throw domainError(
      'DOMAIN_MISCONFIGURED',
      `${host} failed verification (${why}) and is not served. Fix the DNS records shown in the dashboard, then choose Re-verify.`,
    );
  }
  const config = await dashboard.store.getConfig(domain.projectId);
  const redirect = config.redirects.find((candidate) => candidate.from === host);
  if (redirect === undefined) return undefined;
  const scheme = request.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  // Keep the port a person typed (a local mock on :4010), so following the redirect reaches the mock again.
  const authority = port === null ? redirect.to : `${redirect.to}:${port}`;
  const target = `${scheme}://${authority}${request.path}${request.query === '' ? '' : `?${request.query}`}`;
  return { status: redirect.status, headers: { location: target } };
}
