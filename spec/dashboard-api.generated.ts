/**
 * GENERATED from spec/dashboard.openapi.yaml by scripts/generate-spec-types.ts (`npm run generate`).
 * Do not edit: change the spec and regenerate. Used by the settings page (JSDoc) and src/domains/present.ts.
 */

export interface paths {
    readonly "/__dashboard/api/projects": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /** List projects */
        readonly get: operations["listProjects"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__dashboard/api/projects/{projectId}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The project's id, e.g. `acme-shop`. */
                readonly projectId: components["parameters"]["projectId"];
            };
            readonly cookie?: never;
        };
        /** Get a project */
        readonly get: operations["getProject"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__dashboard/api/projects/{projectId}/domains": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The project's id, e.g. `acme-shop`. */
                readonly projectId: components["parameters"]["projectId"];
            };
            readonly cookie?: never;
        };
        /** List the project's domains */
        readonly get: operations["listDomains"];
        readonly put?: never;
        /**
         * Add a domain
         * @description Attaches a domain or subdomain and answers with the DNS records to create (`records`). A subdomain gets
         *     `CNAME <label> → <target>` with TTL 3600; an apex domain gets `ALIAS @ → <target>` (or ANAME), with a
         *     `note` that not every DNS provider supports them, and `alternatives` (A/AAAA records) for providers
         *     that do not. The domain starts `pending`.
         *
         *     Refused, creating nothing, when the plan is below Pro (`PLAN_UPGRADE_REQUIRED`), the project has no
         *     successful deploy (`DEPLOY_REQUIRED`), the name is not a valid host name (`INVALID_DOMAIN`), it is
         *     the platform's own domain (`PLATFORM_DOMAIN`), or it is already attached here
         *     (`DOMAIN_ALREADY_ADDED`) or to another project (`DOMAIN_IN_USE`).
         */
        readonly post: operations["addDomain"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__dashboard/api/projects/{projectId}/domains/{domain}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The project's id, e.g. `acme-shop`. */
                readonly projectId: components["parameters"]["projectId"];
                /** @description The domain's name, e.g. `www.example.com` (case and a trailing dot ignored). */
                readonly domain: components["parameters"]["domain"];
            };
            readonly cookie?: never;
        };
        /**
         * Get a domain
         * @description Reading a domain advances its verification and certificate to the mock's current time.
         */
        readonly get: operations["getDomain"];
        readonly put?: never;
        readonly post?: never;
        /**
         * Remove a domain
         * @description Detaches the domain and stops serving it at once: the very next request with that `Host` answers
         *     404 `DOMAIN_REMOVED`. The domain is also dropped from the configuration (as primary, or as a redirect's
         *     `from` or `to`).
         */
        readonly delete: operations["removeDomain"];
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__dashboard/api/projects/{projectId}/domains/{domain}/verify": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The project's id, e.g. `acme-shop`. */
                readonly projectId: components["parameters"]["projectId"];
                /** @description The domain's name, e.g. `www.example.com` (case and a trailing dot ignored). */
                readonly domain: components["parameters"]["domain"];
            };
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Verify a domain
         * @description Starts a DNS check: the domain goes `verifying` and the check completes a few seconds later on the
         *     mock's clock (`checkAt`). On success the domain is `active` and its certificate `pending`, then `issued`
         *     about two minutes after verification. On failure it is `misconfigured` with `reasons`.
         *     A domain already `active` or `verifying` is answered unchanged with 200 (use re-verify for a fresh attempt).
         */
        readonly post: operations["verifyDomain"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__dashboard/api/projects/{projectId}/domains/{domain}/reverify": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The project's id, e.g. `acme-shop`. */
                readonly projectId: components["parameters"]["projectId"];
                /** @description The domain's name, e.g. `www.example.com` (case and a trailing dot ignored). */
                readonly domain: components["parameters"]["domain"];
            };
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Re-verify a domain
         * @description Starts a fresh verification and certificate attempt, whatever the current state. A live (`active`) domain
         *     stays `active` and served, with its current certificate, while the check runs (`reverifying: true`,
         *     `checkAt`); only the outcome changes it: success keeps it active and runs a fresh certificate attempt
         *     (an issued certificate stays in service until the attempt replaces it), failure marks it
         *     `misconfigured` with `reasons`, and a misconfigured domain is not served. Any other domain goes
         *     `verifying` and its certificate back to `none`.
         */
        readonly post: operations["reverifyDomain"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__dashboard/api/projects/{projectId}/configuration": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The project's id, e.g. `acme-shop`. */
                readonly projectId: components["parameters"]["projectId"];
            };
            readonly cookie?: never;
        };
        /** Get the domains configuration */
        readonly get: operations["getConfiguration"];
        /**
         * Replace the domains configuration
         * @description Validated as a whole; a refusal changes nothing. `domains.primary` must be attached to the project
         *     (`PRIMARY_NOT_ATTACHED`); each redirect's `from` must be attached (`REDIRECT_FROM_NOT_ATTACHED`) and not
         *     the primary (`REDIRECT_FROM_PRIMARY`), its `to` the primary (`REDIRECT_TO_NOT_PRIMARY`), its `status`
         *     301 (`REDIRECT_STATUS_UNSUPPORTED`); one redirect per `from` and no chains or loops (`REDIRECT_CHAIN`).
         *     Redirects need a primary (`PRIMARY_REQUIRED`).
         */
        readonly put: operations["putConfiguration"];
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__dashboard/api/dns/zones": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /** List zones at the simulated DNS provider */
        readonly get: operations["listZones"];
        readonly put?: never;
        /** Create a zone */
        readonly post: operations["createZone"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__dashboard/api/dns/zones/{zone}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The zone's apex, e.g. `example.com`. */
                readonly zone: components["parameters"]["zone"];
            };
            readonly cookie?: never;
        };
        /** Get a zone */
        readonly get: operations["getZone"];
        readonly put?: never;
        readonly post?: never;
        /**
         * Delete a zone
         * @description Its names stop resolving at once (the simulation does not cache negative answers).
         */
        readonly delete: operations["deleteZone"];
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__dashboard/api/dns/zones/{zone}/records": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The zone's apex, e.g. `example.com`. */
                readonly zone: components["parameters"]["zone"];
            };
            readonly cookie?: never;
        };
        /** List a zone's records */
        readonly get: operations["listRecords"];
        readonly put?: never;
        /**
         * Add a record
         * @description The record becomes visible to resolvers after the zone's propagation delay (`visibleAt`).
         *     Refused: a CNAME beside other data at one name, or other data beside a CNAME (`CNAME_CONFLICT`,
         *     RFC 1034 §3.6.2); a CNAME at the zone apex (`CNAME_AT_APEX`: the apex always holds SOA and NS);
         *     ALIAS/ANAME where the zone has no alias support (`ALIAS_NOT_SUPPORTED`); a name outside the zone
         *     (`RECORD_OUTSIDE_ZONE`); an invalid value (`INVALID_RECORD`).
         */
        readonly post: operations["addRecord"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__dashboard/api/dns/zones/{zone}/records/{recordId}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The zone's apex, e.g. `example.com`. */
                readonly zone: components["parameters"]["zone"];
                /** @description The record's id. */
                readonly recordId: string;
            };
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        readonly post?: never;
        /**
         * Delete a record
         * @description Resolvers may still see it until its TTL has passed (`hiddenAt`).
         */
        readonly delete: operations["deleteRecord"];
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/dashboard/projects": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /** Create a project */
        readonly post: operations["createProject"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/dashboard/projects/{projectId}/plan": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The project's id, e.g. `acme-shop`. */
                readonly projectId: components["parameters"]["projectId"];
            };
            readonly cookie?: never;
        };
        readonly get?: never;
        /**
         * Set a project's plan
         * @description Attached domains stay; only adding new ones needs a paid plan.
         */
        readonly put: operations["setPlan"];
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/dashboard/projects/{projectId}/deploys": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The project's id, e.g. `acme-shop`. */
                readonly projectId: components["parameters"]["projectId"];
            };
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /** Record a deploy */
        readonly post: operations["recordDeploy"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/dashboard/clock": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /** Read the mock's clock */
        readonly get: operations["getClock"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/dashboard/clock/advance": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Advance the mock's clock
         * @description Moves the clock forward. With `--clock manual` this is the only way time passes; with the system clock
         *     it adds an offset to real time. The clock goes at most to 9999-12-01T00:00:00Z (a move past it is a
         *     400), as `/__mock/clock` does: it is the same clock.
         */
        readonly post: operations["advanceClock"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/dashboard/presets": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /** List the presets (named states) */
        readonly get: operations["listPresets"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/dashboard/presets/{preset}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description A preset name from `GET /__mock/dashboard/presets`, e.g. `every-state`. */
                readonly preset: string;
            };
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Load a preset (a named state)
         * @description Replaces the whole dashboard state (projects, domains, zones) with the seed plus the preset, and clears
         *     the clock's offset (a manual clock goes back to its start). Domains belong to `acme-shop`.
         */
        readonly post: operations["loadPreset"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/dashboard/scenarios": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * The presets, under their former name
         * @deprecated
         * @description Use `GET /__mock/dashboard/presets`; this path answers the same and will be removed in a later major version.
         */
        readonly get: operations["listScenarios"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/dashboard/scenarios/{scenario}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description A preset name from `GET /__mock/dashboard/presets`, e.g. `every-state`. */
                readonly scenario: string;
            };
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Load a preset, under its former name
         * @deprecated
         * @description Use `POST /__mock/dashboard/presets/{preset}`; this path loads the same presets and answers as it did,
         *     with the preset under `scenario`. It will be removed in a later major version.
         */
        readonly post: operations["loadScenario"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/dashboard/reset": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Reset the dashboard
         * @description Back to the seed (projects, no domains, no zones) and no clock offset. `POST /__mock/reset` and the MSW
         *     controller's `reset()` do this too.
         */
        readonly post: operations["resetDashboard"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        readonly Error: {
            /** @description Stable machine-readable code, UPPER_SNAKE. */
            readonly code: string;
            /** @description What went wrong and what to do about it. */
            readonly message: string;
            /** @description The HTTP status code. */
            readonly status: number;
        };
        /** @enum {string} */
        readonly Plan: "free" | "pro" | "enterprise";
        /**
         * @description A duration such as `90s`, `5m`, `1h30m` or `2d`.
         * @example 5m
         */
        readonly Duration: string;
        readonly Project: {
            readonly id: string;
            readonly name: string;
            readonly plan: components["schemas"]["Plan"];
            /**
             * @description The platform subdomain that always serves the project, and the target of its DNS records.
             * @example acme-shop.mockpages.example
             */
            readonly defaultDomain: string;
            readonly deploys: readonly {
                readonly id: string;
                /** @enum {string} */
                readonly status: "succeeded" | "failed";
                /** Format: date-time */
                readonly createdAt: string;
            }[];
            /** @description Whether a domain can be added now, and if not why (the error adding would answer). */
            readonly customDomains: {
                readonly allowed: boolean;
                /** @enum {string} */
                readonly code?: "PLAN_UPGRADE_REQUIRED" | "DEPLOY_REQUIRED";
                readonly message?: string;
            };
        };
        readonly DnsRecordToCreate: {
            /**
             * @description ALIAS stands for ALIAS or ANAME, whichever the DNS provider offers.
             * @enum {string}
             */
            readonly type: "CNAME" | "ALIAS" | "A" | "AAAA";
            /**
             * @description The record's name at the DNS provider, relative to the registrable domain (`@` is the apex).
             * @example www
             */
            readonly name: string;
            /** @description The full name. */
            readonly host: string;
            /** @description The value to enter; it must match exactly. */
            readonly value: string;
            /** @example 3600 */
            readonly ttl: number;
        };
        readonly Reason: {
            /**
             * @description Verification: `DNS_NOT_FOUND`, `DNS_NOT_PROPAGATED`, `CNAME_TARGET_MISMATCH`, `CONFLICTING_A_RECORD`,
             *     `CONFLICTING_AAAA_RECORD`, `APEX_CNAME_NOT_ALLOWED`, `APEX_NOT_ALIASED`, `DNS_LOOKUP_FAILED`.
             *     Certificate: `CAA_FORBIDS_ISSUANCE`, `CAA_LOOKUP_FAILED`.
             */
            readonly code: string;
            /** @description What was found and how to fix it. */
            readonly message: string;
            /** @description What DNS answered, e.g. `CNAME other.example.net` (null when nothing). */
            readonly found?: string | null;
            /** @description What it should answer, e.g. `CNAME acme-shop.mockpages.example`. */
            readonly expected?: string | null;
        };
        readonly Certificate: {
            /**
             * @description `none` until the domain is verified; the user installs and renews nothing.
             * @enum {string}
             */
            readonly status: "none" | "pending" | "issued" | "failed";
            /** @example letsencrypt.org */
            readonly issuer?: string;
            readonly reasons: readonly components["schemas"]["Reason"][];
            /** Format: date-time */
            readonly requestedAt?: string | null;
            /** Format: date-time */
            readonly issuedAt?: string | null;
            /** Format: date-time */
            readonly nextAttemptAt?: string | null;
            /** @description Present while the certificate is still pending 30 minutes after verification. */
            readonly troubleshoot?: {
                /** @enum {string} */
                readonly code: "CERTIFICATE_DELAYED";
                readonly message: string;
                readonly steps: readonly string[];
            };
        };
        readonly Domain: {
            /**
             * @description The ASCII form, used by DNS, `Host` headers and certificates. An internationalised name may be added
             *     in Unicode (`bücher.example`) or in its `xn--` form; either way `name` is `xn--bcher-kva.example`
             *     (IDNA, as the WHATWG URL parser maps it) and `unicodeName` is `bücher.example`.
             * @example www.example.com
             */
            readonly name: string;
            /**
             * @description The form people read (`bücher.example`); the same as `name` for an ASCII name.
             * @example www.example.com
             */
            readonly unicodeName: string;
            readonly projectId: string;
            /** @description True for a registrable domain without subdomain (needs ALIAS/ANAME instead of CNAME). */
            readonly apex: boolean;
            /**
             * @description `pending`: added, never verified. `verifying`: a check is running until `checkAt`. `active`: verified and
             *     served. `misconfigured`: the last check failed, see `reasons`.
             * @enum {string}
             */
            readonly status: "pending" | "verifying" | "active" | "misconfigured";
            /** @description A re-verification runs on this live domain until `checkAt`; it is served meanwhile. */
            readonly reverifying: boolean;
            readonly reasons: readonly components["schemas"]["Reason"][];
            /** @description The DNS records to create. */
            readonly records: readonly components["schemas"]["DnsRecordToCreate"][];
            /** @description For an apex, A/AAAA records to use where the DNS provider has no ALIAS/ANAME. */
            readonly alternatives?: readonly components["schemas"]["DnsRecordToCreate"][];
            /** @description For an apex, that not every DNS provider supports ALIAS/ANAME. */
            readonly note?: string;
            readonly certificate: components["schemas"]["Certificate"];
            /** Format: date-time */
            readonly createdAt: string;
            /**
             * Format: date-time
             * @description When the running check completes (while `verifying` or `reverifying`).
             */
            readonly checkAt?: string | null;
            /** Format: date-time */
            readonly checkedAt?: string | null;
            /** Format: date-time */
            readonly verifiedAt?: string | null;
        };
        readonly Redirect: {
            readonly from: string;
            readonly to: string;
            /** @enum {integer} */
            readonly status: 301;
        };
        /**
         * @example {
         *       "domains": {
         *         "primary": "www.example.com",
         *         "redirects": [
         *           {
         *             "from": "example.com",
         *             "to": "www.example.com",
         *             "status": 301
         *           }
         *         ]
         *       }
         *     }
         */
        readonly Configuration: {
            readonly domains: {
                readonly primary: string | null;
                readonly redirects: readonly components["schemas"]["Redirect"][];
            };
        };
        readonly RecordInput: {
            /** @enum {string} */
            readonly type: "A" | "AAAA" | "CNAME" | "ALIAS" | "ANAME" | "TXT" | "CAA";
            /** @description Relative (`www`, `@` for the apex) or the full name inside the zone. */
            readonly name: string;
            /** @description An address, a host name, TXT text, or CAA in presentation form: `0 issue "letsencrypt.org"`. */
            readonly value: string;
            /** @default 3600 */
            readonly ttl: number;
        };
        readonly ZoneRecord: components["schemas"]["RecordInput"] & {
            readonly id: string;
            readonly host: string;
            /** Format: date-time */
            readonly createdAt: string;
            /**
             * Format: date-time
             * @description When resolvers start to see it (creation plus the zone's propagation delay).
             */
            readonly visibleAt: string;
            /** Format: date-time */
            readonly deletedAt?: string | null;
            /**
             * Format: date-time
             * @description When resolvers stop seeing a deleted record (its TTL after deletion).
             */
            readonly hiddenAt?: string | null;
        };
        readonly Zone: {
            readonly name: string;
            readonly propagation: components["schemas"]["Duration"];
            readonly aliasSupport: boolean;
            readonly caaServfail: boolean;
            readonly records: readonly components["schemas"]["ZoneRecord"][];
        };
        readonly Clock: {
            /** @enum {string} */
            readonly mode: "system" | "manual";
            /** Format: date-time */
            readonly now: string;
            readonly offset: components["schemas"]["Duration"];
        };
        /** @description A named state of the simulation. */
        readonly Preset: {
            /** @example every-state */
            readonly name: string;
            readonly description: string;
            /** @description The domain states it shows. */
            readonly states: readonly string[];
        };
    };
    responses: {
        /** @description The request is malformed (`INVALID_REQUEST`, `INVALID_DOMAIN`, `INVALID_RECORD`, ...). */
        readonly BadRequest: {
            headers: {
                readonly [name: string]: unknown;
            };
            content: {
                readonly "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The project's plan does not allow custom domains (`PLAN_UPGRADE_REQUIRED`). */
        readonly Forbidden: {
            headers: {
                readonly [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "PLAN_UPGRADE_REQUIRED",
                 *       "message": "Custom domains need the Pro plan or above; project hobby-blog is on the free plan. Upgrade it, then add the domain again.",
                 *       "status": 403
                 *     }
                 */
                readonly "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such project, domain, zone, record or preset (`PROJECT_NOT_FOUND`, `DOMAIN_NOT_FOUND`, ...). */
        readonly NotFound: {
            headers: {
                readonly [name: string]: unknown;
            };
            content: {
                readonly "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request conflicts with the current state (`DEPLOY_REQUIRED`, `DOMAIN_IN_USE`, `CNAME_CONFLICT`, ...). */
        readonly Conflict: {
            headers: {
                readonly [name: string]: unknown;
            };
            content: {
                readonly "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Well-formed but refused by a rule (configuration validation, `CNAME_AT_APEX`, `ALIAS_NOT_SUPPORTED`). */
        readonly Unprocessable: {
            headers: {
                readonly [name: string]: unknown;
            };
            content: {
                readonly "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description The project's id, e.g. `acme-shop`. */
        readonly projectId: string;
        /** @description The domain's name, e.g. `www.example.com` (case and a trailing dot ignored). */
        readonly domain: string;
        /** @description The zone's apex, e.g. `example.com`. */
        readonly zone: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    readonly listProjects: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description All projects. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": readonly components["schemas"]["Project"][];
                };
            };
            readonly 400: components["responses"]["BadRequest"];
        };
    };
    readonly getProject: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The project's id, e.g. `acme-shop`. */
                readonly projectId: components["parameters"]["projectId"];
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The project. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Project"];
                };
            };
            readonly 404: components["responses"]["NotFound"];
        };
    };
    readonly listDomains: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The project's id, e.g. `acme-shop`. */
                readonly projectId: components["parameters"]["projectId"];
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The project's custom domains, in the order they were added. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": readonly components["schemas"]["Domain"][];
                };
            };
            readonly 404: components["responses"]["NotFound"];
        };
    };
    readonly addDomain: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The project's id, e.g. `acme-shop`. */
                readonly projectId: components["parameters"]["projectId"];
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * @description The domain, e.g. `www.example.com` or `example.com` (case and a trailing dot ignored).
                     * @example www.example.com
                     */
                    readonly name: string;
                };
            };
        };
        readonly responses: {
            /** @description The domain was added; create the DNS records it lists. */
            readonly 201: {
                headers: {
                    /** @description The domain's URL. */
                    readonly Location?: string;
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Domain"];
                };
            };
            readonly 400: components["responses"]["BadRequest"];
            readonly 403: components["responses"]["Forbidden"];
            readonly 404: components["responses"]["NotFound"];
            readonly 409: components["responses"]["Conflict"];
        };
    };
    readonly getDomain: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The project's id, e.g. `acme-shop`. */
                readonly projectId: components["parameters"]["projectId"];
                /** @description The domain's name, e.g. `www.example.com` (case and a trailing dot ignored). */
                readonly domain: components["parameters"]["domain"];
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The domain. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Domain"];
                };
            };
            readonly 404: components["responses"]["NotFound"];
        };
    };
    readonly removeDomain: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The project's id, e.g. `acme-shop`. */
                readonly projectId: components["parameters"]["projectId"];
                /** @description The domain's name, e.g. `www.example.com` (case and a trailing dot ignored). */
                readonly domain: components["parameters"]["domain"];
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Removed. */
            readonly 204: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content?: never;
            };
            readonly 404: components["responses"]["NotFound"];
        };
    };
    readonly verifyDomain: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The project's id, e.g. `acme-shop`. */
                readonly projectId: components["parameters"]["projectId"];
                /** @description The domain's name, e.g. `www.example.com` (case and a trailing dot ignored). */
                readonly domain: components["parameters"]["domain"];
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The domain was already active or verifying; nothing changed. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Domain"];
                };
            };
            /** @description Verification started. */
            readonly 202: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Domain"];
                };
            };
            readonly 404: components["responses"]["NotFound"];
        };
    };
    readonly reverifyDomain: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The project's id, e.g. `acme-shop`. */
                readonly projectId: components["parameters"]["projectId"];
                /** @description The domain's name, e.g. `www.example.com` (case and a trailing dot ignored). */
                readonly domain: components["parameters"]["domain"];
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description A fresh verification started. */
            readonly 202: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Domain"];
                };
            };
            readonly 404: components["responses"]["NotFound"];
        };
    };
    readonly getConfiguration: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The project's id, e.g. `acme-shop`. */
                readonly projectId: components["parameters"]["projectId"];
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The configuration. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Configuration"];
                };
            };
            readonly 404: components["responses"]["NotFound"];
        };
    };
    readonly putConfiguration: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The project's id, e.g. `acme-shop`. */
                readonly projectId: components["parameters"]["projectId"];
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["Configuration"];
            };
        };
        readonly responses: {
            /** @description The stored configuration (names normalised). */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Configuration"];
                };
            };
            readonly 400: components["responses"]["BadRequest"];
            readonly 404: components["responses"]["NotFound"];
            readonly 422: components["responses"]["Unprocessable"];
        };
    };
    readonly listZones: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description All zones with their records. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": readonly components["schemas"]["Zone"][];
                };
            };
            readonly 400: components["responses"]["BadRequest"];
        };
    };
    readonly createZone: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @description The zone's apex, e.g. `example.com`. */
                    readonly name: string;
                    readonly propagation?: components["schemas"]["Duration"];
                    /**
                     * @description Whether this provider offers ALIAS/ANAME records (not every provider does).
                     * @default true
                     */
                    readonly aliasSupport?: boolean;
                    /**
                     * @description The provider's name servers answer SERVFAIL to CAA queries (a known real-world fault).
                     * @default false
                     */
                    readonly caaServfail?: boolean;
                };
            };
        };
        readonly responses: {
            /** @description The zone. */
            readonly 201: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Zone"];
                };
            };
            readonly 400: components["responses"]["BadRequest"];
            readonly 409: components["responses"]["Conflict"];
        };
    };
    readonly getZone: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The zone's apex, e.g. `example.com`. */
                readonly zone: components["parameters"]["zone"];
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The zone with its records. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Zone"];
                };
            };
            readonly 404: components["responses"]["NotFound"];
        };
    };
    readonly deleteZone: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The zone's apex, e.g. `example.com`. */
                readonly zone: components["parameters"]["zone"];
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Deleted. */
            readonly 204: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content?: never;
            };
            readonly 404: components["responses"]["NotFound"];
        };
    };
    readonly listRecords: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The zone's apex, e.g. `example.com`. */
                readonly zone: components["parameters"]["zone"];
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The records, deleted ones that resolvers may still see included. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": readonly components["schemas"]["ZoneRecord"][];
                };
            };
            readonly 404: components["responses"]["NotFound"];
        };
    };
    readonly addRecord: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The zone's apex, e.g. `example.com`. */
                readonly zone: components["parameters"]["zone"];
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["RecordInput"];
            };
        };
        readonly responses: {
            /** @description The record. */
            readonly 201: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["ZoneRecord"];
                };
            };
            readonly 400: components["responses"]["BadRequest"];
            readonly 404: components["responses"]["NotFound"];
            readonly 409: components["responses"]["Conflict"];
            readonly 422: components["responses"]["Unprocessable"];
        };
    };
    readonly deleteRecord: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The zone's apex, e.g. `example.com`. */
                readonly zone: components["parameters"]["zone"];
                /** @description The record's id. */
                readonly recordId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Deleted. */
            readonly 204: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content?: never;
            };
            readonly 404: components["responses"]["NotFound"];
        };
    };
    readonly createProject: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @description Also the label of the default subdomain. */
                    readonly id: string;
                    readonly name?: string;
                    readonly plan?: components["schemas"]["Plan"];
                };
            };
        };
        readonly responses: {
            /** @description The project. */
            readonly 201: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Project"];
                };
            };
            readonly 400: components["responses"]["BadRequest"];
            readonly 409: components["responses"]["Conflict"];
        };
    };
    readonly setPlan: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The project's id, e.g. `acme-shop`. */
                readonly projectId: components["parameters"]["projectId"];
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly plan: components["schemas"]["Plan"];
                };
            };
        };
        readonly responses: {
            /** @description The project. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Project"];
                };
            };
            readonly 400: components["responses"]["BadRequest"];
            readonly 404: components["responses"]["NotFound"];
        };
    };
    readonly recordDeploy: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The project's id, e.g. `acme-shop`. */
                readonly projectId: components["parameters"]["projectId"];
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @enum {string} */
                    readonly status: "succeeded" | "failed";
                };
            };
        };
        readonly responses: {
            /** @description The project with the new deploy. */
            readonly 201: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Project"];
                };
            };
            readonly 400: components["responses"]["BadRequest"];
            readonly 404: components["responses"]["NotFound"];
        };
    };
    readonly getClock: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The clock. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Clock"];
                };
            };
            readonly 400: components["responses"]["BadRequest"];
        };
    };
    readonly advanceClock: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly by: components["schemas"]["Duration"];
                };
            };
        };
        readonly responses: {
            /** @description The clock after the move. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Clock"];
                };
            };
            readonly 400: components["responses"]["BadRequest"];
        };
    };
    readonly listPresets: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The presets. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": readonly components["schemas"]["Preset"][];
                };
            };
            readonly 400: components["responses"]["BadRequest"];
        };
    };
    readonly loadPreset: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description A preset name from `GET /__mock/dashboard/presets`, e.g. `every-state`. */
                readonly preset: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The preset loaded, with the domains it created. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly preset: components["schemas"]["Preset"];
                        readonly domains: readonly components["schemas"]["Domain"][];
                    };
                };
            };
            readonly 404: components["responses"]["NotFound"];
        };
    };
    readonly listScenarios: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The presets. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": readonly components["schemas"]["Preset"][];
                };
            };
            readonly 400: components["responses"]["BadRequest"];
        };
    };
    readonly loadScenario: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description A preset name from `GET /__mock/dashboard/presets`, e.g. `every-state`. */
                readonly scenario: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The preset loaded, with the domains it created. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly scenario: components["schemas"]["Preset"];
                        readonly domains: readonly components["schemas"]["Domain"][];
                    };
                };
            };
            readonly 404: components["responses"]["NotFound"];
        };
    };
    readonly resetDashboard: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Reset. */
            readonly 204: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content?: never;
            };
            readonly 400: components["responses"]["BadRequest"];
        };
    };
}
