import type { CheckResult, ConformanceEvent, Summary } from '../run/events.ts';

export type Started = Extract<ConformanceEvent, { type: 'started' }>;

/** What a document reporter keeps of a run: the start, every check's result, the summary. */
export interface CollectedRun {
  started?: Started;
  results: CheckResult[];
  summary?: Summary;
}

/** Keeps the events a document is written from; `handle` is the reporter's. */
export function collectRun(): { run: CollectedRun; handle(event: ConformanceEvent): void } {
  const run: CollectedRun = { results: [] };
  return {
    run,
    handle(event) {
      if (event.type === 'started') run.started = event;
      else if (event.type === 'check') run.results.push(event.result);
      else if (event.type === 'finished') run.summary = event.summary;
    },
  };
}
