/** Several mocks under one key prefix share one state; another prefix is another mock. No imports: the CLI's help reads it. */
export const DEFAULT_KEY_PREFIX = 'petstore-mock';
