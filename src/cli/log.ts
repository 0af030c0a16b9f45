import type { JournalSource } from '../core/controls/journal-entry.ts';
import type { MockRequest } from '../core/types.ts';
import { HEALTH_PATH } from '../mock/health.ts';

export type LogFormat = 'pretty' | 'json';
export type Write = (line: string) => void;

/**
 * One line per request: method, path, status and milliseconds. Headers are never logged, so neither is the
 * Authorization header; the query string is left out too, since clients sometimes put keys there, and the
 * server hands the path over redacted (the mock's one redactor: keys, client secrets, issued tokens). Health checks
 * are left out: a container's HEALTHCHECK or a probe asks every few seconds, for ever.
 */
export function requestLogger(format: LogFormat, write: Write) {
  return (request: MockRequest, status: number, milliseconds: number, source?: JournalSource): void => {
    if (request.path === HEALTH_PATH) return;
    const ms = Math.round(milliseconds * 10) / 10;
    write(
      format === 'json'
        ? JSON.stringify({
            time: new Date().toISOString(),
            method: request.method,
            path: request.path,
            status,
            ms,
            ...(source === 'upstream' ? { source } : {}),
          })
        : `${request.method} ${request.path} ${status} ${ms}ms${source === 'upstream' ? ' (upstream)' : ''}`,
    );
  };
}

/** Logs an event as a JSON line or as readable lines. */
export function eventLogger(format: LogFormat, write: Write) {
  return (event: string, fields: Record<string, unknown>, pretty: readonly string[]): void => {
    if (format === 'json') write(JSON.stringify({ time: new Date().toISOString(), event, ...fields }));
    // One write, so that a reader of the pipe sees the whole banner at once.
    else write(pretty.join('\n'));
  };
}
