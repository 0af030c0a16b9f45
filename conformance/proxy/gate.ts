import type { IncomingMessage } from 'node:http';
import { localHosts, parseHostField } from '../../src/forward/hosts.ts';
import { targetProblem } from '../../src/forward/target.ts';

export interface GateOptions {
  /** Names given with `--allowed-host`; `all` turns the Host check off. */
  readonly allowedHosts?: readonly string[];
  /** Names the proxy itself is reached by: `--host`, the machine's name. */
  readonly ownHosts?: readonly string[];
  /** Bound to every address (0.0.0.0, ::): single-label names (a CI service name) are served. */
  readonly serviceNames?: boolean;
}

export interface Refusal {
  readonly status: 400 | 421;
  readonly code: 'INVALID_HOST' | 'HOST_NOT_ALLOWED' | 'INVALID_PATH';
  readonly message: string;
}

const cut = (text: string) => (text.length <= 64 ? text : `${text.slice(0, 64)}…`);

/**
 * What the proxy refuses before forwarding, by the rules the mock applies (src/forward): one valid Host (or
 * the authority of an absolute-form target) on the allow-list of a local server, against DNS rebinding; and
 * a target without dot segments, which the upstream would resolve outside its base path. `target` is the
 * request's target in origin form.
 */
export function createGate(
  options: GateOptions,
): (req: IncomingMessage, target: string) => Refusal | undefined {
  const isAllowed = localHosts(options);
  return (req, target) => {
    let hosts = 0;
    for (let i = 0; i < req.rawHeaders.length; i += 2)
      if (req.rawHeaders[i]?.toLowerCase() === 'host') hosts++;
    if (hosts > 1)
      return { status: 400, code: 'INVALID_HOST', message: 'The request has more than one Host field.' };
    const url = req.url ?? '/';
    const authority = url.startsWith('/') ? req.headers.host : /^https?:\/\/([^/?#]*)/i.exec(url)?.[1];
    if (authority === undefined) {
      if (req.httpVersionMinor >= 1 || !url.startsWith('/'))
        return { status: 400, code: 'INVALID_HOST', message: 'HTTP/1.1 requires a Host field.' };
    } else {
      const host = parseHostField(authority);
      if (host === undefined) {
        return {
          status: 400,
          code: 'INVALID_HOST',
          message: `The Host field ${JSON.stringify(cut(authority))} is not a host[:port].`,
        };
      }
      if (isAllowed(host) !== 'yes') {
        return {
          status: 421,
          code: 'HOST_NOT_ALLOWED',
          message: `The proxy does not serve the host ${JSON.stringify(cut(host))}; start it with --allowed-host ${cut(host)} to allow it.`,
        };
      }
    }
    const problem = targetProblem(target);
    return problem === undefined ? undefined : { status: 400, code: 'INVALID_PATH', message: `${problem}.` };
  };
}
