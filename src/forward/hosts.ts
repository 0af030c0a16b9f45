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

export interface LocalHostsOptions {
  /** Names given with `--allowed-host`; `all` turns the check off. */
  readonly allowedHosts?: readonly string[];
  /** Names the server itself is reached by: `--host`, the machine's name. */
  readonly ownHosts?: readonly string[];
  /**
   * Serve single-label names (a container's service name such as `mock`, a hosts-file name): the server is
   * bound to every address (0.0.0.0, ::), where whoever can make such a name point at it can reach it anyway.
   */
  readonly serviceNames?: boolean;
}

/** `yes`; `no`; or `other` for a dotted name none of the local rules covers (a server may know more names). */
export type LocalAllowance = 'yes' | 'no' | 'other';

/**
 * The Host allow-list of a local development server (DNS rebinding; Vite's `server.allowedHosts`,
 * webpack-dev-server's `allowedHosts`): loopback names, IP literals (rebinding needs a name), the server's own
 * names, the names it was given and, bound to every address, single-label names.
 */
export function localHosts(options: LocalHostsOptions): (host: string) => LocalAllowance {
  const named = [...(options.allowedHosts ?? []), ...(options.ownHosts ?? [])];
  if (named.includes('all')) return () => 'yes';
  const names = new Set(named.map((name) => parseHostField(name) ?? name.toLowerCase()));
  return (host) => {
    if (host === '' || names.has(host) || host === 'localhost' || host.endsWith('.localhost')) return 'yes';
    if (host.startsWith('[') || isIPv4(host)) return 'yes';
    // Bound to loopback, a single label is refused: a local resolver (LLMNR, a search domain) could point it
    // at 127.0.0.1 for a page that then reads the server.
    if (!host.includes('.')) return options.serviceNames ? 'yes' : 'no';
    return 'other';
  };
}
