import type { components } from '../../spec/dashboard-api.generated.ts';
import { formatDuration } from './duration.ts';
import { isReverifying, troubleshootHint } from './lifecycle.ts';
import { relativeName } from './names.ts';
import { defaultDomainOf, type Platform } from './platform.ts';
import { addingRefusal } from './projects.ts';
import type { Domain, Project, RecordToCreate, Zone, ZoneRecord } from './types.ts';

/**
 * The API's JSON shapes: times as ISO strings, derived fields filled in. Each presenter is checked with
 * `satisfies` against the types generated from spec/dashboard.openapi.yaml, the same types the page uses.
 */
type Schemas = components['schemas'];

export function iso(ms: number): string;
export function iso(ms: number | null): string | null;
export function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

export function presentProject(project: Project, platform: Platform) {
  const refusal = addingRefusal(project);
  return {
    id: project.id,
    name: project.name,
    plan: project.plan,
    defaultDomain: defaultDomainOf(platform, project.id),
    deploys: project.deploys.map((deploy) => ({ ...deploy, createdAt: iso(deploy.createdAt) })),
    customDomains: refusal ? { allowed: false, ...refusal } : { allowed: true },
  } satisfies Schemas['Project'];
}

/** Rule 2 and 5: what to create at the DNS provider. */
export function recordsToCreate(domain: Domain, platform: Platform) {
  const target = defaultDomainOf(platform, domain.projectId);
  const base = { host: domain.name, ttl: platform.recordTtl };
  if (!domain.apex) {
    const cname: RecordToCreate = { type: 'CNAME', name: relativeName(domain.name), value: target, ...base };
    return { records: [cname] } satisfies RecordsToCreate;
  }
  return {
    records: [{ type: 'ALIAS', name: '@', value: target, ...base } satisfies RecordToCreate],
    alternatives: platform.addresses.map(
      (a) => ({ type: a.type, name: '@', value: a.value, ...base }) satisfies RecordToCreate,
    ),
    note: `${domain.name} is an apex domain: it needs an ALIAS or ANAME record (some providers call it CNAME flattening) instead of a CNAME. Not every DNS provider supports them; where yours does not, create the A/AAAA records under "alternatives".`,
  } satisfies RecordsToCreate;
}

type RecordsToCreate = Pick<Schemas['Domain'], 'records' | 'alternatives' | 'note'>;

export function presentDomain(domain: Domain, platform: Platform, now: number) {
  const troubleshoot = troubleshootHint(domain, now, platform);
  const { certificate } = domain;
  return {
    name: domain.name,
    unicodeName: domain.unicodeName,
    projectId: domain.projectId,
    apex: domain.apex,
    status: domain.status,
    reverifying: isReverifying(domain),
    reasons: domain.reasons,
    ...recordsToCreate(domain, platform),
    certificate: {
      status: certificate.status,
      issuer: platform.certificateAuthority,
      reasons: certificate.reasons,
      requestedAt: iso(certificate.requestedAt),
      issuedAt: iso(certificate.issuedAt),
      nextAttemptAt: iso(certificate.nextAttemptAt),
      ...(troubleshoot ? { troubleshoot } : {}),
    },
    createdAt: iso(domain.createdAt),
    checkAt: iso(domain.checkAt),
    checkedAt: iso(domain.checkedAt),
    verifiedAt: iso(domain.verifiedAt),
  } satisfies Schemas['Domain'];
}

export function presentRecord(record: ZoneRecord, zone: Zone) {
  return {
    id: record.id,
    type: record.type,
    name: record.host === zone.name ? '@' : record.host.slice(0, -(zone.name.length + 1)),
    host: record.host,
    value: record.value,
    ttl: record.ttl,
    createdAt: iso(record.createdAt),
    visibleAt: iso(record.visibleAt),
    deletedAt: iso(record.deletedAt),
    hiddenAt: iso(record.hiddenAt),
  } satisfies Schemas['ZoneRecord'];
}

export function presentZone(zone: Zone) {
  return {
    name: zone.name,
    propagation: formatDuration(zone.propagationMs),
    aliasSupport: zone.aliasSupport,
    caaServfail: zone.caaServfail,
    records: zone.records.map((record) => presentRecord(record, zone)),
  } satisfies Schemas['Zone'];
}
