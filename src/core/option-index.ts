/**
 * Where a value sits in a list of options, for lists of up to 100,000: parse finds repeated values with
 * it, and checks, option order and the list widgets look values up in it. Texts go in an open-addressing
 * table of indexes (one typed array): building a `Map` of 100,000 texts cost 4-5 times as much, most
 * of a mount.
 */

/** A value's index in its list (the first, if it repeats), or -1. */
export type OptionFinder = (value: unknown) => number;

/**
 * How many values or options a step reads: a huge list is read over several tasks (`prepareOptions`),
 * about 2,000 options per few milliseconds, so no task a person waits on grows with the list.
 */
export const STEP = 2048;

/** Runs `steps` to the end at once: what a caller that may not wait gets. */
export function finish<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Indexes the `count` values `valueAt` reads, pausing every `STEP` values; equality is a `Map`'s
 * (SameValueZero). A value found at another index than its own repeats one before it. Other values
 * than text, and texts that probe too long (crafted hash collisions: a hostile list must not cost its
 * square), go to a `Map`.
 */
export function* indexInSteps(count: number, valueAt: (at: number) => unknown): Generator<void, OptionFinder> {
  // At least twice as many slots as values: a lookup probes about 1.5 slots on average, a miss 2.5.
  let size = 2;
  while (size < 2 * count) size *= 2;
  // Index + 1 of the value in each slot; 0 is an empty slot.
  const table = new Int32Array(size);
  let steps = 0;
  const slotOf = (text: string): number => {
    // FNV-1a over UTF-16 code units: a few operations per character, and low bits (which pick the slot) well mixed.
    let slot = 0x811c9dc5;
    for (let at = 0; at < text.length; at++) slot = Math.imul(slot ^ text.charCodeAt(at), 0x01000193);
    for (let held; (held = table[(slot &= size - 1)] as number) > 0 && valueAt(held - 1) !== text; steps++) slot++;
    return slot;
  };
  for (let at = 0; at < count; at++) {
    if (at % STEP === STEP - 1) yield;
    const value = valueAt(at);
    if (typeof value !== 'string' || steps > 8 * count) {
      const map = new Map<unknown, number>();
      // From the end, so that the first of equal values is the one kept.
      for (at = count; at-- > 0;) {
        if (at % STEP === 0) yield;
        map.set(valueAt(at), at);
      }
      return (value) => map.get(value) ?? -1;
    }
    table[slotOf(value)] ||= at + 1;
  }
  return (value) => (typeof value === 'string' ? (table[slotOf(value)] as number) - 1 : -1);
}

/** `indexInSteps` at once. */
export const indexValues = (count: number, valueAt: (at: number) => unknown): OptionFinder =>
  finish(indexInSteps(count, valueAt));

/**
 * One finder per option list (a WeakMap on the array): parse keeps the one it built for the options it
 * read, whose values are the ones it indexed, so the kit's widgets and checks never index a list twice.
 */
export const finders = new WeakMap<readonly object[], OptionFinder>();

/** The finder of a list of options, built on first use (or kept by parse in `finders`). */
export function optionIndex(options: readonly { value: unknown }[]): OptionFinder {
  let find = finders.get(options);
  if (!find) finders.set(options, (find = indexValues(options.length, (at) => options[at]?.value)));
  return find;
}
