import type { Zone, ZoneRecordType } from './types.ts';

/** The domain states the presets show, each as the DNS records and check time that lead to it. */

const minute = 60_000;
export const presetPropagationMs = 5 * minute;
export const project = 'acme-shop';

export interface Setup {
  readonly state: string;
  readonly description: string;
  /** Records at the simulated provider: [zone, type, relative name, value, created this long ago]. */
  readonly records: ReadonlyArray<readonly [string, ZoneRecordType, string, string, number]>;
  readonly domain: string;
  /** When the DNS check completes relative to now; undefined leaves the domain pending. */
  readonly checkIn?: number;
  readonly zoneOptions?: Partial<Pick<Zone, 'aliasSupport' | 'caaServfail'>>;
}

/** Stands for the project's target (its platform subdomain) in a record value. */
export const target = '$target';

/**
 * Each state is reached honestly: the preset only writes DNS records and a check time; the real lifecycle
 * (DNS check, CAA, retries) then runs when the domains are read, so every reason is what the engine says.
 */
export const setups: readonly Setup[] = [
  {
    state: 'pending',
    description: 'pending.example.com was added and never verified.',
    domain: 'pending.example.com',
    records: [],
  },
  {
    state: 'verifying',
    description: 'verifying.example.com has a correct CNAME; its check completes one minute after loading.',
    domain: 'verifying.example.com',
    records: [['example.com', 'CNAME', 'verifying', target, 60 * minute]],
    checkIn: minute,
  },
  {
    state: 'certificate-pending',
    description:
      'app.example.com was verified a minute ago; its certificate is issued a minute after loading.',
    domain: 'app.example.com',
    records: [['example.com', 'CNAME', 'app', target, 60 * minute]],
    checkIn: -minute,
  },
  {
    state: 'issued',
    description: 'www.example.com is active with its certificate issued.',
    domain: 'www.example.com',
    records: [['example.com', 'CNAME', 'www', target, 2 * 1440 * minute]],
    checkIn: -1440 * minute,
  },
  {
    state: 'issued-apex',
    description: 'example.com (apex, ALIAS) is active with its certificate issued.',
    domain: 'example.com',
    records: [['example.com', 'ALIAS', '@', target, 2 * 1440 * minute]],
    checkIn: -1440 * minute,
  },
  {
    state: 'caa-forbidden',
    description:
      'shop.example.org is verified; a CAA record on example.org (a parent) allows only other-ca.example.',
    domain: 'shop.example.org',
    records: [
      ['example.org', 'CAA', '@', '0 issue "other-ca.example"', 1440 * minute],
      ['example.org', 'CNAME', 'shop', target, 60 * minute],
    ],
    checkIn: -20 * minute,
  },
  {
    state: 'a-record-conflict',
    description: 'blog.example.com has an A record (198.51.100.7) where the CNAME should be.',
    domain: 'blog.example.com',
    records: [['example.com', 'A', 'blog', '198.51.100.7', 1440 * minute]],
    checkIn: -10 * minute,
  },
  {
    state: 'cname-mismatch',
    description: 'docs.example.com has a CNAME to old-host.example.net instead of the target.',
    domain: 'docs.example.com',
    records: [['example.com', 'CNAME', 'docs', 'old-host.example.net', 60 * minute]],
    checkIn: -10 * minute,
  },
  {
    state: 'apex-not-aliased',
    description: 'example.net (apex, provider without ALIAS) still has an A record to another host.',
    domain: 'example.net',
    records: [['example.net', 'A', '@', '198.51.100.20', 1440 * minute]],
    zoneOptions: { aliasSupport: false },
    checkIn: -10 * minute,
  },
  {
    state: 'awaiting-propagation',
    description: 'new.example.com got its CNAME a minute ago; propagation takes 5 minutes.',
    domain: 'new.example.com',
    records: [['example.com', 'CNAME', 'new', target, minute]],
    checkIn: 0,
  },
  {
    state: 'troubleshooting',
    description:
      'www.acme.test was verified 45 minutes ago; its provider answers SERVFAIL to CAA, so the certificate is stuck.',
    domain: 'www.acme.test',
    records: [['acme.test', 'CNAME', 'www', target, 120 * minute]],
    zoneOptions: { caaServfail: true },
    checkIn: -45 * minute,
  },
];
