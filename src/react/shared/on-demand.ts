/**
 * A chunk loaded on first use (the URL views and round, the long selects' combobox, the reader of forms
 * of many options): fetched once, kept once it has arrived, fetched again by the next caller after a
 * failure (a network blip).
 */
import { useEffect, useState } from 'react';

export interface OnDemand<T> {
  /** Fetches it (once), resolving with what `prepare` made of the module. */
  load: () => Promise<T>;
  /** What has arrived, if anything: a component draws it in its first render. */
  get: () => T | undefined;
}

export function onDemand<M, T>(fetch: () => Promise<M>, prepare: (loaded: M) => T): OnDemand<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load: () =>
      (loading ??= fetch().then(
        (loaded) => (value = prepare(loaded)),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    get: () => value,
  };
}

/**
 * What `chunk` made, once it has arrived; while `wanted`, asks for it, and draws again when it arrives (after a
 * failure, again when `retry` changes).
 */
export function useOnDemand<T>(chunk: OnDemand<T>, wanted: boolean, retry?: unknown): T | undefined {
  // The value is kept in a box: a function (a component) handed to a state setter would be called as an updater.
  const [, setArrived] = useState<{ value: T }>();
  useEffect(() => {
    if (wanted && chunk.get() === undefined)
      chunk.load().then(
        (value) => setArrived({ value }),
        () => undefined,
      );
  }, [chunk, wanted, retry]);
  return chunk.get();
}
