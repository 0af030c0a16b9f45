/**
 * Exchanges answered but not graded yet, and what they hold: beyond either bound, grading catches up at once
 * instead of later, so that memory cannot grow when grading falls behind the traffic.
 */
export const GRADING_BOUNDS = { exchanges: 256, bodyBytes: 16 * 1024 * 1024 };

export interface GradingQueue {
  /** Grades `job` soon after the current I/O (answers are written first), in the order added. */
  add(job: () => void, bodyBytes: number): void;
  /** Grades every exchange still waiting, now: before anything reads or reports the findings. */
  flush(): void;
}

/**
 * Grading off the response path: the client has its answer before its exchange is graded, and the exchanges
 * answered in one turn of the event loop are graded together after it. Findings are the same as grading each
 * at once (the same order, the same sequence numbers); only when they are found moves.
 */
export function createGradingQueue(onError: (error: unknown) => void, bounds = GRADING_BOUNDS): GradingQueue {
  let waiting: Array<() => void> = [];
  let bytes = 0;
  let scheduled: NodeJS.Immediate | undefined;

  function flush(): void {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    // A job may add another (a late framing problem): it waits for the next flush, in order.
    while (waiting.length > 0) {
      const jobs = waiting;
      waiting = [];
      bytes = 0;
      for (const job of jobs) {
        try {
          job();
        } catch (error) {
          onError(error);
        }
      }
    }
  }

  return {
    add(job, bodyBytes) {
      waiting.push(job);
      bytes += bodyBytes;
      if (waiting.length >= bounds.exchanges || bytes >= bounds.bodyBytes) return flush();
      scheduled ??= setImmediate(flush);
    },
    flush,
  };
}
