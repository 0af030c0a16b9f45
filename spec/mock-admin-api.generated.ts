/**
 * GENERATED from spec/mock-admin.openapi.yaml by scripts/generate-spec-types.ts (`npm run generate`).
 * Do not edit: change the spec and regenerate. Used by the control page (JSDoc).
 */

export interface paths {
    readonly "/__health": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * Whether the mock is alive and ready to serve
         * @description Answered before anything else the mock does: it needs no key, is never delayed by latency or faults,
         *     is not journaled (nor in the request log), and is there whatever is switched off (`--no-admin`
         *     included). `status` is `ok` while the process answers at all; `ready` says whether it can serve: not
         *     while its seed is still loading (the port opens first; every other request then answers 503
         *     `NOT_READY`) nor while the shared store (`--store`) is unreachable. `petstore-mock health` asks it and
         *     exits 0 or 1, so an image needs no curl. `HEAD` answers the same status without a body.
         */
        readonly get: operations["health"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/orders": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * Every order with its internal status
         * @description Cancelled orders included; the Store API's list leaves them out.
         */
        readonly get: operations["adminListOrders"];
        readonly put?: never;
        /** Create an order with a given status */
        readonly post: operations["adminCreateOrder"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/orders/{orderId}/ship": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * A pending order ships
         * @description It becomes `shipped` and complete, with the ship date set to the mock's current time.
         */
        readonly post: operations["adminShipOrder"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/orders/{orderId}/cancel": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * A pending order is cancelled
         * @description As `DELETE /v1/store/orders/{orderId}` does, without an API key (the control page at `/__mock/` uses
         *     it). A shipped order is a 409, an unknown or cancelled one a 404.
         */
        readonly post: operations["adminCancelOrder"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/provider-states": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Set up or tear down a provider state (Pact's protocol)
         * @description Pact's provider-state protocol, so the conformance suite (`petstore-conformance --state-url`) or a Pact
         *     verifier can ask the mock for the orders a test needs. `"a pending order"` and `"a shipped order"` create
         *     such an order through the store and answer its id (Pact's provider-state injected values);
         *     `params.orderId` asks for that id (409 `ORDER_ID_TAKEN` when it is in use). The teardown of a state
         *     (`"action": "teardown"` with `params.orderId`) withdraws that order whatever its status: it becomes
         *     cancelled, so the Store API no longer lists it and answers 404 to its cancel (the admin list keeps it);
         *     tearing down a withdrawn order again is no change, an unknown id a 404. An unknown state is a 400
         *     `UNKNOWN_PROVIDER_STATE` whose message lists the known ones. With `X-Mock-Session` the orders are the
         *     session's own.
         */
        readonly post: operations["adminProviderState"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/clock": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * Read the mock's clock
         * @description The one clock every part of the mock reads: the pet lookup's sunset, the journal's times, the
         *     dashboard simulation. `petstore-mock --clock manual` makes it stand still until moved;
         *     `/__mock/dashboard/clock` is the same clock under its older path.
         */
        readonly get: operations["adminGetClock"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/clock/advance": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Move the clock forward by a duration
         * @description At most to 9999-12-01T00:00:00Z (a month before the end of the year 9999, so that the dates the mock
         *     derives from the clock keep four-digit years); a move past it is a 400 `INVALID_DURATION`. A system
         *     clock that real time takes to that instant stops there.
         */
        readonly post: operations["adminAdvanceClock"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/clock/set": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Move the clock forward to a date-time
         * @description The clock only moves forward (409 `CLOCK_BACKWARDS`), at most to 9999-12-01T00:00:00Z (400 beyond);
         *     `POST /__mock/reset` takes it back.
         */
        readonly post: operations["adminSetClock"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/reset": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Back to the seed state
         * @description Orders, the request journal, the clock and the dashboard simulation return to their seed state, and the
         *     OAuth tokens issued are forgotten. A body is not needed; `{}` is accepted.
         */
        readonly post: operations["adminReset"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/requests": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * The request journal, optionally filtered
         * @description The last requests to the API (1000 and 4 MiB by default; a read returns at most the newest 1 MiB of
         *     them), oldest first. Authorization-like headers are redacted whole, and the mock's keys wherever they
         *     appear (path, query, headers). Requests to `/__mock` and `/__dashboard` are not journalled; requests
         *     forwarded to the upstream (`--passthrough`) are, with `source: upstream`. The filters
         *     combine (AND); `limit=N` keeps the newest N of the entries that match, still oldest first.
         *
         *     `format=har` answers the same entries as a HAR 1.2 document, which Chrome DevTools' "Import HAR" opens:
         *     the requests as the journal keeps them (no request bodies), and the answers with their headers and,
         *     for bodies up to 64 KiB (`responseBodyBytes`), their bodies; a larger body is given by its size only.
         *     Authorization keeps its scheme (`Bearer [REDACTED]`), cookies their names; every credential and the
         *     mock's keys are redacted. Each entry names its `_source` and, in a session, its `_session`.
         */
        readonly get: operations["adminListRequests"];
        readonly put?: never;
        readonly post?: never;
        /** Empty the request journal */
        readonly delete: operations["adminClearRequests"];
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/requests/count": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * How many journal entries match the filters
         * @description The same filters as `GET /__mock/requests` (so `limit` caps the count).
         */
        readonly get: operations["adminCountRequests"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/faults": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /** The fault rules, in the order they were added */
        readonly get: operations["adminListFaults"];
        readonly put?: never;
        /**
         * Add a fault rule (WireMock's vocabulary)
         * @description At most 100 rules are in force (one more is a 409 `TOO_MANY_FAULTS`). Every rule counts each Store API
         *     request its method and path match (`matched`, and `nth` counts the same requests, also those an
         *     earlier rule failed); the first rule whose `nth` and `probability` then hold fails the request. `status` answers that status with an Error body (code `INJECTED_FAULT`) without running the
         *     operation; `delay` answers normally after `delay`; `reset` closes the connection with a TCP reset and
         *     `empty` closes it without a byte (neither runs the operation; in MSW both are `HttpResponse.error()`);
         *     `malformed` sends the real status with a body that is not JSON; `dribble` sends the real answer in
         *     chunks spread over `delay`. Preflights (OPTIONS) are never failed. `POST /__mock/reset` clears the rules.
         */
        readonly post: operations["adminAddFault"];
        /** Remove every fault rule */
        readonly delete: operations["adminClearFaults"];
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/faults/{faultId}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        readonly post?: never;
        /**
         * Remove one fault rule
         * @description The other rules and their counters stay; ids are never reused.
         */
        readonly delete: operations["adminRemoveFault"];
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/latency": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /** The latency added to Store API answers */
        readonly get: operations["adminGetLatency"];
        /**
         * Replace the latency settings
         * @description A route's latency replaces the global one for the requests it matches (the first matching route
         *     wins). `{}` or `{"global": null, "routes": []}` removes every delay; `POST /__mock/reset` goes back to
         *     `--latency`.
         */
        readonly put: operations["adminSetLatency"];
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/passthrough": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * What goes to the upstream instead of the mock
         * @description Partial mocking (`petstore-mock --passthrough URL`; docs/passthrough.md): a request the mock does not
         *     answer (no operation of `spec/openapi.yaml` has its method and path) is forwarded to the upstream, and
         *     so are the documented operations listed here. The mock's own paths (`/__…`) and `/oauth/token` are
         *     never forwarded. Per session with `X-Mock-Session`.
         */
        readonly get: operations["adminGetPassthrough"];
        /**
         * Choose the documented operations sent upstream
         * @description Replaces the list: the operations named go upstream, the others are answered by the mock again, until
         *     the next change or `POST /__mock/reset` (which goes back to the list given at start). An unknown
         *     operation is a 400; naming any while the mock forwards nothing (no `--passthrough`) is a 409
         *     `PASSTHROUGH_OFF`.
         */
        readonly put: operations["adminSetPassthrough"];
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/presets": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /** The presets (named states) the mock can be put in */
        readonly get: operations["adminListPresets"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/presets/{name}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Put the mock in a preset (a named state)
         * @description The store's presets replace its orders (the journal, the clock and the rules are left alone);
         *     `domains:` presets load the dashboard simulation's states. A body is not needed; `{}` is accepted.
         *     A store given to the mock through the library without `replace` cannot take `empty` or `large`: 400.
         */
        readonly post: operations["adminApplyPreset"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/scenarios": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * The presets, under their former name
         * @deprecated
         * @description Use `GET /__mock/presets`; this path answers the same and will be removed in a later major version.
         */
        readonly get: operations["adminListScenarios"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/scenarios/{name}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Put the mock in a preset, under its former name
         * @deprecated
         * @description Use `POST /__mock/presets/{name}`; this path applies the same presets and answers as it did, with the
         *     preset under `scenario`. It will be removed in a later major version.
         */
        readonly post: operations["adminApplyScenario"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/state": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * The whole state of the mock, as data
         * @description Everything a test would otherwise rebuild with setup requests: the orders with their status, the
         *     clock, the fault and latency rules (with their counters) and, when the mock runs it, the
         *     custom-domains simulation (projects, zones and records, domains mid-verification, certificates).
         *     With `X-Mock-Session`, that session's state. Versioned JSON with a `$schema`: the JSON Schema is
         *     exported by the package as `petstore-mock/state.schema.json`. The journal and the sessions are not
         *     part of it. `PUT` it back, now or after a restart, to restore it; `petstore-mock --state-file` keeps
         *     it in a file across restarts.
         */
        readonly get: operations["adminGetState"];
        /**
         * Restore a state
         * @description Replaces the state (or the session's, with `X-Mock-Session`) with the one given, atomically: the
         *     whole document is checked first, and a malformed or invalid one is a 400 naming the first problem,
         *     with nothing changed. The orders replace the current ones (`POST /__mock/reset` still goes back to the
         *     seed); a manual clock takes the saved time and offset, a system clock the saved offset (real time
         *     has moved on); the rules come back with their counters; a part the document leaves out (`domains`)
         *     goes back to its seed. On a shared state (`--store`), the orders, the clock and the simulation are
         *     restored for every replica; the fault and latency rules, which each replica keeps, on the one that
         *     answered.
         */
        readonly put: operations["adminPutState"];
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/sessions": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * The live sessions
         * @description Oldest use first; the default session is not listed. Expired sessions are dropped first.
         */
        readonly get: operations["adminListSessions"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/__mock/sessions/{sessionId}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        readonly post?: never;
        /**
         * End a session
         * @description Its state is dropped; a later request with its id starts from the seed.
         */
        readonly delete: operations["adminDropSession"];
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description The whole state of a mock (`GET /__mock/state`), version 1. Times of the custom-domains simulation are
         *     milliseconds since the epoch on the mock's clock.
         */
        readonly MockState: {
            /** @description Where the JSON Schema is (the package exports it as `petstore-mock/state.schema.json`). */
            readonly $schema?: string;
            /** @enum {integer} */
            readonly version: 1;
            readonly clock: {
                /**
                 * @description The clock's mode when saved; the restoring mock keeps its own.
                 * @enum {string}
                 */
                readonly mode: "system" | "manual";
                /** Format: date-time */
                readonly now: string;
                readonly offset: components["schemas"]["Duration"];
            };
            readonly orders: readonly components["schemas"]["StateOrder"][];
            readonly faults: readonly components["schemas"]["SavedFault"][];
            readonly latency: components["schemas"]["LatencySettings"];
            readonly domains?: components["schemas"]["DomainsState"];
        };
        /** @description An order with every field given, its id a number (or a string beyond 2^53). */
        readonly StateOrder: components["schemas"]["NewOrder"] & unknown;
        readonly SavedFault: {
            readonly id: string;
            readonly matched: number;
            readonly fired: number;
            readonly rule: components["schemas"]["FaultInput"];
        };
        /** @description Milliseconds since the epoch, on the mock's clock. */
        readonly Millis: number;
        readonly MillisOrNull: components["schemas"]["Millis"] | null;
        readonly DomainReason: {
            readonly code: string;
            readonly message: string;
            readonly found: string | null;
            readonly expected: string | null;
        };
        /** @description The custom-domains simulation's state (src/domains/types.ts), as its shared store keeps it. */
        readonly DomainsState: {
            readonly projects: readonly {
                readonly id: string;
                readonly name: string;
                /** @enum {string} */
                readonly plan: "free" | "pro" | "enterprise";
                readonly deploys: readonly {
                    readonly id: string;
                    /** @enum {string} */
                    readonly status: "succeeded" | "failed";
                    readonly createdAt: components["schemas"]["Millis"];
                }[];
            }[];
            readonly domains: readonly {
                readonly name: string;
                readonly unicodeName: string;
                readonly projectId: string;
                readonly apex: boolean;
                /** @enum {string} */
                readonly status: "pending" | "verifying" | "active" | "misconfigured";
                readonly reasons: readonly components["schemas"]["DomainReason"][];
                readonly certificate: {
                    /** @enum {string} */
                    readonly status: "none" | "pending" | "issued" | "failed";
                    readonly reasons: readonly components["schemas"]["DomainReason"][];
                    readonly requestedAt: components["schemas"]["MillisOrNull"];
                    readonly issuedAt: components["schemas"]["MillisOrNull"];
                    readonly nextAttemptAt: components["schemas"]["MillisOrNull"];
                };
                readonly createdAt: components["schemas"]["Millis"];
                readonly checkAt: components["schemas"]["MillisOrNull"];
                readonly checkedAt: components["schemas"]["MillisOrNull"];
                readonly verifiedAt: components["schemas"]["MillisOrNull"];
            }[];
            /** @description Names removed from a project (serving them by Host says so). */
            readonly removed: readonly string[];
            readonly configs: readonly {
                readonly projectId: string;
                readonly primary: string | null;
                readonly redirects: readonly {
                    readonly from: string;
                    readonly to: string;
                    readonly status: number;
                }[];
            }[];
            readonly zones: readonly {
                readonly name: string;
                readonly propagationMs: number;
                readonly aliasSupport: boolean;
                readonly caaServfail: boolean;
                readonly records: readonly {
                    readonly id: string;
                    /** @enum {string} */
                    readonly type: "A" | "AAAA" | "CNAME" | "ALIAS" | "ANAME" | "TXT" | "CAA";
                    readonly host: string;
                    readonly value: string;
                    readonly ttl: number;
                    readonly createdAt: components["schemas"]["Millis"];
                    readonly visibleAt: components["schemas"]["Millis"];
                    readonly deletedAt: components["schemas"]["MillisOrNull"];
                    readonly hiddenAt: components["schemas"]["MillisOrNull"];
                }[];
            }[];
        };
        readonly Session: {
            readonly id: string;
            /** Format: date-time */
            readonly created: string;
            /** Format: date-time */
            readonly lastUsed: string;
            /**
             * @description Whether it has changed an order (it then holds copies of the chunks of the seed it changed, until a
             *     reset).
             */
            readonly ordersCopied: boolean;
            readonly journalEntries: number;
        };
        readonly AdminOrder: {
            /** Format: int64 */
            readonly id: number;
            /** Format: int64 */
            readonly petId: number;
            readonly quantity: number;
            /** Format: date-time */
            readonly shipDate: string;
            readonly complete: boolean;
            /** @enum {string} */
            readonly status: "pending" | "shipped" | "cancelled";
        };
        /**
         * @description Every field is optional. Ids are int64: give ids beyond 2^53 as strings of digits, since JSON parsers
         *     round such numbers. Defaults: the next free id, petId 1, quantity 1, status pending; a pending order
         *     is incomplete and ships in three days, a shipped one is complete and shipped now. An order is complete
         *     exactly when it has shipped: `complete` contradicting `status` is refused.
         */
        readonly NewOrder: {
            readonly id?: number | string;
            readonly petId?: number | string;
            readonly quantity?: number;
            /**
             * Format: date-time
             * @description A real instant (not `2026-02-30`), at most 64 characters.
             */
            readonly shipDate?: string;
            readonly complete?: boolean;
            /** @enum {string} */
            readonly status?: "pending" | "shipped" | "cancelled";
        };
        /** @description A Pact provider-state change request. */
        readonly ProviderStateChange: {
            /** @description `a pending order` or `a shipped order`. */
            readonly state: string;
            /**
             * @description `orderId`: for a teardown, the order to withdraw (a verifier that does not send it back gets a 204
             *     and nothing is withdrawn: a reset cleans up); for a setup, the id to give the order. Other
             *     parameters (a consumer's own) are ignored.
             */
            readonly params?: {
                readonly orderId?: components["schemas"]["OrderIdInput"];
            } & {
                readonly [key: string]: unknown;
            };
            /**
             * @description Pact sends `setup` before an interaction and `teardown` after it (default `setup`).
             * @default setup
             * @enum {string}
             */
            readonly action: "setup" | "teardown";
        };
        readonly OrderIdInput: number | string;
        readonly Clock: {
            /**
             * @description `manual` stands still until moved; `system` is real time plus the offset.
             * @enum {string}
             */
            readonly mode: "system" | "manual";
            /** Format: date-time */
            readonly now: string;
            readonly offset: components["schemas"]["Duration"];
        };
        /** @description A duration such as `90s`, `5m`, `1h30m` or `400d`. */
        readonly Duration: string;
        readonly JournalEntry: {
            /** Format: date-time */
            readonly time: string;
            readonly method: string;
            readonly path: string;
            readonly query: string;
            /**
             * @description The status answered; 0 when a fault (`reset`, `empty`) sent no answer, or when MSW forwarded the
             *     request (the mock does not see the network's answer there).
             */
            readonly status: number;
            /**
             * @description Who answered: the mock, or the upstream the request was forwarded to (`--passthrough`). A 502 or
             *     504 the mock answered because the upstream failed is `upstream` too.
             * @enum {string}
             */
            readonly source: "mock" | "upstream";
            readonly headers: {
                readonly [key: string]: string;
            };
        };
        /**
         * @description A HAR 1.2 document (http://www.softwareishard.com/blog/har-12-spec/), as Chrome DevTools exports and
         *     imports it. Entries carry `_source` (`mock` or `upstream`) and, when known, `_session`, `_traceId` and
         *     `_error` (why there was no answer; the status is then 0).
         */
        readonly Har: {
            readonly log: {
                /** @constant */
                readonly version: "1.2";
                readonly creator: {
                    readonly name: string;
                    readonly version: string;
                };
                readonly pages?: readonly unknown[];
                readonly entries: readonly {
                    /** Format: date-time */
                    readonly startedDateTime: string;
                    readonly time: number;
                    /** @description HAR 1.2's request (method, url, headers, cookies, queryString, sizes). */
                    readonly request: Record<string, never>;
                    /** @description HAR 1.2's response (status, headers, cookies, content with the body when kept). */
                    readonly response: Record<string, never>;
                    readonly cache: Record<string, never>;
                    /** @description HAR 1.2's timings; `wait` is the time to the answer. */
                    readonly timings: Record<string, never>;
                    /** @enum {string} */
                    readonly _source: "mock" | "upstream";
                    readonly _session?: string;
                    readonly _traceId?: string;
                    readonly _error?: string;
                }[];
            };
        };
        /**
         * @description A request path such as `/v1/store/orders/7`; a `*` matches any characters, at most 8 of them (more is
         *     a 400).
         */
        readonly MatchedPath: string;
        /** @enum {string} */
        readonly HttpMethod: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";
        readonly FaultInput: {
            readonly method?: components["schemas"]["HttpMethod"];
            readonly path: components["schemas"]["MatchedPath"];
            /** @enum {string} */
            readonly fault: "status" | "delay" | "reset" | "empty" | "malformed" | "dribble";
            /** @description For `status` (default 500). */
            readonly status?: number;
            /** @description For `delay` and `dribble` (default 1s, at most 60s). */
            readonly delay?: components["schemas"]["Duration"];
            /** @description Fail only the nth request the rule matches (1 is the first). */
            readonly nth?: number;
            /** @description Fail each matching request with this probability, drawn from `seed`. */
            readonly probability?: number;
            /** @description Seeds the draws for `probability` (default 1), so a run can be repeated. */
            readonly seed?: number;
        };
        readonly FaultRule: components["schemas"]["FaultInput"] & {
            readonly id: string;
            /** @description How many requests matched the method and path, whatever other rules did to them. */
            readonly matched: number;
            /** @description How many of them were failed. */
            readonly fired: number;
        };
        /** @description A delay such as `300ms`, or a range such as `100ms-800ms` (uniform), at most 60s. */
        readonly Latency: string;
        readonly LatencySettings: {
            /** @description Added to every Store API answer; null for none. */
            readonly global?: components["schemas"]["Latency"] | null;
            readonly routes?: readonly {
                readonly method?: components["schemas"]["HttpMethod"];
                readonly path: components["schemas"]["MatchedPath"];
                readonly latency: components["schemas"]["Latency"];
            }[];
        };
        readonly Health: {
            /**
             * @description The process answers.
             * @constant
             */
            readonly status: "ok";
            /** @description It can serve requests. */
            readonly ready: boolean;
            /** @description Why it cannot, when `ready` is false. */
            readonly reason?: string;
            /** @description The petstore-mock package's version. */
            readonly version: string;
        };
        readonly PassthroughInput: {
            /** @description operationIds of `spec/openapi.yaml`, e.g. `listOrders`; `[]` sends none upstream. */
            readonly operations: readonly string[];
        };
        readonly PassthroughSettings: {
            /**
             * @description Where forwarded requests go: the upstream's URL, `network` under MSW (a request goes to its own
             *     URL), or null when nothing is forwarded.
             */
            readonly upstream: string | null;
            /** @description The documented operations sent upstream, besides every request the mock does not answer. */
            readonly operations: readonly string[];
            /** @description Every documented operation of the Store API, which `operations` may name. */
            readonly documented: readonly string[];
        };
        /** @description A named state the mock can be put in. */
        readonly Preset: {
            readonly name: string;
            readonly description: string;
        };
        readonly Error: {
            /** @description Machine-readable error code (the seed leaves the set open; see docs/decisions.md). */
            readonly code: string;
            /** @description Human-readable description. */
            readonly message: string;
            /** @description The HTTP status code. */
            readonly status: number;
        };
    };
    responses: {
        /** @description An Error body, as in the Store API. */
        readonly Error: {
            headers: {
                readonly [name: string]: unknown;
            };
            content: {
                readonly "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description Only requests with this method (any case). */
        readonly JournalMethod: string;
        /**
         * @description Only requests to this path; a `*` matches any characters (`/v1/store/orders/*`), at most 8 of them
         *     (more is a 400).
         */
        readonly JournalPath: string;
        /** @description Only answers with this status. */
        readonly JournalStatus: number;
        /** @description Only requests answered by the mock (`mock`) or forwarded to the upstream (`upstream`). */
        readonly JournalSource: "mock" | "upstream";
        /** @description Only requests at or after this instant of the mock's clock. */
        readonly JournalSince: string;
        /** @description Keep the newest N matching entries. */
        readonly JournalLimit: number;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    readonly health: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Ready. */
            readonly 200: {
                headers: {
                    /** @description Always `no-store`. */
                    readonly "Cache-Control"?: string;
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "ready": true,
                     *       "version": "0.1.0"
                     *     }
                     */
                    readonly "application/json": components["schemas"]["Health"];
                };
            };
            /** @description Alive but not ready; `reason` says why. */
            readonly 503: {
                headers: {
                    /** @description Always `no-store`. */
                    readonly "Cache-Control"?: string;
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "ready": false,
                     *       "reason": "its seed is loading",
                     *       "version": "0.1.0"
                     *     }
                     */
                    readonly "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    readonly adminListOrders: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Every order, in insertion order. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": readonly components["schemas"]["AdminOrder"][];
                };
            };
        };
    };
    readonly adminCreateOrder: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                /**
                 * @example {
                 *       "petId": 3,
                 *       "quantity": 2,
                 *       "status": "shipped"
                 *     }
                 */
                readonly "application/json": components["schemas"]["NewOrder"];
            };
        };
        readonly responses: {
            /** @description The created order. */
            readonly 201: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["AdminOrder"];
                };
            };
            readonly 400: components["responses"]["Error"];
            readonly 409: components["responses"]["Error"];
        };
    };
    readonly adminShipOrder: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly orderId: number;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The shipped order. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["AdminOrder"];
                };
            };
            readonly 404: components["responses"]["Error"];
            readonly 409: components["responses"]["Error"];
        };
    };
    readonly adminCancelOrder: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly orderId: number;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The cancelled order. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["AdminOrder"];
                };
            };
            readonly 404: components["responses"]["Error"];
            readonly 409: components["responses"]["Error"];
        };
    };
    readonly adminProviderState: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                /**
                 * @example {
                 *       "state": "a pending order",
                 *       "params": {},
                 *       "action": "setup"
                 *     }
                 */
                readonly "application/json": components["schemas"]["ProviderStateChange"];
            };
        };
        readonly responses: {
            /** @description The state is set up; `orderId` is the order made for it. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "orderId": "26"
                     *     }
                     */
                    readonly "application/json": {
                        /** @description The order's id, as a string of digits (int64 ids beyond 2^53 stay exact). */
                        readonly orderId: string;
                    };
                };
            };
            /** @description The state is torn down. */
            readonly 204: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content?: never;
            };
            readonly 400: components["responses"]["Error"];
            readonly 404: components["responses"]["Error"];
            readonly 409: components["responses"]["Error"];
        };
    };
    readonly adminGetClock: {
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
        };
    };
    readonly adminAdvanceClock: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                /**
                 * @example {
                 *       "by": "400d"
                 *     }
                 */
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
            readonly 400: components["responses"]["Error"];
        };
    };
    readonly adminSetClock: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                /**
                 * @example {
                 *       "to": "2027-07-02T00:00:00Z"
                 *     }
                 */
                readonly "application/json": {
                    /** Format: date-time */
                    readonly to: string;
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
            readonly 400: components["responses"]["Error"];
            readonly 409: components["responses"]["Error"];
        };
    };
    readonly adminReset: {
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
        };
    };
    readonly adminListRequests: {
        readonly parameters: {
            readonly query?: {
                /** @description Only requests with this method (any case). */
                readonly method?: components["parameters"]["JournalMethod"];
                /**
                 * @description Only requests to this path; a `*` matches any characters (`/v1/store/orders/*`), at most 8 of them
                 *     (more is a 400).
                 */
                readonly path?: components["parameters"]["JournalPath"];
                /** @description Only answers with this status. */
                readonly status?: components["parameters"]["JournalStatus"];
                /** @description Only requests answered by the mock (`mock`) or forwarded to the upstream (`upstream`). */
                readonly source?: components["parameters"]["JournalSource"];
                /** @description Only requests at or after this instant of the mock's clock. */
                readonly since?: components["parameters"]["JournalSince"];
                /** @description Keep the newest N matching entries. */
                readonly limit?: components["parameters"]["JournalLimit"];
                /** @description `json` (default): journal entries; `har`: a HAR 1.2 document of the same entries. */
                readonly format?: "json" | "har";
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Journal entries, or with `format=har` a HAR 1.2 document. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": readonly components["schemas"]["JournalEntry"][] | components["schemas"]["Har"];
                };
            };
            readonly 400: components["responses"]["Error"];
        };
    };
    readonly adminClearRequests: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Emptied. */
            readonly 204: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    readonly adminCountRequests: {
        readonly parameters: {
            readonly query?: {
                /** @description Only requests with this method (any case). */
                readonly method?: components["parameters"]["JournalMethod"];
                /**
                 * @description Only requests to this path; a `*` matches any characters (`/v1/store/orders/*`), at most 8 of them
                 *     (more is a 400).
                 */
                readonly path?: components["parameters"]["JournalPath"];
                /** @description Only answers with this status. */
                readonly status?: components["parameters"]["JournalStatus"];
                /** @description Only requests answered by the mock (`mock`) or forwarded to the upstream (`upstream`). */
                readonly source?: components["parameters"]["JournalSource"];
                /** @description Only requests at or after this instant of the mock's clock. */
                readonly since?: components["parameters"]["JournalSince"];
                /** @description Keep the newest N matching entries. */
                readonly limit?: components["parameters"]["JournalLimit"];
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The count. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly count: number;
                    };
                };
            };
            readonly 400: components["responses"]["Error"];
        };
    };
    readonly adminListFaults: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Every rule, with how many requests it matched and how many it failed. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": readonly components["schemas"]["FaultRule"][];
                };
            };
        };
    };
    readonly adminAddFault: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                /**
                 * @example {
                 *       "method": "DELETE",
                 *       "path": "/v1/store/orders/*",
                 *       "fault": "status",
                 *       "status": 503
                 *     }
                 */
                readonly "application/json": components["schemas"]["FaultInput"];
            };
        };
        readonly responses: {
            /** @description The rule added. */
            readonly 201: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["FaultRule"];
                };
            };
            readonly 400: components["responses"]["Error"];
            readonly 409: components["responses"]["Error"];
        };
    };
    readonly adminClearFaults: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Cleared. */
            readonly 204: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    readonly adminRemoveFault: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description The rule's id, as `GET /__mock/faults` lists it (`f1`). */
                readonly faultId: string;
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
            readonly 404: components["responses"]["Error"];
        };
    };
    readonly adminGetLatency: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The global latency and the per-route ones. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["LatencySettings"];
                };
            };
        };
    };
    readonly adminSetLatency: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                /**
                 * @example {
                 *       "global": "100ms-800ms",
                 *       "routes": [
                 *         {
                 *           "method": "DELETE",
                 *           "path": "/v1/store/orders/*",
                 *           "latency": "2s"
                 *         }
                 *       ]
                 *     }
                 */
                readonly "application/json": components["schemas"]["LatencySettings"];
            };
        };
        readonly responses: {
            /** @description The settings now in force. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["LatencySettings"];
                };
            };
            readonly 400: components["responses"]["Error"];
        };
    };
    readonly adminGetPassthrough: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The settings in force. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["PassthroughSettings"];
                };
            };
        };
    };
    readonly adminSetPassthrough: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                /**
                 * @example {
                 *       "operations": [
                 *         "listOrders"
                 *       ]
                 *     }
                 */
                readonly "application/json": components["schemas"]["PassthroughInput"];
            };
        };
        readonly responses: {
            /** @description The settings now in force. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["PassthroughSettings"];
                };
            };
            readonly 400: components["responses"]["Error"];
            readonly 409: components["responses"]["Error"];
        };
    };
    readonly adminListPresets: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Every preset. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": readonly components["schemas"]["Preset"][];
                };
            };
        };
    };
    readonly adminApplyPreset: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly name: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The preset applied. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly preset: components["schemas"]["Preset"];
                    };
                };
            };
            readonly 400: components["responses"]["Error"];
            readonly 404: components["responses"]["Error"];
        };
    };
    readonly adminListScenarios: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Every preset. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": readonly components["schemas"]["Preset"][];
                };
            };
        };
    };
    readonly adminApplyScenario: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly name: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The preset applied. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly scenario: components["schemas"]["Preset"];
                    };
                };
            };
            readonly 400: components["responses"]["Error"];
            readonly 404: components["responses"]["Error"];
        };
    };
    readonly adminGetState: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The state. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["MockState"];
                };
            };
        };
    };
    readonly adminPutState: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                /**
                 * @example {
                 *       "version": 1,
                 *       "clock": {
                 *         "mode": "manual",
                 *         "now": "2026-09-01T00:00:00.000Z",
                 *         "offset": "0s"
                 *       },
                 *       "orders": [
                 *         {
                 *           "id": 1,
                 *           "petId": 1,
                 *           "quantity": 1,
                 *           "shipDate": "2026-09-04T00:00:00.000Z",
                 *           "complete": false,
                 *           "status": "pending"
                 *         }
                 *       ],
                 *       "faults": [],
                 *       "latency": {
                 *         "global": null,
                 *         "routes": []
                 *       }
                 *     }
                 */
                readonly "application/json": components["schemas"]["MockState"];
            };
        };
        readonly responses: {
            /** @description The state now in force. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["MockState"];
                };
            };
            readonly 400: components["responses"]["Error"];
        };
    };
    readonly adminListSessions: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The live sessions. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": readonly components["schemas"]["Session"][];
                };
            };
        };
    };
    readonly adminDropSession: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly sessionId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Dropped. */
            readonly 204: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content?: never;
            };
            readonly 404: components["responses"]["Error"];
        };
    };
}
