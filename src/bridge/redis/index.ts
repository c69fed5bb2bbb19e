/**
 * `mcp-elicit-kit/bridge/redis`: the broker that lets several bridge instances (processes behind a load
 * balancer) share each principal's view and route answers, over Redis. A sub-entry of its own, so a host
 * without Redis never loads the client (`src/bridge/README.md`, "Several instances").
 */
export type { RedisBrokerOptions, RedisClientLike, RedisElicitationBroker, RedisMultiLike } from './redis-broker.js';
export { createRedisBroker } from './redis-broker.js';
