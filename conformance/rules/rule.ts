/** `must`: what the spec states. `should`: HTTP norms (a warning unless strict). `info`: what the spec leaves open. */
export type Severity = 'must' | 'should' | 'info';

/** A rule as every grader reports it: the fixed checks, exploration and the validating proxy. */
export interface CheckInfo {
  id: string;
  severity: Severity;
  title: string;
  reference: string;
}
