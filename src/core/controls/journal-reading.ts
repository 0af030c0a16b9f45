import type { Har } from 'har-format';
import type { HarOptions } from '../../exchange/har.ts';
import type { ExchangeRecord } from '../../exchange/record.ts';
import type { SecretRedactor } from '../../exchange/secrets.ts';
import type { HeaderMap, MockResponse, ResponseBody } from '../types.ts';
import type { JournalEntry } from './journal-entry.ts';
import type { JournalQuery } from './journal-query.ts';

// What the journal hands its exports (journal-export.ts, loaded with the control planes' code): the kept
// exchanges as read when the export was asked for, and where to write them.

/** One kept exchange: its entry (redacted, as the JSON read shows it), its number and what was kept of it. */
export interface KeptExchange {
  readonly entry: JournalEntry;
  /** The entry's number since the journal was made: it never changes, so a rendered entry can be reused. */
  readonly number: number;
  /** The request's headers as kept (not yet redacted). */
  readonly headers: HeaderMap;
  readonly response: MockResponse | undefined;
  /** The answer body's size in bytes; -1 when only the status was recorded. */
  readonly size: number;
}

/**
 * The HAR JSON of each entry the last HAR read rendered (`,{…}` as bytes), by entry number, and how many
 * secrets the redactor had then (one added since makes them stale). Only the last read's are kept.
 */
export interface RenderedHar {
  parts: Map<number, Uint8Array>;
  secrets: number;
}

/** Where the journal is, for the records it hands out. */
export interface ExchangeContext {
  /** The session whose requests it holds; undefined for the default state. */
  readonly session?: string | undefined;
  /** The origin for absolute URLs; default each request's Host, else `http://localhost`. */
  readonly origin?: string | undefined;
  readonly secrets: SecretRedactor;
}

export interface JournalReading extends ExchangeContext {
  /** Oldest first, the newest that fit the read budget with their kept bodies. */
  readonly exchanges: readonly KeptExchange[];
  /** The tool named as the HAR's creator; default petstore-mock of an unknown version. */
  readonly creator?: HarOptions['creator'];
  /** The journal's own, updated by a HAR read. */
  readonly rendered: RenderedHar;
}

/** The journal's exports (journal-export.ts), loaded on their first use. */
export interface JournalExport {
  journalExchanges(reading: JournalReading, query: JournalQuery): ExchangeRecord[];
  journalHar(reading: JournalReading, query: JournalQuery): Har;
  journalHarBody(reading: JournalReading, query: JournalQuery): ResponseBody;
}

/** Loads the exports: at once when loaded already, else a promise (a failed load is tried again next time). */
export type LoadJournalExport = () => JournalExport | Promise<JournalExport>;
