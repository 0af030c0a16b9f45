// @ts-check
/**
 * The one fetch/JSON helper both pages (the dashboard and the control page) call their same-origin APIs
 * with: JSON in, JSON out, and a refusal turned into an ApiError carrying the Error body's code and message.
 */

/** A refusal from the API: the Error body's stable code and its message, which says what to do. */
export class ApiError extends Error {
  /** @param {number} status @param {string} code @param {string} message */
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * A caller of one API: `call(method, path, body)` fetches `prefix + path` (relative, so same origin only),
 * sends `body` as JSON when given, and resolves to the parsed answer.
 *
 * @param {{ prefix?: string, offline: string }} options `offline` is the message when nothing answers
 */
export function jsonCaller({ prefix = '', offline }) {
  /**
   * @template T
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<T>}
   */
  return async function call(method, path, body) {
    /** @type {Record<string, string>} */
    const headers = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response;
    try {
      response = await fetch(`${prefix}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      throw new ApiError(0, 'NETWORK_ERROR', offline);
    }
    const text = await response.text();
    /** @type {any} */
    let data;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
    if (!response.ok) {
      throw new ApiError(
        response.status,
        typeof data?.code === 'string' ? data.code : `HTTP_${response.status}`,
        typeof data?.message === 'string' ? data.message : `${method} ${path} answered ${response.status}.`,
      );
    }
    return data;
  };
}
