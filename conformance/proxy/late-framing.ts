/**
 * Framing errors found after an exchange was answered (bytes that followed its answer on the upstream
 * connection): those found before the exchange was graded wait for it, so that each is recorded under the
 * exchange's number after its other findings; later ones are recorded at once.
 */
export interface LateFraming {
  /** What the forwarder calls with each problem; it holds only this exchange's waiting problems. */
  readonly found: (problem: string) => void;
  /** Called once the exchange is graded: records what waited, and from then on records at once. */
  graded(record: (problem: string) => void): void;
}

export function lateFraming(): LateFraming {
  const waiting: string[] = [];
  let record: ((problem: string) => void) | undefined;
  return {
    found: (problem) => {
      if (record) record(problem);
      else waiting.push(problem);
    },
    graded(recorder) {
      record = recorder;
      for (const problem of waiting.splice(0)) recorder(problem);
    },
  };
}
