/** What the command reads and writes besides argv and the environment: its output, and the signal to stop. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Aborting it stops the mock; its reason (`'SIGTERM'`, say) is logged. */
  readonly stop: AbortSignal;
}
