import { noCertificate } from './lifecycle.ts';
import { isApex } from './names.ts';
import { defaultDomainOf, type Platform } from './platform.ts';
import type { DashboardStore } from './store.ts';
import type { Domain, Zone, ZoneRecordType } from './types.ts';

export interface ScenarioContext {
  readonly store: DashboardStore;
  readonly now: number;
  readonly platform: Platform;
}

export interface Scenario {
  readonly name: string;
  readonly description: string;
  readonly states: readonly string[];
  load(context: ScenarioContext): Promise<void>;
}

const minute = 60_000;
const project = 'acme-shop';

interface Setup {
  readonly state: string;
  /** Records at the simulated provider: [zone, type, relative name, value, created this long ago]. */
  readonly records: ReadonlyArray<readonly [string, ZoneRecordType, string, string, number]>;
  readonly domain: string;
  /** When the DNS check completes relative to now; undefined leaves the domain pending. */
  readonly checkIn?: number;
  readonly zoneOptions?: Partial<Pick<Zone, 'aliasSupport' | 'caaServfail'>>;
}

const target = '$target';

/**
 * Each state is reached honestly: the scenario only writes DNS records and a check time; the real lifecycle
 * (DNS check, CAA, retries) then runs when the domains are read, so every reason is what the engine says.
 */
const setups: readonly Setup[] = [
  { state: 'pending', domain: 'pending.example.com', records: [] },
  {
    state: 'verifying',
    domain: 'verifying.example.com',
    records: [['example.com', 'CNAME', 'verifying', target, 60 * minute]],
    checkIn: minute,
  },
  {
    state: 'certificate-pending',
    domain: 'app.example.com',
    records: [['example.com', 'CNAME', 'app', target, 60 * minute]],
    checkIn: -minute,
  },
  {
    state: 'issued',
    domain: 'www.example.com',
    records: [['example.com', 'CNAME', 'www', target, 2 * 1440 * minute]],
    checkIn: -1440 * minute,
  },
  {
    state: 'issued-apex',
    domain: 'example.com',
    records: [['example.com', 'ALIAS', '@', target, 2 * 1440 * minute]],
    checkIn: -1440 * minute,
  },
  {
    state: 'caa-forbidden',
    domain: 'shop.example.org',
    records: [
      ['example.org', 'CAA', '@', '0 issue "other-ca.example"', 1440 * minute],
      ['example.org', 'CNAME', 'shop', target, 60 * minute],
    ],
    checkIn: -20 * minute,
  },
  {
    state: 'a-record-conflict',
    domain: 'blog.example.com',
    records: [['example.com', 'A', 'blog', '198.51.100.7', 1440 * minute]],
    checkIn: -10 * minute,
  },
  {
    state: 'cname-mismatch',
    domain: 'docs.example.com',
    records: [['example.com', 'CNAME', 'docs', 'old-host.example.net', 60 * minute]],
    checkIn: -10 * minute,
  },
  {
    state: 'apex-not-aliased',
    domain: 'example.net',
    records: [['example.net', 'A', '@', '198.51.100.20', 1440 * minute]],
    zoneOptions: { aliasSupport: false },
    checkIn: -10 * minute,
  },
  {
    state: 'awaiting-propagation',
    domain: 'new.example.com',
    records: [['example.com', 'CNAME', 'new', target, minute]],
    checkIn: 0,
  },
  {
    state: 'troubleshooting',
    domain: 'www.acme.test',
    records: [['acme.test', 'CNAME', 'www', target, 120 * minute]],
    zoneOptions: { caaServfail: true },
    checkIn: -45 * minute,
  },
];

async function apply(setup: Setup, { store, now, platform }: ScenarioContext): Promise<void> {
  for (const [zoneName, type, relative, value, age] of setup.records) {
    const zone: Zone = (await store.getZone(zoneName)) ?? {
      name: zoneName,
      propagationMs: platform.propagationMs,
      aliasSupport: true,
      caaServfail: false,
      records: [],
    };
    const host = relative === '@' ? zoneName : `${relative}.${zoneName}`;
    const createdAt = now - age;
    const record = {
      id: String(zone.records.length + 1),
      type,
      host,
      value: value === target ? defaultDomainOf(platform, project) : value,
      ttl: platform.recordTtl,
      createdAt,
      visibleAt: createdAt + zone.propagationMs,
      deletedAt: null,
      hiddenAt: null,
    };
    await store.putZone({ ...zone, ...setup.zoneOptions, records: [...zone.records, record] });
  }
  const checkAt = setup.checkIn === undefined ? null : now + setup.checkIn;
  const domain: Domain = {
    name: setup.domain,
    projectId: project,
    apex: isApex(setup.domain),
    status: checkAt === null ? 'pending' : 'verifying',
    reasons: [],
    certificate: noCertificate,
    createdAt: now - 2 * 1440 * minute,
    checkAt,
    checkedAt: null,
    verifiedAt: null,
  };
  await store.putDomain(domain);
}

function single(setup: Setup, description: string): Scenario {
  return { name: setup.state, description, states: [setup.state], load: (context) => apply(setup, context) };
}

const described: Readonly<Record<string, string>> = {
  pending: 'pending.example.com was added and never verified.',
  verifying: 'verifying.example.com has a correct CNAME; its check completes one minute after loading.',
  'certificate-pending':
    'app.example.com was verified a minute ago; its certificate is issued a minute after loading.',
  issued: 'www.example.com is active with its certificate issued.',
  'issued-apex': 'example.com (apex, ALIAS) is active with its certificate issued.',
  'caa-forbidden':
    'shop.example.org is verified; a CAA record on example.org (a parent) allows only other-ca.example.',
  'a-record-conflict': 'blog.example.com has an A record (198.51.100.7) where the CNAME should be.',
  'cname-mismatch': 'docs.example.com has a CNAME to old-host.example.net instead of the target.',
  'apex-not-aliased': 'example.net (apex, provider without ALIAS) still has an A record to another host.',
  'awaiting-propagation': 'new.example.com got its CNAME a minute ago; propagation takes 5 minutes.',
  troubleshooting:
    'www.acme.test was verified 45 minutes ago; its provider answers SERVFAIL to CAA, so the certificate is stuck.',
};

export const scenarios: readonly Scenario[] = [
  {
    name: 'every-state',
    description:
      'One domain of acme-shop in each state, www.example.com primary with example.com redirecting to it.',
    states: setups.map((setup) => setup.state),
    async load(context) {
      for (const setup of setups) await apply(setup, context);
      await context.store.putConfig(project, {
        primary: 'www.example.com',
        redirects: [{ from: 'example.com', to: 'www.example.com', status: 301 }],
      });
    },
  },
  ...setups.map((setup) => single(setup, described[setup.state] ?? setup.state)),
];
