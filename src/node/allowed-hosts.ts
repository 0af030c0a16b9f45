import { isIPv4, isIPv6 } from 'node:net';
import type { Dashboard } from '../domains/index.ts';

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
  /** The domains simulation: its platform subdomains and the custom domains attached in it are served. */
  readonly simulation?: Dashboard | undefined;
}

/**
 * The Host allow-list (DNS rebinding, docs/decisions.md "Allowed hosts"): loopback names, IP literals (rebinding
 * needs a name), the mock's own names, `--allowed-host` names, the platform's subdomains and the custom domains
 * attached in the simulation. Returns whether a parsed host name is served, synchronously when it can be told
 * without asking the simulation's store.
 */
export function allowedHosts(options: AllowedHostsOptions): (host: string) => boolean | Promise<boolean> {
  const named = [...(options.allowedHosts ?? []), ...(options.ownHosts ?? [])];
  if (named.includes('all')) return () => true;
  const names = new Set(named.map((name) => parseHostField(name) ?? name.toLowerCase()));
  const { simulation } = options;
  const platform = simulation?.platform.domain;
  return (host) => {
    if (host === '' || names.has(host) || host === 'localhost' || host.endsWith('.localhost')) return true;
    if (host.startsWith('[') || isIPv4(host)) return true;
    if (platform !== undefined && (host === platform || host.endsWith(`.${platform}`))) return true;
    return simulation === undefined ? false : isAttached(simulation, host);
  };
}

/** A custom domain attached in the simulation (or removed from it, which host routing answers with 404). */
async function isAttached(simulation: Dashboard, host: string): Promise<boolean> {
  await simulation.ready;
  if ((await simulation.store.getDomain(host)) !== undefined) return true;
  return simulation.store.isRemoved(host);
}
