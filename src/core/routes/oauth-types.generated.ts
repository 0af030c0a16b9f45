/**
 * GENERATED from spec/oauth.openapi.yaml by scripts/generate-spec-types.ts (`npm run generate`).
 * Do not edit: change the spec and regenerate. Used by src/core/routes/oauth-token.ts.
 */

export interface paths {
    readonly "/oauth/token": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Issue an access token (client credentials grant)
         * @description The client authenticates with HTTP Basic (`client_secret_basic`: the client id and secret, each
         *     form-urlencoded, joined by `:`, in base64; RFC 6749 §2.3.1) or with `client_id` and `client_secret`
         *     in the body (`client_secret_post`), never both. Parameters without a value count as omitted; a
         *     parameter given twice is an `invalid_request`; parameters the endpoint does not know (`audience`,
         *     say) are ignored. Without `scope`, the token has the client's scopes, if it was given any; with
         *     `scope`, each space-separated scope must be well formed (RFC 6749 §3.3) and, for a client given
         *     scopes, one of them. Every answer carries `Cache-Control: no-store`.
         */
        readonly post: operations["requestToken"];
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
        readonly TokenRequest: {
            /** @description `client_credentials` */
            readonly grant_type: string;
            /** @description Space-separated scopes (RFC 6749 §3.3). */
            readonly scope?: string;
            /** @description With `client_secret_post` only. */
            readonly client_id?: string;
            /** @description With `client_secret_post` only. */
            readonly client_secret?: string;
        } & {
            readonly [key: string]: string;
        };
        readonly TokenResponse: {
            /** @description An opaque token starting with `pmat_`; send it as `Authorization: Bearer <token>`. */
            readonly access_token: string;
            /** @constant */
            readonly token_type: "Bearer";
            /** @description Seconds until the token expires on the mock's clock (`--token-ttl`). */
            readonly expires_in: number;
            /** @description The scopes granted, when there are any. */
            readonly scope?: string;
        };
        readonly OAuthError: {
            /** @enum {string} */
            readonly error: "invalid_request" | "invalid_client" | "unsupported_grant_type" | "invalid_scope";
            /** @description What to change, in ASCII (RFC 6749 §5.2). */
            readonly error_description?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description `no-store`: tokens and errors are never cached (RFC 6749 §5.1). */
        readonly NoStore: "no-store";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    readonly requestToken: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/x-www-form-urlencoded": components["schemas"]["TokenRequest"];
            };
        };
        readonly responses: {
            /** @description A token for the Store API (RFC 6749 §5.1). */
            readonly 200: {
                headers: {
                    readonly "Cache-Control": components["headers"]["NoStore"];
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["TokenResponse"];
                };
            };
            /**
             * @description RFC 6749 §5.2: `invalid_request` (not a form, a missing or repeated parameter, two client
             *     authentication methods), `invalid_client` (client authentication in the body failed),
             *     `unsupported_grant_type` (a grant other than `client_credentials`) or `invalid_scope`.
             */
            readonly 400: {
                headers: {
                    readonly "Cache-Control": components["headers"]["NoStore"];
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["OAuthError"];
                };
            };
            /**
             * @description `invalid_client` with a Basic challenge (RFC 6749 §5.2): HTTP Basic client authentication failed
             *     (an unknown client or a wrong secret), the Authorization field named another scheme, or the
             *     request carried no client authentication at all.
             */
            readonly 401: {
                headers: {
                    /** @description `Basic realm="petstore"` */
                    readonly "WWW-Authenticate"?: string;
                    readonly "Cache-Control": components["headers"]["NoStore"];
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["OAuthError"];
                };
            };
        };
    };
}
