/**
 * A bound on each command sent to Redis, kept by one timer for all of them. node-redis 6 bounds each command
 * with an `AbortSignal.timeout` of its own (5 s by default), which costs more than the command's round trip
 * on loopback; here a command in flight costs an entry in a map, and the one timer is set for the oldest
 * deadline only when none is set (it fires at most once per bound while commands keep coming).
 */

import type { RedisClientLike, RedisMultiLike } from './redis-broker.js';

/** Bounds on commands, each `ms` from when it was sent. */
export interface Deadlines {
  /** `work`, or a rejection with `expired()` when it has not settled `ms` after now. */
  bound<T>(work: Promise<T>): Promise<T>;
  /** Clears the timer: what is still in flight is no longer bounded (its connection is closing). */
  close(): void;
}

/** Deadlines `ms` after each command; `now` is the clock they are read on (injected by tests). */
export function createDeadlines(ms: number, expired: () => Error, now: () => number = Date.now): Deadlines {
  /** Commands in flight by number, so in the order they were sent: the first holds the nearest deadline. */
  const inFlight = new Map<number, { at: number; reject: (error: Error) => void }>();
  let sent = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const arm = (at: number) => {
    timer = setTimeout(sweep, Math.max(0, at - now()));
    // A bound never keeps a process alive (node-redis's AbortSignal.timeout does not either).
    (timer as { unref?: () => void }).unref?.();
  };
  const sweep = () => {
    timer = undefined;
    const time = now();
    for (const [number, command] of inFlight) {
      if (command.at > time) {
        arm(command.at);
        return;
      }
      inFlight.delete(number);
      command.reject(expired());
    }
  };
  return {
    bound(work) {
      if (closed) return work;
      const number = (sent += 1);
      const at = now() + ms;
      return new Promise((resolve, reject) => {
        inFlight.set(number, { at, reject });
        if (timer === undefined) arm(at);
        work.then(
          (value) => {
            inFlight.delete(number);
            resolve(value);
          },
          (error: unknown) => {
            inFlight.delete(number);
            // What the command failed with, as it is (node-redis rejects with Errors).
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
    },
    close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      inFlight.clear();
    },
  };
}

/** `client` with each command and each MULTI block bounded by `deadlines`; the rest of it as it is. */
export function withDeadlines(client: RedisClientLike, deadlines: Deadlines): RedisClientLike {
  return {
    get isOpen() {
      return client.isOpen;
    },
    connect: () => client.connect(),
    duplicate: () => client.duplicate(),
    sendCommand: (args) => deadlines.bound(client.sendCommand(args)),
    multi: () => {
      const multi = client.multi();
      const bounded: RedisMultiLike = {
        addCommand: (args) => (multi.addCommand(args), bounded),
        exec: () => deadlines.bound(multi.exec()),
      };
      return bounded;
    },
    subscribe: (channel, listener) => client.subscribe(channel, listener),
    unsubscribe: (channel, listener) => client.unsubscribe(channel, listener),
    close: () => client.close(),
    on: (event, listener) => client.on(event, listener),
  };
}
