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
  /** When each notice was first published, index by index, from the same sequence as `arrivals` (set by the broker). */
  readonly noticeArrivals: readonly number[];
  /** Unsent form drafts of this part's entries, by entry id. */
  readonly drafts: Readonly<Record<string, Draft>>;
  /**
   * Entries (of any instance) whose answer this instance sent on and whose outcome is not known yet: every
   * stream shows them as `sending`.
   */
  readonly sending?: readonly string[];
  /** Entries (of any instance) this instance learned were answered: hidden even before their holder's part says so. */
  readonly delivered?: readonly string[];
}

/** A part as a bridge publishes it: the broker numbers its entries and notices (what is passed is replaced). */
export type PublishedPart = Omit<BridgePart, 'arrivals' | 'noticeArrivals'> &
  Partial<Pick<BridgePart, 'arrivals' | 'noticeArrivals'>>;

/** Every instance's part of one principal's view, and its version. */
export interface BrokerView {
  /**
   * The principal's version: changes on every publish for this principal, never repeats (an `epoch` of
   * the principal's sequence and a `counter` that only grows within it), and says nothing of other
   * principals. A stream resumes after the version it last sent, so nothing is lost or sent twice.
   */
  readonly epoch: string;
  readonly counter: number;
  /** By instance id. */
  readonly parts: Readonly<Record<string, BridgePart>>;
}

/**
 * Runs a command routed to this instance, for `principal`. For an answer, a broker that fences answers (Redis)
 * passes `commit`: the executor checks that the answer would apply, calls `commit()`, and applies it only
 * if that resolves `true`, with nothing awaited in between; `false` means the answer is withdrawn or another
 * one holds the entry, and it must never be applied. The broker records the commit before the answer
 * leaves the instance, so what its sender reports is what the MCP server receives.
 */
export type CommandExecutor = (
  principal: string,
  command: BridgeCommand,
  commit?: () => Promise<boolean>,
) => Promise<BridgeOutcome>;

/** What bridge instances share. */
export interface ElicitationBroker {
  /**
   * Replaces this instance's part of the principal's view (`undefined` removes it) and tells its
   * subscribers; a part the same as the one this instance published last changes nothing and tells no one.
   */
  publish(principal: string, instanceId: string, part: PublishedPart | undefined): Promise<void>;
  /** The principal's view now. */
  read(principal: string): Promise<BrokerView>;
  /** Calls `listener` after each publish for `principal`. Returns the unsubscribe function. */
  subscribe(principal: string, listener: () => void): () => void;
  /** Makes this instance the one `route` reaches under `instanceId`. Returns the function that stops it. */
  serve(instanceId: string, execute: CommandExecutor): () => void;
  /**
   * Runs `command` on the instance holding its entry; `undefined` when no such instance serves. A broker
   * may answer an answer with `{ status: 'sending' }` while its outcome is not known yet (the holder is
   * slow): it then calls `later` once with the outcome that stands (`answered`, or `ignored` when the answer
   * was withdrawn and will never be applied). Without `later` it never answers `sending`.
   */
  route(
    instanceId: string,
    principal: string,
    command: BridgeCommand,
    later?: (outcome: BridgeOutcome) => void,
  ): Promise<BridgeOutcome | undefined>;
}

/**
 * The broker of one process: the parts in a map, listeners called in the same turn. Bridges created with
 * the same one act as instances behind a load balancer would (used to test the interface).
 */
export function createInProcessBroker(): ElicitationBroker {
  /**
   * Each principal's version. A principal with no part and no listener is forgotten; coming back, it gets a
   * new epoch, so a stream holding an old version gets the whole view again instead of skipping a change.
   */
  const versions = new Map<string, { epoch: string; counter: number }>();
  /** The arrival sequence, and each published entry's and notice's number in it by part (`principal NUL instance`). */
  let arrival = 0;
  const arrivals = new Map<string, Map<string, number>>();
  /** What each part was last published as (JSON, before numbering): the same again is no change. */
  const published = new Map<string, string>();
  const parts = new Map<string, Map<string, BridgePart>>();
  const listeners = new Map<string, Set<() => void>>();
  const executors = new Map<string, CommandExecutor>();

  const versionOf = (principal: string) => {
    const known = versions.get(principal);
    if (known !== undefined) return known;
    const created = { epoch: randomId(2), counter: 0 };
    versions.set(principal, created);
    return created;
  };
  const forget = (principal: string) => {
    if (!parts.has(principal) && !listeners.has(principal)) versions.delete(principal);
  };

  return {
    publish(principal, instanceId, part) {
      const key = `${principal}\u0000${instanceId}`;
      const text = part === undefined ? undefined : JSON.stringify({ ...part, arrivals: [], noticeArrivals: [] });
      if (published.get(key) === text) return Promise.resolve();
      const mine = parts.get(principal) ?? new Map<string, BridgePart>();
      if (part === undefined || text === undefined) {
        published.delete(key);
        mine.delete(instanceId);
        arrivals.delete(key);
      } else {
        published.set(key, text);
        const known = arrivals.get(key) ?? new Map<string, number>();
        const number = (id: string) => known.get(id) ?? (arrival += 1);
        const numbers = part.entries.map((entry) => number(entry.id));
        const noticeNumbers = part.notices.map((notice) => number(notice.id));
        const ids = [...part.entries.map((entry) => entry.id), ...part.notices.map((notice) => notice.id)];
        const all = [...numbers, ...noticeNumbers];
        arrivals.set(key, new Map(ids.map((id, at) => [id, all[at] ?? 0])));
        mine.set(instanceId, { ...part, arrivals: numbers, noticeArrivals: noticeNumbers });
      }
      if (mine.size === 0) parts.delete(principal);
      else parts.set(principal, mine);
      versionOf(principal).counter += 1;
      forget(principal);
      for (const listener of [...(listeners.get(principal) ?? [])]) listener();
      return Promise.resolve();
    },
    read(principal) {
      const version = versionOf(principal);
      const view = { ...version, parts: Object.fromEntries(parts.get(principal) ?? []) };
      forget(principal);
      return Promise.resolve(view);
    },
    subscribe(principal, listener) {
      const set = listeners.get(principal) ?? new Set();
      listeners.set(principal, set.add(listener));
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(principal) === set) listeners.delete(principal);
        forget(principal);
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
