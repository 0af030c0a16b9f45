import type { Spec } from '../contract/spec.ts';
import type { Answer } from '../rules/answers.ts';
import type { RuleId } from '../rules/catalogue.ts';
import { header, orderFieldProblems, orderListVerdict } from '../rules/verdicts.ts';

/** A rule and the problems one exchange showed for it (none: graded and passed). Never changed once made. */
export type Verdict = [rule: RuleId, problems: string[]];

/**
 * How many list bodies are remembered, and how much text they may hold together: a client polling a list
 * reads the same few bodies again and again, and a body larger than a share of the bound is never kept.
 */
export const REMEMBERED_LISTS = { entries: 32, characters: 2 * 1024 * 1024 };

interface Remembered {
  /** What besides the body the verdicts read: the operation, the status and the pagination fields. */
  readonly context: string;
  readonly verdicts: readonly Verdict[];
}

/** Per spec (one per proxy), by the body's text: the most recently used last. */
const remembered = new WeakMap<Spec, Memory>();

interface Memory {
  readonly lists: Map<string, Remembered>;
  characters: number;
  /** The body used last, already at the end of `lists`. */
  newest?: string;
}

/**
 * The list rules' verdicts on an answer that lists Orders: `orders.list`, then, for a list the schema accepts,
 * `orders.date-time` and `orders.fields`. They read the body, the operation, the status and the two
 * pagination fields (`Link`, `X-Total-Count`) and nothing else, so an answer with the same body and the same
 * of those gets the same verdicts: they are remembered rather than parsed, scanned and validated again.
 */
export function listVerdicts(spec: Spec, answer: Answer): readonly Verdict[] {
  const { response } = answer;
  if (response.interrupted || response.truncated) return gradedList(spec, answer);
  const context = [
    answer.operation?.operationId,
    response.status,
    header(response, 'link'),
    header(response, 'x-total-count'),
  ].join('\n');
  let memory = remembered.get(spec);
  if (!memory) {
    memory = { lists: new Map<string, Remembered>(), characters: 0 };
    remembered.set(spec, memory);
  }
  const { lists } = memory;
  const known = lists.get(response.body);
  if (known?.context === context) {
    // Moved to the end only when another body came between: a delete and a set per hit wear out the table.
    if (memory.newest !== response.body) {
      lists.delete(response.body);
      lists.set(response.body, known);
      memory.newest = response.body;
    }
    return known.verdicts;
  }
  const verdicts = gradedList(spec, answer);
  if (response.body.length > REMEMBERED_LISTS.characters / 4) return verdicts;
  if (known) memory.characters -= response.body.length;
  lists.delete(response.body);
  lists.set(response.body, { context, verdicts });
  memory.newest = response.body;
  memory.characters += response.body.length;
  for (const body of lists.keys()) {
    if (lists.size <= REMEMBERED_LISTS.entries && memory.characters <= REMEMBERED_LISTS.characters) break;
    lists.delete(body);
    memory.characters -= body.length;
  }
  return verdicts;
}

const prefixed = (problems: string[]): string[] => problems.map((p) => `: ${p}`);

function gradedList(spec: Spec, answer: Answer): Verdict[] {
  const { operation, response } = answer;
  const list = orderListVerdict(spec, answer);
  const verdicts: Verdict[] = [['orders.list', prefixed(list.problems)]];
  // As in the suite, the should rules read a list that is valid under the spec's own (ISO 8601) reading.
  if (!operation || list.valid === undefined) return verdicts;
  return [
    ...verdicts,
    [
      'orders.date-time',
      prefixed(spec.validateResponse(operation.operationId, response.status, list.valid, 'rfc3339') ?? []),
    ],
    ['orders.fields', prefixed(orderFieldProblems(spec, list.valid))],
  ];
}
