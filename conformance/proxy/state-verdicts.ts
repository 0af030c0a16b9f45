import type { RuleId } from '../rules/catalogue.ts';
import {
  before,
  type Cancelled,
  type Listing,
  type Scope,
  type Session,
  type Step,
  stepOf,
} from './traffic-model.ts';

// The verdicts of the stateful grader (stateful.ts): each reads the model of one credential and session, and
// reports what the spec's state machine forbids, citing the exchanges that prove it.

export const cite = (step: Step): string => `${step.shown} (#${step.seq})`;

/** Reports a finding of this exchange, citing the earlier exchanges it rests on. */
export type Found = (rule: RuleId, message: string, cites: Step[]) => void;

/** A list is trusted for what it lacks while nothing was written outside the spec or forgotten since it began. */
const trusted = (session: Session, list: Step): boolean =>
  session.lastWriteEnded < list.begun && session.forgotAt < list.begun;

/** A full list: it must agree with this credential's cancels and with the cancels it saw refused. */
export function judgeList(scope: Scope, list: Listing, found: Found, applied: Set<RuleId>): void {
  const { session } = scope;
  for (const [id, cancelled] of scope.cancelled.entriesOf()) {
    if (!before(cancelled.cancel, list) || cancelled.reported) continue;
    applied.add('orders.cancel-final');
    judgeCancelledInList(scope, id, cancelled, list, found);
  }
  for (const [id, refused] of scope.refused.entriesOf()) {
    if (!before(refused.step, list)) continue;
    scope.refused.delete(id);
    // A cancel of the order by anyone, a write outside the spec, a forgotten fact: the change is explained.
    if (session.cancels.has(id) || !trusted(session, refused.list)) continue;
    applied.add('orders.refused-unchanged');
    const now = list.orders.get(id);
    if (now === refused.fingerprint) continue;
    const what =
      now === undefined
        ? `no longer lists order ${id}, listed in`
        : `lists order ${id} with other fields than`;
    found(
      'orders.refused-unchanged',
      `${what} ${cite(refused.list)}, after the refused ${cite(refused.step)}`,
      [refused.list, refused.step],
    );
  }
}

/** A list after this credential's 204 for `id`: it must agree with what later answers for the order said. */
function judgeCancelledInList(
  scope: Scope,
  id: string,
  cancelled: Cancelled,
  list: Listing,
  found: Found,
): void {
  const listed = list.orders.has(id);
  const after = `after ${cite(cancelled.cancel)}`;
  if (listed && cancelled.gone) {
    cancelled.reported = true;
    found(
      'orders.cancel-final',
      `still lists order ${id} ${after}, yet ${cite(cancelled.gone)} said it is gone`,
      [cancelled.cancel, cancelled.gone],
    );
  } else if (!listed && cancelled.stillThere) {
    cancelled.reported = true;
    found(
      'orders.cancel-final',
      `no longer lists order ${id} ${after}, yet ${cite(cancelled.stillThere)} said it is still there`,
      [cancelled.cancel, cancelled.stillThere],
    );
  } else if (!listed) {
    scope.dropsCancelled ??= { id, cancel: cancelled.cancel, list: stepOf(list) };
  } else if (scope.dropsCancelled && scope.dropsCancelled.id !== id) {
    // Keeping cancelled orders listed is a deployment's choice; keeping one and dropping another is not.
    cancelled.reported = true;
    const dropped = scope.dropsCancelled;
    found(
      'orders.cancel-final',
      `still lists order ${id} ${after}, while order ${dropped.id} left ${cite(dropped.list)} after ${cite(dropped.cancel)}`,
      [cancelled.cancel, dropped.cancel, dropped.list],
    );
  }
}

/** A cancel's answer (204, 404 or 409): against this credential's earlier cancels and its last full list. */
export function judgeCancel(
  scope: Scope,
  id: string,
  step: Step,
  status: number,
  found: Found,
  applied: Set<RuleId>,
) {
  const { session, list } = scope;
  const known = list && before(list, step) ? list : undefined;
  const cancelled = scope.cancelled.get(id);
  const earlier = cancelled && before(cancelled.cancel, step) ? cancelled : undefined;
  const refused = scope.refused.get(id);
  const shipped = scope.shipped.get(id);
  // The list between the first cancel and this answer, if one was read: what the order's state was then.
  const between = earlier && known && before(earlier.cancel, known) ? known : undefined;
  if (earlier) applied.add('orders.cancel-final');
  if (status === 204 && earlier) {
    found('orders.cancel-final', `order ${id} was already cancelled by ${cite(earlier.cancel)}`, [
      earlier.cancel,
    ]);
  } else if (status === 204 && shipped && before(shipped, step)) {
    applied.add('orders.refused-unchanged');
    found('orders.refused-unchanged', `order ${id} was refused as shipped by ${cite(shipped)}`, [shipped]);
  } else if (status === 404 && earlier) {
    earlier.gone ??= step;
    if (between?.orders.has(id) && !earlier.reported) {
      earlier.reported = true;
      found(
        'orders.cancel-final',
        `says order ${id} is gone, yet ${cite(between)} listed it after ${cite(earlier.cancel)}`,
        [earlier.cancel, stepOf(between)],
      );
    }
  } else if (status !== 404 && earlier) {
    earlier.stillThere ??= step;
    if (between && !between.orders.has(id) && !earlier.reported) {
      earlier.reported = true;
      found(
        'orders.cancel-final',
        `says order ${id} is still there, yet ${cite(between)} no longer listed it after ${cite(earlier.cancel)}`,
        [earlier.cancel, stepOf(between)],
      );
    }
  } else if (known && trusted(session, known)) {
    judgeAgainstList(session, known, id, status, found, applied);
  }
  if (status === 204 && !cancelled) {
    scope.cancelled.set(id, { cancel: step });
    session.cancels.set(id, step);
  }
  if (status !== 409 || earlier) return;
  if (!shipped) scope.shipped.set(id, step);
  const listedAs = known?.orders.get(id);
  if (known && listedAs !== undefined && !refused)
    scope.refused.set(id, { step, id, list: stepOf(known), fingerprint: listedAs });
}

/** A first cancel of `id` against the last full list: absent ones answer 404, listed ones never do. */
function judgeAgainstList(
  session: Session,
  list: Listing,
  id: string,
  status: number,
  found: Found,
  applied: Set<RuleId>,
): void {
  const listed = list.orders.has(id);
  if (!listed) {
    applied.add('orders.cancel-absent');
    if (status !== 404)
      found('orders.cancel-absent', `${cite(list)} did not hold order ${id}`, [stepOf(list)]);
    return;
  }
  // Cancelled by another credential of the session since: a 404 is then the right answer.
  if (session.cancels.has(id)) return;
  applied.add('proxy.listed-found');
  if (status === 404) found('proxy.listed-found', `${cite(list)} holds order ${id}`, [stepOf(list)]);
}

/** A 401 to a cancel: every credential of the session that listed the order expects it unchanged. */
export function refusedEverywhere(session: Session, id: string, step: Step): void {
  for (const scope of session.scopes) {
    const listedAs = scope.list && before(scope.list, step) ? scope.list.orders.get(id) : undefined;
    if (scope.list && listedAs !== undefined && !scope.refused.has(id))
      scope.refused.set(id, { step, id, list: stepOf(scope.list), fingerprint: listedAs });
  }
}
