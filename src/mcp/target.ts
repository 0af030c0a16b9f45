import { storeBasePath } from './tools.generated.ts';

/** The mock the tools drive. */
export interface MockTarget {
  /** Its origin, e.g. `http://127.0.0.1:4010`: the admin API is under `/__mock`, the Store API under `/v1`. */
  readonly origin: string;
  /** The Store API key that store_request and run_conformance send to this mock, and only to it. */
  readonly apiKey: string;
  /** Whether this process started the mock (`petstore-mock mcp --embedded`). */
  readonly embedded: boolean;
}

/** The Store API's base URL of the mock, e.g. `http://127.0.0.1:4010/v1`. */
export const storeBaseUrl = (target: MockTarget): string => `${target.origin}${storeBasePath}`;

/**
 * The origin of the mock at `text` (`--url`), its base URL as the mock prints it (`http://127.0.0.1:4010/v1`) or
 * its origin. Throws an Error with a one-line message for anything else (the CLI exits 2 with it).
 */
export function mockOrigin(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`--url must be the mock's base URL, such as http://127.0.0.1:4010${storeBasePath}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`--url must be an http or https URL, not ${url.protocol}.`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new Error('--url must carry no credentials, query or fragment.');
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (path !== '' && path !== storeBasePath) {
    throw new Error(`--url must be the mock's base URL (ending in ${storeBasePath}) or its origin.`);
  }
  return url.origin;
}
