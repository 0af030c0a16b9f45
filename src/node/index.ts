/** The mock on node:http: `startServer()` for tests and tools, `createListener()` to mount it yourself. */

export { createMock, type Mock, type MockOptions } from '../mock/mock.ts';
export { createNodeDnsResolver, type NodeDnsResolverOptions, parseDnsServer } from './dns-resolver.ts';
export { createListener, type ListenerOptions } from './listener.ts';
export { type RunningServer, type ServerOptions, startServer } from './server.ts';
