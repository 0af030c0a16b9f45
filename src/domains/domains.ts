import type { Clock } from '../core/types.ts';
import { domainError } from './errors.ts';
import { toUnicode } from './idn.ts';
import { noCertificate, settle, startVerification } from './lifecycle.ts';
import {
  isApex,
  isValidHostName,
  isWithin,
  loadPublicSuffixList,
  normalizeName,
  publicSuffixProblem,
} from './names.ts';
import type { Platform } from './platform.ts';
import { addingRefusal, type Projects } from './projects.ts';
import type { DnsResolver } from './resolver.ts';
import type { DashboardStore } from './store.ts';
import type { Domain } from './types.ts';

export interface DomainsDeps {
  readonly store: DashboardStore;
  readonly clock: Clock;
  readonly resolver: DnsResolver;
  readonly platform: Platform;
  readonly projects: Projects;
}

/** The domains of a project: add, read (settled to the clock), verify, re-verify, remove. */
export function createDomains({ store, clock, resolver, platform, projects }: DomainsDeps) {
  /** Reads bring a domain up to the clock and keep the result, so every reader sees the same timeline. */
  async function settled(domain: Domain): Promise<Domain> {
    // Every read of a domain comes through here, so what presents it (record names) has the list.
    await loadPublicSuffixList();
    const next = await settle(domain, { now: clock.now(), resolver, platform });
    if (next !== domain) await store.putDomain(next);
    return next;
  }

  async function find(projectId: string, rawName: string): Promise<Domain> {
    await projects.get(projectId);
    const name = normalizeName(rawName);
    const domain = await store.getDomain(name);
    if (domain === undefined || domain.projectId !== projectId) {
      throw domainError('DOMAIN_NOT_FOUND', `Domain ${name} is not attached to project ${projectId}.`);
    }
    return settled(domain);
  }

  return {
    settled,
    get: find,

    async list(projectId: string): Promise<Domain[]> {
      await projects.get(projectId);
      return Promise.all((await store.listDomains(projectId)).map(settled));
    },

    /** Rules 1 and 2: refused, creating nothing, unless the project may have domains and the name is free. */
    async add(projectId: string, rawName: string): Promise<Domain> {
      await loadPublicSuffixList();
      const project = await projects.get(projectId);
      const refusal = addingRefusal(project);
      if (refusal) throw domainError(refusal.code, refusal.message);
      const name = normalizeName(rawName);
      if (!isValidHostName(name)) {
        throw domainError(
          'INVALID_DOMAIN',
          `"${rawName}" is not a valid domain; enter a name such as www.example.com or example.com (an internationalised name such as bücher.example too).`,
        );
      }
      const suffix = publicSuffixProblem(name);
      if (suffix) throw domainError('INVALID_DOMAIN', suffix);
      if (isWithin(name, platform.domain)) {
        throw domainError(
          'PLATFORM_DOMAIN',
          `${name} is the platform's own domain; every project is already served at its ${platform.domain} subdomain.`,
        );
      }
      const existing = await store.getDomain(name);
      if (existing?.projectId === projectId) {
        throw domainError('DOMAIN_ALREADY_ADDED', `${name} is already attached to project ${projectId}.`);
      }
      if (existing) {
        throw domainError('DOMAIN_IN_USE', `${name} is attached to another project; remove it there first.`);
      }
      const domain: Domain = {
        name,
        unicodeName: toUnicode(name),
        projectId,
        apex: isApex(name),
        status: 'pending',
        reasons: [],
        certificate: noCertificate,
        createdAt: clock.now(),
        checkAt: null,
        checkedAt: null,
        verifiedAt: null,
      };
      await store.putDomain(domain);
      await store.setRemoved(name, false);
      return domain;
    },

    /** Starts a check unless one is running or the domain is already active; `started` says which. */
    async verify(projectId: string, name: string): Promise<{ domain: Domain; started: boolean }> {
      const domain = await find(projectId, name);
      if (domain.status === 'active' || domain.status === 'verifying') return { domain, started: false };
      const next = startVerification(domain, clock.now(), platform);
      await store.putDomain(next);
      return { domain: next, started: true };
    },

    /** Rule 9: a fresh verification and certificate attempt, whatever the state. */
    async reverify(projectId: string, name: string): Promise<Domain> {
      const next = startVerification(await find(projectId, name), clock.now(), platform);
      await store.putDomain(next);
      return next;
    },

    /** Rule 10: gone from the store at once, remembered as removed, and dropped from the configuration. */
    async remove(projectId: string, name: string): Promise<void> {
      const domain = await find(projectId, name);
      await store.deleteDomain(domain.name);
      await store.setRemoved(domain.name, true);
      const config = await store.getConfig(projectId);
      const primary = config.primary === domain.name ? null : config.primary;
      const redirects = config.redirects.filter(
        (r) => r.from !== domain.name && r.to !== domain.name && primary !== null,
      );
      await store.putConfig(projectId, { primary, redirects });
    },
  };
}

export type Domains = ReturnType<typeof createDomains>;
