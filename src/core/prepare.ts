/**
 * `prepareOptions`: a form's long option lists read ahead in steps, so that reading 100,000 options is
 * spread over several tasks instead of one. Loaded with the first form of 10,000 options or more: a host
 * whose forms are shorter never fetches it. What it shares with the parse comes as `parse` (the kit
 * hands in `readAheadParts`), so that this chunk imports nothing and a bundler splits out no common one.
 */
import type { hasHiddenCharacters } from './visible-text.js';
import type { judgedAhead, lookalikeKey } from './lookalike-text.js';
import type { readAheadParts } from './schema.js';

/** What the reading shares with the parse: `readAheadParts`. */
export type ReadAheadParts = typeof readAheadParts;

/** What the reading shares with the option widgets' look-alike check (`lookalikesOf`). */
export interface LookalikeParts {
  lookalikeKey: typeof lookalikeKey;
  hasHiddenCharacters: typeof hasHiddenCharacters;
  judgedAhead: typeof judgedAhead;
}

/**
 * `lookalikeOptions` of `options`' titles, pausing every `step` options, kept in `judgedAhead` for this very
 * list: the list's widget then compares no title in the task that draws it.
 */
function* judgeInSteps(
  options: readonly { label: unknown }[],
  { lookalikeKey, hasHiddenCharacters, judgedAhead }: LookalikeParts,
  step: number,
): Generator<void, void> {
  const keys: string[] = [];
  const counts = new Map<string, number>();
  for (const option of options) {
    const key = lookalikeKey(String(option.label));
    keys.push(key);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (keys.length % step === 0) yield;
  }
  const flags: boolean[] = [];
  for (const [index, option] of options.entries()) {
    flags.push((counts.get(keys[index] ?? '') ?? 0) > 1 || hasHiddenCharacters(String(option.label)));
    if ((index + 1) % step === 0) yield;
  }
  judgedAhead.set(options, flags);
}

/**
 * Reads every option list of a form request's schema as the parse will, pausing every few thousand
 * options (a step of the generator); the next parse of a list takes what was read, and with `judge` the
 * list's widget takes its titles compared for look-alikes. A form refused before its options are read (too
 * many fields or options) reads nothing, and a list spelled twice is left to the parse, which refuses it.
 */
export function* prepareOptions(
  request: unknown,
  parse: ReadAheadParts,
  judge?: LookalikeParts,
): Generator<void, void> {
  const { isRecord, hasOwn, joinPath } = parse;
  const schema = isRecord(request) ? request.requestedSchema : undefined;
  if (parse.optionsToRead(request) === 0 || !isRecord(schema) || !isRecord(schema.properties)) return;
  for (const [key, property] of Object.entries(schema.properties)) {
    if (!isRecord(property)) continue;
    const path = joinPath('properties', key);
    for (const [owner, at] of [
      [property, path],
      [property.items, joinPath(path, 'items')],
    ] as const) {
      if (!isRecord(owner)) continue;
      const spelled = parse.OPTION_KEYWORDS.filter((keyword) => hasOwn(owner, keyword));
      const list = owner[spelled[0] ?? 'enum'];
      if (spelled.length === 1 && Array.isArray(list)) {
        const options = yield* parse.readAheadInSteps(list, joinPath(at, spelled[0] as string), spelled[0] !== 'enum');
        // The titles compared as the list's widget will (`judge`), in steps too, for the list the parse takes.
        if (options !== undefined && judge !== undefined) yield* judgeInSteps(options, judge, parse.STEP);
      }
    }
  }
}
