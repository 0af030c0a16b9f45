import { secretsInRequest, secretsInResponse } from '../exchange/credentials.ts';
import { harAppender } from '../exchange/har-file.ts';
import { type ExchangeRecord, headerRecord, traceIdOf } from '../exchange/record.ts';
import type { SecretRedactor } from '../exchange/secrets.ts';
import { type BodyCopy, bodyCopy, decodeContent } from '../forward/body-copy.ts';
import type { Forwarded, ForwardRequest } from '../forward/forwarder.ts';
import type { Forwarding } from '../mock/mock.ts';

/** Each body is kept in the recording up to this many bytes; a larger one only by its size and a comment. */
export const RECORDED_BODY_BYTES = 1024 * 1024;

export interface MissRecordingOptions {
  /** The HAR file the forwarded exchanges are appended to. */
  readonly file: string;
  /**
   * The mock's secrets of the moment (its keys, the tokens it issued), redacted wherever they appear, besides
   * each exchange's own credentials.
   */
  readonly secrets: () => SecretRedactor;
  readonly creator: { readonly name: string; readonly version: string };
  /** Told once when a write fails; forwarding goes on regardless. */
  readonly onError: (error: Error) => void;
}

/** One exchange being recorded: the forwarder's chunk taps, then `done` once it is over. */
export interface RecordedExchange {
  readonly taps: Pick<ForwardRequest, 'onRequestChunk' | 'onResponseChunk'>;
  /** The exchange is over; `answeredStatus` is the mock's own answer when the upstream gave none (502, 504). */
  done(exchange: Forwarded, answeredStatus?: number): void;
}

export interface MissRecording {
  /** Taps for a request about to be forwarded (`startedAt` on the clock of the state that forwards it). */
  start(forwarding: Pick<Forwarding, 'startedAt' | 'session'>): RecordedExchange;
  /**
   * Waits for the exchanges still open and the writes pending, at most `withinMs`: true when all are on disk.
   * After `withinMs`, what is left is told to `onError`.
   */
  written(withinMs: number): Promise<boolean>;
}

/**
 * `--record-misses`: every forwarded exchange appended to a HAR through the kit's one HAR writer, redacted
 * there. Bodies are copied from the forwarder's taps as they stream, up to RECORDED_BODY_BYTES each: the
 * forwarding never waits for the copy, and a larger body is recorded by its size and a comment.
 */
export function recordMisses(options: MissRecordingOptions): MissRecording {
  const har = harAppender(options.file, { creator: options.creator, onError: options.onError });
  // Exchanges forwarded but not over yet: a shutdown waits for them too (their upstream is cut by then).
  const open = new Set<Promise<void>>();
  return {
    start({ startedAt, session }) {
      const requestBody = bodyCopy(RECORDED_BODY_BYTES);
      const responseBody = bodyCopy(RECORDED_BODY_BYTES);
      let over = () => {};
      const ended = new Promise<void>((resolve) => {
        over = resolve;
      });
      open.add(ended);
      return {
        taps: {
          onRequestChunk: (chunk) => requestBody.push(chunk),
          onResponseChunk: (chunk) => responseBody.push(chunk),
        },
        done(exchange, answeredStatus) {
          try {
            const copies = { requestBody, responseBody };
            const record = recordOf(exchange, { startedAt, session }, copies, answeredStatus);
            const secrets = options
              .secrets()
              .including([
                ...secretsInRequest(exchange.requestHeaders, exchange.upstreamUrl),
                ...secretsInResponse(exchange.answer?.rawHeaders ?? []),
              ]);
            har.add(record, secrets);
          } catch (error) {
            // Called once the answer is sent: a record that cannot be built must not take the server down.
            options.onError(error as Error);
          } finally {
            open.delete(ended);
            over();
          }
        },
      };
    },
    async written(withinMs) {
      const all = async () => {
        await Promise.all(open);
        return har.written();
      };
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), withinMs);
      });
      const done = await Promise.race([all(), late]).finally(() => clearTimeout(timer));
      if (!done) {
        options.onError(
          new Error(
            `stopped before every forwarded exchange was written to ${options.file} (waited ${withinMs} ms)`,
          ),
        );
      }
      return done;
    },
  };
}

interface Copies {
  readonly requestBody: BodyCopy;
  readonly responseBody: BodyCopy;
}

function recordOf(
  exchange: Forwarded,
  { startedAt, session }: Pick<Forwarding, 'startedAt' | 'session'>,
  { requestBody, responseBody }: Copies,
  answeredStatus: number | undefined,
): ExchangeRecord {
  const requestHeaders = headerRecord(exchange.requestHeaders);
  const sent = keptText('request', requestBody, requestHeaders);
  const { answer, failure } = exchange;
  const answerHeaders = headerRecord(answer?.rawHeaders ?? []);
  const received = answer?.interrupted
    ? { note: `response body incomplete (${answer.interrupted}), ${responseBody.bytes} bytes passed` }
    : keptText('response', responseBody, answerHeaders);
  // No answer came: the entry has none (a grader counts it unanswered), and says what the client got instead.
  const instead =
    failure === undefined
      ? undefined
      : `no answer from the upstream; the mock answered ${answeredStatus ?? failure.status} ${failure.code}`;
  const traceId = traceIdOf(requestHeaders);
  const notes = [instead, sent.note, answer ? received.note : undefined].filter((note) => note !== undefined);
  return {
    startedAt,
    durationMs: exchange.durationMs,
    source: 'upstream',
    ...(session === undefined ? {} : { session }),
    ...(traceId === undefined ? {} : { traceId }),
    request: {
      method: exchange.method,
      url: exchange.upstreamUrl,
      headers: requestHeaders,
      ...(sent.text === undefined ? {} : { body: sent.text }),
    },
    ...(answer
      ? {
          response: {
            status: answer.status,
            statusText: answer.statusMessage,
            headers: answerHeaders,
            ...(received.text === undefined ? {} : { body: received.text }),
            bodyBytes: responseBody.bytes,
          },
        }
      : { error: failure?.message ?? 'The client went away before the upstream answered.' }),
    ...(notes.length === 0 ? {} : { comment: `${notes.join('; ')}.` }),
  };
}

/** The body as text when it was copied whole and is text once decoded; else why it is not kept. */
function keptText(
  what: 'request' | 'response',
  copy: BodyCopy,
  headers: Readonly<Record<string, string>>,
): { text?: string; note?: string } {
  if (copy.bytes === 0) return {};
  const size = `${what} body of ${copy.bytes} bytes not kept`;
  if (copy.overflowed) return { note: `${size} (over the recording's ${RECORDED_BODY_BYTES}-byte bound)` };
  const decoded = decodeContent(copy.buffer(), headers['content-encoding'], RECORDED_BODY_BYTES);
  if (!decoded.ok) return { note: `${size} (${decoded.reason})` };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(decoded.bytes) };
  } catch {
    return { note: `${size} (not UTF-8 text: ${headers['content-type'] ?? 'no Content-Type'})` };
  }
}
