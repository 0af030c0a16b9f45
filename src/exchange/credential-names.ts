// One rule, for the suite (which `--header` values are secrets), the proxy and the mock's `--record-misses`
// (which header values in traffic are): a header whose name says it carries a credential has its value
// redacted from every output.

/**
 * Words gateways and APIs use for credentials in header names: Authorization and its variants (`X-Custom-Auth`,
 * `X-Forwarded-Authorization`), cookies, tokens, secrets, passwords, sessions, signatures (webhooks'
 * `X-Hub-Signature-256`), credentials, and a `key` word (`X-Api-Key`, `X-Key`, `Ocp-Apim-Subscription-Key`).
 */
const CREDENTIAL_NAME =
  /auth|cookie|token|secret|passw|session|signature|credential|apikey|(?:^|[-_])(?:api[-_]?)?keys?(?:$|[-_])/i;
/** The kit's own session header names a test's state on a mock, not a person: reports show it. */
const NOT_A_CREDENTIAL = new Set(['x-mock-session']);

/** Whether a header of this name carries a credential, so that its value is never shown. */
export const isCredentialName = (name: string): boolean =>
  !NOT_A_CREDENTIAL.has(name.toLowerCase()) && CREDENTIAL_NAME.test(name);
