import type { Spec } from '../contract/spec.ts';
import type { Answer } from '../rules/answers.ts';
import type { RuleId } from '../rules/catalogue.ts';
import { header, orderFieldProblems, orderListVerdict } from '../rules/verdicts.ts';
import { Bounded } from './traffic-model.ts';

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

/** Per spec (one per proxy), by the body's text, least recently used first (traffic-model.ts's bounded map). */
const remembered = new WeakMap<Spec, Memory>();

interface Memory {
  readonly lists: Bounded<string, Remembered>;
  /** The characters of the bodies held. */
  characters: number;
}

function memoryOf(spec: Spec): Memory {
  let memory = remembered.get(spec);
  if (!memory) {
    const made: Memory = {
      lists: new Bounded(REMEMBERED_LISTS.entries, (_verdicts, body) => {
        made.characters -= body.length;
      }),
      characters: 0,
    };
    memory = made;
    remembered.set(spec, memory);
  }
  return memory;
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
  const memory = memoryOf(spec);
  const known = memory.lists.get(response.body);
  if (known?.context === context) return known.verdicts;
  const verdicts = gradedList(spec, answer);
  if (response.body.length > REMEMBERED_LISTS.characters / 4) return verdicts;
  if (!known) memory.characters += response.body.length;
  memory.lists.set(response.body, { context, verdicts });
  while (memory.characters > REMEMBERED_LISTS.characters && memory.lists.dropOldest()) {}
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
