/** A body larger than this is not put in a tool result: an agent's context is not the place for 100 MB. */
export const MAX_RESULT_BODY_BYTES = 1024 * 1024;
/** How long one request to the mock may take; a delay fault is at most 60 s. */
const REQUEST_TIMEOUT_MS = 90_000;

export interface OutgoingRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: HeadersInit;
  readonly body?: string;
}

/** What came back: the status, headers and body (JSON parsed when it is JSON), or why nothing did. */
export type Received =
  | {
      readonly status: number;
      readonly headers: Record<string, string>;
      readonly body: unknown;
      /** Set when the body was left out (too large) or is not what its Content-Type says. */
      readonly note?: string;
    }
  | { readonly error: string };

/**
 * Sends one request and reads the answer whole, up to MAX_RESULT_BODY_BYTES. A connection the server resets
 * or closes (the `reset` and `empty` faults) is an answer too: `{ error }` naming what happened.
 */
export async function exchange(request: OutgoingRequest, signal?: AbortSignal): Promise<Received> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      redirect: 'manual',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    return { error: networkError(error, request.url) };
  }
  const headers = Object.fromEntries(response.headers);
  let text: string | undefined;
  try {
    text = await readCapped(response);
  } catch (error) {
    return { error: networkError(error, request.url) };
  }
  if (text === undefined) {
    return {
      status: response.status,
      headers,
      body: null,
      note: `The body is larger than ${MAX_RESULT_BODY_BYTES} bytes and was left out; read it with curl at ${request.url}.`,
    };
  }
  return { status: response.status, headers, ...parseBody(text, headers['content-type']) };
}

function parseBody(text: string, contentType: string | undefined): { body: unknown; note?: string } {
  if (text === '') return { body: null };
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType ?? '')) return { body: text };
  try {
    return { body: JSON.parse(text) };
  } catch {
    return { body: text, note: 'The body is not valid JSON although its Content-Type says so.' };
  }
}

/** The body as text, or undefined when it exceeds the limit (the rest is not read). */
async function readCapped(response: Response): Promise<string | undefined> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_RESULT_BODY_BYTES) {
      await response.body.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `fetch failed` says nothing; its cause (ECONNREFUSED, ECONNRESET, a timeout) is what a person acts on. */
function networkError(error: unknown, url: string): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const name = (error as Error).name;
  if (name === 'TimeoutError') return `No answer from ${url} within ${REQUEST_TIMEOUT_MS / 1000} s.`;
  if (name === 'AbortError') return `The request to ${url} was cancelled.`;
  const code = cause?.code ?? (error as { code?: string }).code;
  if (code === 'ECONNREFUSED') {
    return `Nothing listens at ${new URL(url).origin} (ECONNREFUSED): start the mock with npx petstore-mock, or run this MCP server with --embedded.`;
  }
  if (code === 'ECONNRESET') return `The connection was reset before a whole answer (ECONNRESET).`;
  if (code === 'UND_ERR_SOCKET') return 'The connection was closed before a whole answer.';
  return `${url}: ${cause?.message ?? (error as Error).message}${code ? ` (${code})` : ''}`;
}
