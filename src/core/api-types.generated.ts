/**
 * GENERATED from spec/openapi.yaml by scripts/generate-spec-types.ts (`npm run generate`).
 * Do not edit: change the spec and regenerate. Used by src/core/api-types.ts.
 */

export interface paths {
    readonly "/store/orders": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * List all orders
         * @description Returns all orders placed in the store in one response. Filtering and pagination are not supported
         *     (planned for v2); query parameters are ignored.
         */
        readonly get: operations["listOrders"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/store/orders/{orderId}": {
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
         * Cancel an order
         * @description Only orders with status pending can be cancelled.
         */
        readonly delete: operations["cancelOrder"];
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/pets/{petId}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * Find a pet by id (deprecated)
         * @deprecated
         * @description Deprecated, with a sunset date. The seed leaves its parameters and responses open; the reference mock
         *     answers a minimal Pet with the deprecation headers below, and 410 Gone after the sunset.
         */
        readonly get: operations["getPetById"];
        readonly put?: never;
        readonly post?: never;
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
        /** @description An order placed in the store. No field is declared required. */
        readonly Order: {
            /**
             * Format: int64
             * @description Unique order identifier.
             */
            readonly id?: number;
            /**
             * Format: int64
             * @description Identifier of the animal in this order.
             */
            readonly petId?: number;
            /** @description Number of units ordered. */
            readonly quantity?: number;
            /**
             * Format: date-time
             * @description Expected or actual ship date.
             */
            readonly shipDate?: string;
            /** @description Whether the order has been fulfilled. */
            readonly complete?: boolean;
        };
        readonly Error: {
            /** @description Machine-readable error code (the seed leaves the set open; see docs/decisions.md). */
            readonly code: string;
            /** @description Human-readable description. */
            readonly message: string;
            /** @description The HTTP status code. */
            readonly status: number;
        };
        /** @description The seed leaves the pet's shape open; this minimal shape is the reference mock's choice. */
        readonly Pet: {
            /** Format: int64 */
            readonly id?: number;
            readonly name?: string;
            readonly tag?: string;
        };
    };
    responses: {
        /** @description Missing or invalid API key. */
        readonly Unauthorized: {
            headers: {
                readonly "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                readonly [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "UNAUTHORIZED",
                 *       "message": "A valid API key is required. Send it as \"Authorization: Bearer <API_KEY>\".",
                 *       "status": 401
                 *     }
                 */
                readonly "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The requested resource could not be found. */
        readonly NotFound: {
            headers: {
                readonly [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "ORDER_NOT_FOUND",
                 *       "message": "Order 999 does not exist.",
                 *       "status": 404
                 *     }
                 */
                readonly "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The bearer challenge (RFC 6750 §3), for example `Bearer realm="petstore", error="invalid_token"`. */
        readonly "WWW-Authenticate": string;
        /** @description RFC 9745: when the route was deprecated, as a Structured Field Date, for example `@1782864000`. */
        readonly Deprecation: string;
        /** @description RFC 8594: when the route stops answering, as an IMF-fixdate, for example `Thu, 01 Jul 2027 00:00:00 GMT`. */
        readonly Sunset: string;
        /** @description Links with `rel="deprecation"` and `rel="sunset"` to the deprecation notice. */
        readonly Link: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    readonly listOrders: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description All orders. */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": readonly components["schemas"]["Order"][];
                };
            };
            readonly 401: components["responses"]["Unauthorized"];
        };
    };
    readonly cancelOrder: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description Identifier of the order to cancel. */
                readonly orderId: number;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Order cancelled. */
            readonly 204: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content?: never;
            };
            readonly 401: components["responses"]["Unauthorized"];
            readonly 404: components["responses"]["NotFound"];
            /**
             * @description Order cannot be cancelled because it has already shipped. The seed leaves the body shape open;
             *     the reference mock sends an Error body with code `ORDER_ALREADY_SHIPPED`.
             */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "ORDER_ALREADY_SHIPPED",
                     *       "message": "Order 2 has already shipped and cannot be cancelled.",
                     *       "status": 409
                     *     }
                     */
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly getPetById: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description Identifier of the pet. */
                readonly petId: number;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description The pet. */
            readonly 200: {
                headers: {
                    readonly Deprecation: components["headers"]["Deprecation"];
                    readonly Sunset: components["headers"]["Sunset"];
                    readonly Link: components["headers"]["Link"];
                    readonly [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "name": "Biscuit",
                     *       "tag": "dog"
                     *     }
                     */
                    readonly "application/json": components["schemas"]["Pet"];
                };
            };
            readonly 401: components["responses"]["Unauthorized"];
            readonly 404: components["responses"]["NotFound"];
            /** @description The route is past its sunset date. */
            readonly 410: {
                headers: {
                    readonly Deprecation: components["headers"]["Deprecation"];
                    readonly Sunset: components["headers"]["Sunset"];
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
