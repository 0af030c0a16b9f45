/** A lazily loaded module of the app: its chunk must reach the page through the mock's service worker. */
export const greeting = 'loaded lazily';
