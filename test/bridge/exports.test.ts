/** The value names of `mcp-elicit-kit/bridge`, exactly: a new public name is a decision (types: test/types). */
import { expect, test } from 'vitest';

import * as bridge from '../../src/bridge/index.js';
import * as redis from '../../src/bridge/redis/index.js';

test('mcp-elicit-kit/bridge exports exactly these values', () => {
  expect(Object.keys(bridge).sort()).toEqual([
    'BRIDGE_HEADER',
    'createElicitationBridge',
    'createInProcessBroker',
    'createRemoteElicitationQueue',
    'toNodeHandler',
  ]);
});

test('mcp-elicit-kit/bridge/redis exports exactly these values', () => {
  expect(Object.keys(redis).sort()).toEqual(['createRedisBroker']);
});
