/**
 * `mcp-elicit-kit/bridge`: elicitations from MCP clients on the server, answered by the person in the
 * browser. React-free and Fetch-standard (`src/bridge/README.md`).
 */
export type { ElicitationBridge, ElicitationBridgeOptions } from './bridge.js';
export { createElicitationBridge } from './bridge.js';
export type { BridgePart, BrokerView, CommandExecutor, ElicitationBroker, PublishedPart } from './broker.js';
export { createInProcessBroker } from './broker.js';
export type { NodeHandlerOptions, NodeRequestLike, NodeResponseLike } from './node-http.js';
export { toNodeHandler } from './node-http.js';
export type { RemoteElicitationQueue, RemoteElicitationQueueOptions } from './remote-queue.js';
export { createRemoteElicitationQueue } from './remote-queue.js';
export type { BridgeCommand, BridgeOutcome, BridgeView } from './wire.js';
export { BRIDGE_HEADER } from './wire.js';
