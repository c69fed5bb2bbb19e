/**
 * `prepareOptions`: a form's long option lists read ahead in steps, so that reading 100,000 options is
 * spread over several tasks instead of one. Loaded with the first form of 10,000 options or more: a host
 * whose forms are shorter never fetches it. What it shares with the parse comes as `parse` (the kit
 * hands in `readAheadParts`), so that this chunk imports nothing and a bundler splits out no common one.
 */
import type { readAheadParts } from './schema.js';

/** What the reading shares with the parse: `readAheadParts`. */
export type ReadAheadParts = typeof readAheadParts;

/**
 * Reads every option list of a form request's schema as the parse will, pausing every few thousand
 * options (a step of the generator); the next parse of a list takes what was read. A form refused
 * before its options are read (too many fields or options) reads nothing, and a list spelled twice is
 * left to the parse, which refuses it.
 */
export function* prepareOptions(request: unknown, parse: ReadAheadParts): Generator<void, void> {
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
        yield* parse.readAheadInSteps(list, joinPath(at, spelled[0] as string), spelled[0] !== 'enum');
      }
    }
  }
}
