import { type LocalHostsOptions, localHosts } from '../forward/hosts.ts';

export { parseHostField } from '../forward/hosts.ts';

export interface AllowedHostsOptions extends LocalHostsOptions {
  /** The platform's domain of the domains simulation, if served: its subdomains are served. */
  readonly platformDomain?: string | undefined;
}

/** `yes`; `no`; or `attached?` when only the simulation can tell (is it a custom domain attached there?). */
export type HostAllowance = 'yes' | 'no' | 'attached?';

/**
 * The Host allow-list (DNS rebinding, docs/decisions.md "Allowed hosts"): a local server's rules
 * (src/forward/hosts.ts: loopback names, IP literals, the mock's own names, `--allowed-host` names and, bound
 * to every address, single-label names), then the platform's subdomains. Any other host is served only as a
 * custom domain attached in the simulation, which its host routing decides (in the mock's handle, so that a
 * shared state is read as every other request reads it).
 */
export function allowedHosts(options: AllowedHostsOptions): (host: string) => HostAllowance {
  const local = localHosts(options);
  const platform = options.platformDomain;
  return (host) => {
    const allowance = local(host);
    if (allowance !== 'other') return allowance;
    if (platform === undefined) return 'no';
    return host === platform || host.endsWith(`.${platform}`) ? 'yes' : 'attached?';
  };
}
