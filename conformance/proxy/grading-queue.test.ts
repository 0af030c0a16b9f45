import { describe, expect, it } from 'vitest';
import { createGradingQueue } from './grading-queue.ts';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the grading queue', () => {
  it('grades after the turn that answered, in the order the exchanges were added', async () => {
    const graded: number[] = [];
    const queue = createGradingQueue(() => {});
    for (const n of [1, 2, 3]) queue.add(() => graded.push(n), 10);
    expect(graded).toEqual([]);
    await turn();
    expect(graded).toEqual([1, 2, 3]);
  });

  it('grades a slice per turn, so that requests arriving meanwhile are answered in between', async () => {
    const graded: number[] = [];
    const queue = createGradingQueue(() => {}, { exchanges: 100, bodyBytes: 1_000_000, slice: 2 });
    for (const n of [1, 2, 3, 4, 5]) queue.add(() => graded.push(n), 10);
    await turn();
    expect(graded).toEqual([1, 2]);
    await turn();
    expect(graded).toEqual([1, 2, 3, 4]);
    await turn();
    expect(graded).toEqual([1, 2, 3, 4, 5]);
  });

  it('grades everything still waiting when a reader flushes it', () => {
    const graded: number[] = [];
    const queue = createGradingQueue(() => {});
    queue.add(() => graded.push(1), 10);
    queue.add(() => graded.push(2), 10);
    queue.flush();
    expect(graded).toEqual([1, 2]);
  });

  it('catches up at once when as many exchanges as its bound are waiting, so memory cannot grow', () => {
    const graded: number[] = [];
    const queue = createGradingQueue(() => {}, { exchanges: 3, bodyBytes: 1_000_000, slice: 16 });
    for (const n of [1, 2]) queue.add(() => graded.push(n), 10);
    expect(graded).toEqual([]);
    queue.add(() => graded.push(3), 10);
    expect(graded).toEqual([1, 2, 3]);
  });

  it('catches up at once when the bodies waiting reach its byte bound', () => {
    const graded: number[] = [];
    const queue = createGradingQueue(() => {}, { exchanges: 100, bodyBytes: 1_000, slice: 16 });
    queue.add(() => graded.push(1), 600);
    expect(graded).toEqual([]);
    queue.add(() => graded.push(2), 600);
    expect(graded).toEqual([1, 2]);
  });

  it('reports a grading that throws and grades the exchanges after it', () => {
    const graded: number[] = [];
    const errors: unknown[] = [];
    const queue = createGradingQueue((error) => errors.push(error));
    queue.add(() => {
      throw new Error('a grader bug');
    }, 0);
    queue.add(() => graded.push(2), 0);
    queue.flush();
    expect(errors).toEqual([new Error('a grader bug')]);
    expect(graded).toEqual([2]);
  });
});
