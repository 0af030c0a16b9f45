// What the front answers when the upstream gives no answer: the status, code and a message naming the upstream.

/** Why the upstream gave no answer: the caller answers with an Error body of this status and code. */
export interface ForwardFailure {
  readonly status: 400 | 502 | 504;
  readonly code: 'MALFORMED_REQUEST' | 'UPSTREAM_UNREACHABLE' | 'UPSTREAM_TIMEOUT';
  /** Names the upstream and what happened, e.g. `https://dev.example/api did not answer within 30000 ms`. */
  readonly message: string;
}

/** The failure for an error undici reported before the answer's head. */
export function failureOf(error: Error, upstream: string, method: string, timeoutMs: number): ForwardFailure {
  const code = (error as { code?: string }).code;
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return {
      status: 504,
      code: 'UPSTREAM_TIMEOUT',
      message: `The upstream ${upstream} did not answer ${method} within ${timeoutMs} ms.`,
    };
  }
  if (code === 'UND_ERR_INVALID_ARG') {
    return {
      status: 400,
      code: 'MALFORMED_REQUEST',
      message: `The request cannot be forwarded: ${error.message}.`,
    };
  }
  return {
    status: 502,
    code: 'UPSTREAM_UNREACHABLE',
    message: `The upstream ${upstream} could not be reached for ${method}: ${describe(error)}.`,
  };
}

/** An error as one line: its code, then its message. */
export const describe = (error: Error & { code?: string }): string =>
  error.code && !error.message.includes(error.code) ? `${error.code}: ${error.message}` : error.message;
