// @ts-check
/**
 * The dashboard API's JSON shapes (spec/dashboard.openapi.yaml), as JSDoc types for the page.
 * This module exports no values; the other modules import its types with `import('./types.js')`.
 */

/** @typedef {'free' | 'pro' | 'enterprise'} Plan */

/**
 * @typedef {object} Project
 * @property {string} id
 * @property {string} name
 * @property {Plan} plan
 * @property {string} defaultDomain
 * @property {{ id: string, status: 'succeeded' | 'failed', createdAt: string }[]} deploys
 * @property {{ allowed: boolean, code?: string, message?: string }} customDomains
 */

/**
 * @typedef {object} Reason
 * @property {string} code
 * @property {string} message
 * @property {string | null} [found]
 * @property {string | null} [expected]
 */

/**
 * @typedef {object} RecordToCreate
 * @property {'CNAME' | 'ALIAS' | 'A' | 'AAAA'} type
 * @property {string} name
 * @property {string} host
 * @property {string} value
 * @property {number} ttl
 */

/**
 * @typedef {object} Troubleshoot
 * @property {string} code
 * @property {string} message
 * @property {string[]} steps
 */

/**
 * @typedef {object} Certificate
 * @property {'none' | 'pending' | 'issued' | 'failed'} status
 * @property {string} [issuer]
 * @property {Reason[]} reasons
 * @property {string | null} [requestedAt]
 * @property {string | null} [issuedAt]
 * @property {string | null} [nextAttemptAt]
 * @property {Troubleshoot} [troubleshoot]
 */

/**
 * @typedef {object} Domain
 * @property {string} name
 * @property {string} projectId
 * @property {boolean} apex
 * @property {'pending' | 'verifying' | 'active' | 'misconfigured'} status
 * @property {Reason[]} reasons
 * @property {RecordToCreate[]} records
 * @property {RecordToCreate[]} [alternatives]
 * @property {string} [note]
 * @property {Certificate} certificate
 * @property {string} createdAt
 * @property {string | null} [checkAt]
 * @property {string | null} [checkedAt]
 * @property {string | null} [verifiedAt]
 */

/** @typedef {{ from: string, to: string, status: number }} Redirect */
/** @typedef {{ primary: string | null, redirects: Redirect[] }} DomainsConfig */
/** @typedef {{ domains: DomainsConfig }} Configuration */

/** @typedef {'A' | 'AAAA' | 'CNAME' | 'ALIAS' | 'ANAME' | 'TXT' | 'CAA'} RecordType */

/**
 * @typedef {object} RecordInput
 * @property {RecordType} type
 * @property {string} name
 * @property {string} value
 * @property {number} [ttl]
 */

/**
 * @typedef {object} ZoneRecord
 * @property {string} id
 * @property {RecordType} type
 * @property {string} name
 * @property {string} host
 * @property {string} value
 * @property {number} ttl
 * @property {string} createdAt
 * @property {string} visibleAt
 * @property {string | null} [deletedAt]
 * @property {string | null} [hiddenAt]
 */

/**
 * @typedef {object} Zone
 * @property {string} name
 * @property {string} propagation
 * @property {boolean} aliasSupport
 * @property {boolean} caaServfail
 * @property {ZoneRecord[]} records
 */

/** @typedef {{ mode: 'system' | 'manual', now: string, offset: string }} Clock */
/** @typedef {{ name: string, description: string, states: string[] }} Scenario */

export {};
