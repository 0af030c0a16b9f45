/**
 * Exchanges answered but not graded yet, and what they hold: beyond either bound, grading catches up at once
 * instead of later, so that memory cannot grow when grading falls behind the traffic. Between two turns of
 * the event loop at most `slice` are graded.
 */
export const GRADING_BOUNDS = { exchanges: 256, bodyBytes: 16 * 1024 * 1024, slice: 16 };

export interface GradingQueue {
  /** Grades `job` soon after the current I/O (answers are written first), in the order added. */
  add(job: () => void, bodyBytes: number): void;
  /** Grades every exchange still waiting, now: before anything reads or reports the findings. */
  flush(): void;
}

/**
 * Grading off the response path: the client has its answer before its exchange is graded, and the exchanges
 * answered in one turn of the event loop are graded after it, a slice at a time. Findings are the same as grading each
 * at once (the same order, the same sequence numbers); only when they are found moves.
 */
export function createGradingQueue(onError: (error: unknown) => void, bounds = GRADING_BOUNDS): GradingQueue {
  const waiting: Array<{ job: () => void; bytes: number }> = [];
  let bytes = 0;
  let scheduled: NodeJS.Immediate | undefined;

  function grade(count: number): void {
    for (let n = 0; n < count; n++) {
      const next = waiting.shift();
      if (!next) return;
      bytes -= next.bytes;
      try {
        next.job();
      } catch (error) {
        onError(error);
      }
    }
  }

  /** A few at a time, so that requests arriving meanwhile are answered between two slices. */
  function gradeSlice(): void {
    scheduled = undefined;
    grade(bounds.slice);
    if (waiting.length > 0) scheduled = setImmediate(gradeSlice);
  }

  function flush(): void {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    grade(waiting.length);
  }

  return {
    add(job, bodyBytes) {
      waiting.push({ job, bytes: bodyBytes });
      bytes += bodyBytes;
      if (waiting.length >= bounds.exchanges || bytes >= bounds.bodyBytes) return flush();
      scheduled ??= setImmediate(gradeSlice);
    },
    flush,
  };
}
