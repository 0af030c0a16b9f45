/** One request as the journal shows it (`GET /__mock/requests`, the MSW controller's `journal.entries()`). */
export interface JournalEntry {
  readonly time: string;
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly status: number;
  /** Who answered: the mock itself, or a real server the request was passed through to. */
  readonly source: JournalSource;
  /** Request headers: Authorization-like ones redacted, and the mock's keys wherever they appear. */
  readonly headers: Readonly<Record<string, string>>;
}

/** Who answered a request: the mock itself, or a real server it was passed through to (docs/passthrough.md). */
export type JournalSource = 'mock' | 'upstream';
