import type { Har } from 'har-format';
import { type HarOptions, harEntry, harFrame, harLog } from '../../exchange/har.ts';
import type { ExchangeRecord } from '../../exchange/record.ts';
import { chunkedBody } from '../http/responses.ts';
import type { ResponseBody } from '../types.ts';
import { exchangeOf } from './journal-exchange.ts';
import { findEntries, type JournalQuery } from './journal-query.ts';
import type { JournalReading, KeptExchange } from './journal-reading.ts';

// The journal read as exchange records and as HAR: only the control planes and an app's export ask for them,
// so this and the HAR writer load with the control planes' code (control-code.ts), not with every request's.

// The core names no runtime; TextEncoder is a global in every runtime it runs on (Node, browsers, workers).
const { TextEncoder } = globalThis as unknown as {
  TextEncoder: new () => { encode(text: string): Uint8Array };
};
const encoder = new TextEncoder();

/** The exchanges that match the filters, oldest first, as the one exchange record (src/exchange), redacted. */
export function journalExchanges(reading: JournalReading, query: JournalQuery): ExchangeRecord[] {
  return matching(reading.exchanges, query).map((kept) => exchangeOf(kept, reading));
}

/** The exchanges that match the filters as a HAR 1.2 document; credentials redacted. */
export function journalHar(reading: JournalReading, query: JournalQuery): Har {
  return harLog(journalExchanges(reading, query), harOptions(reading));
}

/**
 * `journalHar()` as a JSON body, its text the same as `JSON.stringify(journalHar(…))`: what
 * `GET /__mock/requests?format=har` answers, in parts (one per entry, kept as bytes), rendering only the
 * entries the previous read did not.
 */
export function journalHarBody(reading: JournalReading, query: JournalQuery): ResponseBody {
  const { rendered, secrets } = reading;
  if (rendered.secrets !== secrets.size) rendered.parts = new Map();
  rendered.secrets = secrets.size;
  const parts = new Map<number, Uint8Array>();
  for (const kept of matching(reading.exchanges, query)) {
    let part = rendered.parts.get(kept.number);
    // The exchange record is redacted already (exchangeOf); harEntry redacts it again, to the same text.
    part ??= encoder.encode(`,${JSON.stringify(harEntry(exchangeOf(kept, reading)))}`);
    parts.set(kept.number, part);
  }
  rendered.parts = parts;
  const { head, tail } = harFrame(harOptions(reading));
  const entries = [...parts.values()];
  // The first entry drops its comma: a view of the same bytes, not a copy.
  if (entries[0] !== undefined) entries[0] = entries[0].subarray(1);
  return chunkedBody([encoder.encode(head), ...entries, encoder.encode(tail)]);
}

function harOptions({ creator, secrets }: JournalReading): HarOptions {
  return { creator: creator ?? { name: 'petstore-mock', version: 'unknown' }, secrets };
}

function matching(exchanges: readonly KeptExchange[], query: JournalQuery): KeptExchange[] {
  const byEntry = new Map(exchanges.map((kept) => [kept.entry, kept]));
  return findEntries(
    exchanges.map(({ entry }) => entry),
    query,
  ).map((entry) => byEntry.get(entry) as KeptExchange);
}
