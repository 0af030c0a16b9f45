/** What the command reads and writes besides argv and the environment: its output, the signal to stop, its folder. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Aborting it stops the mock; its reason (`'SIGTERM'`, say) is logged. */
  readonly stop: AbortSignal;
  /** Where petstore-mock.config.json is looked for (default: the working folder of the process). */
  readonly cwd?: string;
}
