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
        /** Move the clock forward by a duration */
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
         * @description The clock only moves forward (409 `CLOCK_BACKWARDS`); `POST /__mock/reset` takes it back.
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
         *     appear (path, query, headers). Requests to `/__mock` and `/__dashboard` are not journalled. The filters
         *     combine (AND); `limit=N` keeps the newest N of the entries that match, still oldest first.
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
         * @description The first rule that matches a Store API request (method, path; then `nth`, then `probability`) fails
         *     it. `status` answers that status with an Error body (code `INJECTED_FAULT`) without running the
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
        readonly Session: {
            readonly id: string;
            /** Format: date-time */
            readonly created: string;
            /** Format: date-time */
            readonly lastUsed: string;
            /** @description Whether it has changed an order (it then holds a copy of the orders of its own). */
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
            /** @description The status answered; 0 when a fault (`reset`, `empty`) sent no answer. */
            readonly status: number;
            readonly headers: {
                readonly [key: string]: string;
            };
        };
        /** @description A request path such as `/v1/store/orders/7`; a `*` matches any characters. */
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
            /** @description How many requests matched the method and path. */
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
        /** @description Only requests to this path; a `*` matches any characters (`/v1/store/orders/*`). */
        readonly JournalPath: string;
        /** @description Only answers with this status. */
        readonly JournalStatus: number;
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
                /** @description Only requests to this path; a `*` matches any characters (`/v1/store/orders/*`). */
                readonly path?: components["parameters"]["JournalPath"];
                /** @description Only answers with this status. */
                readonly status?: components["parameters"]["JournalStatus"];
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
            /** @description Journal entries. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": readonly components["schemas"]["JournalEntry"][];
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
                /** @description Only requests to this path; a `*` matches any characters (`/v1/store/orders/*`). */
                readonly path?: components["parameters"]["JournalPath"];
                /** @description Only answers with this status. */
                readonly status?: components["parameters"]["JournalStatus"];
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
            readonly 404: components["responses"]["Error"];
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
