import { isIPv4, isIPv6 } from 'node:net';

/**
 * A Host field value (RFC 9112 §3.2, RFC 3986 §3.2.2): an IP literal in brackets, an IPv4 address or a
 * reg-name, then an optional port of digits. Userinfo (`@`), a second colon or a broken bracket are not hosts.
 */
const HOST_FIELD = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9\-._~!$&'()*+,;=%]*))(?::(\d{0,5}))?$/i;

/** The host name of a valid Host value (lower-case, no trailing dot, brackets kept), or undefined if invalid. */
export function parseHostField(value: string): string | undefined {
  const match = HOST_FIELD.exec(value);
  if (!match) return undefined;
  const [, ipv6, name, port] = match;
  if (port !== undefined && port !== '' && Number(port) > 65_535) return undefined;
  if (ipv6 !== undefined) return isIPv6(ipv6) ? `[${ipv6.toLowerCase()}]` : undefined;
  const host = (name ?? '').toLowerCase();
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

export interface AllowedHostsOptions {
  /** Names given with `--allowed-host`; `all` turns the check off. */
  readonly allowedHosts?: readonly string[];
  /** Names the mock itself is reached by: `--host`, the machine's name. */
  readonly ownHosts?: readonly string[];
  /** The platform's domain of the domains simulation, if served: its subdomains are served. */
  readonly platformDomain?: string | undefined;
  /**
   * Serve single-label names (a container's service name such as `mock`, a hosts-file name): the server is
   * bound to every address (0.0.0.0, ::), where whoever can make such a name point at it can reach it anyway.
   */
  readonly serviceNames?: boolean;
}

/** `yes`; `no`; or `attached?` when only the simulation can tell (is it a custom domain attached there?). */
export type HostAllowance = 'yes' | 'no' | 'attached?';

/**
 * The Host allow-list (DNS rebinding, docs/decisions.md "Allowed hosts"): loopback names, IP literals (rebinding
 * needs a name), the mock's own names, `--allowed-host` names, the platform's subdomains and, bound to every
 * address, single-label names (service names in a container network). Any other host is
 * served only as a custom domain attached in the simulation, which its host routing decides (in the mock's
 * handle, so that a shared state is read as every other request reads it).
 */
export function allowedHosts(options: AllowedHostsOptions): (host: string) => HostAllowance {
  const named = [...(options.allowedHosts ?? []), ...(options.ownHosts ?? [])];
  if (named.includes('all')) return () => 'yes';
  const names = new Set(named.map((name) => parseHostField(name) ?? name.toLowerCase()));
  const platform = options.platformDomain;
  return (host) => {
    if (host === '' || names.has(host) || host === 'localhost' || host.endsWith('.localhost')) return 'yes';
    if (host.startsWith('[') || isIPv4(host)) return 'yes';
    // No custom domain is a single label. Bound to loopback, such a name is refused: a local resolver
    // (LLMNR, a search domain) could point it at 127.0.0.1 for a page that then reads the mock.
    if (!host.includes('.')) return options.serviceNames ? 'yes' : 'no';
    if (platform === undefined) return 'no';
    return host === platform || host.endsWith(`.${platform}`) ? 'yes' : 'attached?';
  };
}
