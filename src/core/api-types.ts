import type { components, paths } from './api-types.generated.ts';

/** An order as the Store API sends it (spec/openapi.yaml `Order`); ids are numbers on the wire. */
export type Order = components['schemas']['Order'];

/** The spec's Error body, `{code, message, status}`; exported as `Error` too, under the spec's own name. */
export type ErrorBody = components['schemas']['Error'];

/** Every path and operation of spec/openapi.yaml, for typing requests and responses of your own. */
export type StoreApiPaths = paths;
