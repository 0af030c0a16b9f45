/** A mistake in the options or the command line: the CLI prints its message on one line and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
