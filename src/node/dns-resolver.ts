import { Resolver } from 'node:dns/promises';
import { normalizeName } from '../domains/names.ts';
import { type Address, type CaaRecord, DnsLookupError, type DnsResolver } from '../domains/resolver.ts';

export interface NodeDnsResolverOptions {
  /** Per-try timeout in ms; default 2000. */
  readonly timeoutMs?: number;
  /** Tries per query; default 2. */
  readonly tries?: number;
}

/** c-ares codes that mean "no such data": the name does not exist or has no record of that type. */
const noData = new Set(['ENODATA', 'ENOTFOUND']);
const reasons: Readonly<Record<string, string>> = {
  ESERVFAIL: 'SERVFAIL',
  ETIMEOUT: 'TIMEOUT',
  ECONNREFUSED: 'REFUSED',
  EREFUSED: 'REFUSED',
  EBADRESP: 'BAD_RESPONSE',
};

/**
 * Real DNS for verification: Node's resolver asking the given servers (`HOST:PORT`, e.g. `127.0.0.1:5353`
 * or `[::1]:53`), instead of the simulated provider. Node only; the browser path never imports it.
 *
 * @example const resolver = createNodeDnsResolver(['127.0.0.1:5353']);
 */
export function createNodeDnsResolver(
  servers: readonly string[],
  options: NodeDnsResolverOptions = {},
): DnsResolver {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 2000, tries: options.tries ?? 2 });
  resolver.setServers([...servers]);

  async function ask<T>(query: string, lookup: () => Promise<T[]>): Promise<T[]> {
    try {
      return await lookup();
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'UNKNOWN';
      if (noData.has(code)) return [];
      throw new DnsLookupError(reasons[code] ?? code, query);
    }
  }

  return {
    cname: async (name) => (await ask(`${name} CNAME`, () => resolver.resolveCname(name))).map(normalizeName),

    async addresses(name): Promise<Address[]> {
      const a = await ask(`${name} A`, () => resolver.resolve4(name));
      const aaaa = await ask(`${name} AAAA`, () => resolver.resolve6(name));
      return [
        ...a.map((value) => ({ type: 'A' as const, value })),
        ...aaaa.map((value) => ({ type: 'AAAA' as const, value })),
      ];
    },

    async caa(name): Promise<CaaRecord[]> {
      const records = await ask(`${name} CAA`, () => resolver.resolveCaa(name));
      // Node shapes a record as {critical, <tag>: value}; the one key besides `critical` is the tag.
      return records.flatMap(({ critical, ...rest }) =>
        Object.entries(rest).map(([tag, value]) => ({
          flags: critical,
          tag: tag.toLowerCase(),
          value: String(value),
        })),
      );
    },
  };
}

// The option's check lives apart, so that reading the options does not load node:dns.
export { parseDnsServer } from './dns-server.ts';
