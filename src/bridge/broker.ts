/**
 * The broker: what several bridge instances share. Each instance publishes its part of a principal's view
 * (the entries its MCP clients hold); any instance streams the merged view and routes a command to the
 * instance holding the entry. `createInProcessBroker` is the default, for one process; `createRedisBroker`
 * (`redis/`, the sub-entry `mcp-elicit-kit/bridge/redis`) fills the same interface across processes.
 */
import type { Draft, ElicitationEntry, ElicitationNotice } from '../core/index.js';
import { randomId } from '../shared/random-id.js';
import type { BridgeCommand, BridgeOutcome } from './wire.js';

/** One instance's part of a principal's view. Plain JSON, so a broker may store it anywhere. */
export interface BridgePart {
  /** In the instance's queue order; ids are the bridge's, not the queue's. */
  readonly entries: readonly ElicitationEntry[];
  /**
   * When each entry arrived, index by index: parts merge in arrival order. The broker sets them from one
   * sequence shared by every instance (whatever a publisher passes is replaced), so a machine's clock
   * never orders requests and a new one never goes ahead of the one a person is reading.
   */
  readonly arrivals: readonly number[];
  readonly notices: readonly ElicitationNotice[];
  /** Unsent form drafts of this part's entries, by entry id. */
  readonly drafts: Readonly<Record<string, Draft>>;
}

/** Every instance's part of one principal's view, and its version. */
export interface BrokerView {
  /**
   * Changes on every publish, never repeats (an `epoch` of the broker's life and a `counter` that only
   * grows): a stream resumes after the version it last sent, so nothing is lost or sent twice.
   */
  readonly epoch: string;
  readonly counter: number;
  /** By instance id. */
  readonly parts: Readonly<Record<string, BridgePart>>;
}

/** Runs a command routed to this instance, for `principal`. */
export type CommandExecutor = (principal: string, command: BridgeCommand) => Promise<BridgeOutcome>;

/** What bridge instances share. */
export interface ElicitationBroker {
  /** Replaces this instance's part of the principal's view (`undefined` removes it) and tells its subscribers. */
  publish(principal: string, instanceId: string, part: BridgePart | undefined): Promise<void>;
  /** The principal's view now. */
  read(principal: string): Promise<BrokerView>;
  /** Calls `listener` after each publish for `principal`. Returns the unsubscribe function. */
  subscribe(principal: string, listener: () => void): () => void;
  /** Makes this instance the one `route` reaches under `instanceId`. Returns the function that stops it. */
  serve(instanceId: string, execute: CommandExecutor): () => void;
  /** Runs `command` on the instance holding its entry; `undefined` when no such instance serves. */
  route(instanceId: string, principal: string, command: BridgeCommand): Promise<BridgeOutcome | undefined>;
}

/**
 * The broker of one process: the parts in a map, listeners called in the same turn. Bridges created with
 * the same one act as instances behind a load balancer would (used to test the interface).
 */
export function createInProcessBroker(): ElicitationBroker {
  const epoch = randomId(2);
  // One counter for every principal: a principal's state may be dropped and come back without its
  // versions starting over (a stream holding an old version would then skip a change).
  let counter = 0;
  /** The arrival sequence, and each published entry's number in it by part (`principal NUL instance`). */
  let arrival = 0;
  const arrivals = new Map<string, Map<string, number>>();
  const parts = new Map<string, Map<string, BridgePart>>();
  const listeners = new Map<string, Set<() => void>>();
  const executors = new Map<string, CommandExecutor>();

  const view = (principal: string): BrokerView => ({
    epoch,
    counter,
    parts: Object.fromEntries(parts.get(principal) ?? []),
  });

  return {
    publish(principal, instanceId, part) {
      counter += 1;
      const mine = parts.get(principal) ?? new Map<string, BridgePart>();
      const key = `${principal}\u0000${instanceId}`;
      if (part === undefined) {
        mine.delete(instanceId);
        arrivals.delete(key);
      } else {
        const known = arrivals.get(key) ?? new Map<string, number>();
        const numbers = part.entries.map((entry) => known.get(entry.id) ?? (arrival += 1));
        arrivals.set(key, new Map(part.entries.map((entry, at) => [entry.id, numbers[at] ?? 0])));
        mine.set(instanceId, { ...part, arrivals: numbers });
      }
      if (mine.size === 0) parts.delete(principal);
      else parts.set(principal, mine);
      for (const listener of [...(listeners.get(principal) ?? [])]) listener();
      return Promise.resolve();
    },
    read(principal) {
      return Promise.resolve(view(principal));
    },
    subscribe(principal, listener) {
      const set = listeners.get(principal) ?? new Set();
      listeners.set(principal, set.add(listener));
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(principal) === set) listeners.delete(principal);
      };
    },
    serve(instanceId, execute) {
      executors.set(instanceId, execute);
      return () => {
        if (executors.get(instanceId) === execute) executors.delete(instanceId);
      };
    },
    route(instanceId, principal, command) {
      const execute = executors.get(instanceId);
      return execute === undefined ? Promise.resolve(undefined) : execute(principal, command);
    },
  };
}
