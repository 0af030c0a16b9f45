import { connect, type Socket } from 'node:net';

/** One HTTP answer read off a raw socket. */
export interface RawAnswer {
  /** Everything the server wrote, interim answers (`100 Continue`) included. */
  readonly text: string;
  /** The final answer's status, or 0 when none came. */
  readonly status: number;
  readonly head: string;
  readonly body: string;
  /** Whether the server closed the connection before the wait ended. */
  readonly closed: boolean;
}

export interface RawOptions {
  /** How long to wait for the answer at most (a bounded wait, not a measurement); default 3 s. */
  readonly waitMs?: number;
  /** Keep waiting after the answer, until the server closes or the wait ends. */
  readonly untilClose?: boolean;
  /** Called once connected, to keep writing (an endless body, say). */
  readonly writer?: (socket: Socket) => void;
}

/**
 * Sends bytes over a plain TCP connection (what fetch cannot send: two Host fields, an absolute-form
 * target, HTTP/2.0 in a request line) and reads the answer. Resolves once a final answer's body is complete
 * (or, with `untilClose`, once the server closes), or when the wait ends.
 */
export function rawRequest(port: number, payload: string, options: RawOptions = {}): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let closed = false;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parse(text), text, closed });
    };
    const timer = setTimeout(finish, options.waitMs ?? 3000);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (!options.untilClose && complete(text)) finish();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.write(payload);
    options.writer?.(socket);
  });
}

/** The final answer (after any 1xx) split into status, head and body. */
function parse(text: string): Omit<RawAnswer, 'text' | 'closed'> {
  let rest = text;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) return { status: 0, head: rest, body: '' };
    const head = rest.slice(0, end);
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
    rest = rest.slice(end + 4);
    if (status >= 200 || status === 0) return { status, head, body: rest };
  }
}

function complete(text: string): boolean {
  const { status, head, body } = parse(text);
  if (status === 0) return false;
  const length = /\r\ncontent-length: (\d+)/i.exec(head)?.[1];
  if (length !== undefined) return Buffer.byteLength(body, 'latin1') >= Number(length);
  return status === 204 || status === 304;
}
