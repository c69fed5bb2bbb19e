/**
 * The copy of a tool's `inputSchema` that rjsf draws. Internal to `ToolCallForm`.
 *
 * The kit's compiler has already accepted the schema (local references only, within limits), so
 * it is a bounded JSON tree. rjsf resolves references itself, with JSON Pointers only; it throws
 * "Invalid JSON pointer" on `"$ref": "#name"`. So the copy:
 * - names the root `$schema` as Ajv registered it (rjsf's Ajv looks meta-schemas up by exact spelling);
 * - turns every anchor reference (`$anchor`, `$dynamicAnchor`, draft-07 `"$id": "#name"`) into the
 *   JSON Pointer of its target;
 * - turns `$dynamicRef` / `$recursiveRef` into a plain `$ref` to the same place, which is how rjsf
 *   can draw it (the kit's own validator, which decides what is sent, still reads them as written);
 * - gives a tuple without a `type` the type `array`, so rjsf draws it as one (it guesses a type
 *   from `properties`, never from `prefixItems` or an `items` array);
 * - gives a 2020-12 tuple (`prefixItems`) what rjsf needs to pre-fill it, since rjsf reads only the
 *   draft-07 spelling: the positions' defaults become the tuple's `default` (unless it has one),
 *   and its rest rule moves from `items` to `unevaluatedItems`, which means the same beside
 *   `prefixItems` (and is where `tupleShape` reads it), so rjsf no longer fills empty positions
 *   with the rest rule's default;
 * - turns titled options (a `oneOf`/`anyOf` of `{ const, title }`) into an `enum` of the consts, as
 *   the compiler does (`rewriteConstUnions`), with the titles beside it under `OPTION_TITLES`, where
 *   the form's select reads them: rjsf would otherwise match the value against every branch with
 *   Ajv on each change (a 100,000-option union never finishes), and Ajv's stack overflows on a few
 *   thousand branches anyway.
 */
import type { RJSFSchema } from '@rjsf/utils';

import { rewriteConstUnions } from '../const-union.js';
import { CANONICAL_DIALECT_URIS, type ToolSchemaDialect } from '../dialects.js';
import { tupleShape } from './tuple.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** `#name` (a plain-name fragment), not `#` or a JSON Pointer `#/…`. */
function anchorName(reference: string): string | undefined {
  return /^#[A-Za-z_][-A-Za-z0-9._]*$/.test(reference) ? reference.slice(1) : undefined;
}

/**
 * The keyword of the rjsf copy that holds the titles of options written as a const union, one per
 * `enum` value (`null`: no title). The kit's own: one a server sent is dropped from the copy.
 */
export const OPTION_TITLES = 'x-mek-option-titles';

/** The schema rjsf gets for a compiled tool `inputSchema` (see the file comment). */
export function rjsfToolSchema(inputSchema: Record<string, unknown>, dialect: ToolSchemaDialect): RJSFSchema {
  const parsed: unknown = JSON.parse(JSON.stringify(inputSchema));
  forEachSchemaObject(parsed, (object) => {
    Reflect.deleteProperty(object, OPTION_TITLES);
    return true;
  });
  const copy = rewriteConstUnions(parsed, (schema, union) => {
    schema[OPTION_TITLES] = union.titles.map((title) => title ?? null);
  });
  if (!isRecord(copy)) return {};
  if (typeof copy.$schema === 'string') copy.$schema = CANONICAL_DIALECT_URIS[dialect];
  const objects: [Record<string, unknown>, string][] = [];
  forEachSchemaObject(copy, (object, pointer) => {
    objects.push([object, pointer]);
    return true;
  });
  const anchors = new Map<string, string>();
  for (const [object, pointer] of objects) {
    for (const keyword of ['$anchor', '$dynamicAnchor']) {
      const name = object[keyword];
      if (typeof name === 'string' && !anchors.has(name)) anchors.set(name, pointer);
    }
    const id = object.$id;
    const name = dialect === 'draft-07' && typeof id === 'string' ? anchorName(id) : undefined;
    if (name !== undefined && !anchors.has(name)) anchors.set(name, pointer);
  }
  for (const [object] of objects) {
    for (const keyword of ['$ref', '$dynamicRef', '$recursiveRef']) {
      const reference = object[keyword];
      if (typeof reference !== 'string') continue;
      const name = anchorName(reference);
      const target = name === undefined ? reference : anchors.has(name) ? `#${anchors.get(name) ?? ''}` : reference;
      if (keyword !== '$ref') Reflect.deleteProperty(object, keyword);
      if (object.$ref === undefined || keyword === '$ref') object.$ref = target;
    }
  }
  for (const [object] of objects) readableTuple(object, dialect);
  return copy;
}

/** A tuple, made readable to rjsf (see the file comment). */
function readableTuple(object: Record<string, unknown>, dialect: ToolSchemaDialect): void {
  const tuple = tupleShape(object, dialect);
  if (tuple === undefined) return;
  if (!('type' in object)) object.type = 'array';
  if (dialect !== '2020-12') return;
  if ('items' in object && !('unevaluatedItems' in object)) {
    object.unevaluatedItems = object.items;
    delete object.items;
  }
  if ('default' in object) return;
  const defaults = tuple.positions.map((position) => ('default' in position ? position.default : undefined));
  let length = defaults.length;
  while (length > 0 && defaults[length - 1] === undefined) length -= 1;
  if (length > 0) object.default = defaults.slice(0, length);
}

/** Keywords whose values are data, not schemas: a `properties` key inside them draws nothing. */
const VALUE_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

/**
 * Calls `visit` on every object of the tree that is a schema, not data (values of
 * `VALUE_KEYWORDS`: an anchor or a `$ref` key in a `default` is data too), with its JSON Pointer,
 * while it returns `true` (whether to go on); iterative.
 */
function forEachSchemaObject(
  root: unknown,
  visit: (object: Record<string, unknown>, pointer: string) => boolean,
): void {
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length > 0) {
    const [value, pointer] = stack.pop() as [unknown, string];
    if (Array.isArray(value)) {
      // One at a time: spreading a long array (a `required` of 1,000,000 names) into push() throws.
      value.forEach((item: unknown, index) => {
        if (typeof item === 'object' && item !== null) stack.push([item, `${pointer}/${index}`]);
      });
      continue;
    }
    if (!isRecord(value)) continue;
    if (!visit(value, pointer)) return;
    for (const [key, child] of Object.entries(value)) {
      if (!VALUE_KEYWORDS.has(key) && typeof child === 'object') stack.push([child, `${pointer}/${escapeToken(key)}`]);
    }
  }
}

/**
 * How many fields the form draws for `schema` before anyone adds a list item: every property of
 * every `properties`, and every tuple position (`prefixItems`, a draft-07 `items` array), wherever
 * they sit. Counted once each, also when several `$ref`s point there: a lower bound, which is what
 * a limit needs. Iterative; stops counting past `stopAbove`.
 */
export function countFormFields(schema: unknown, stopAbove: number): number {
  let count = 0;
  forEachSchemaObject(schema, (object) => {
    if (isRecord(object.properties)) count += Object.keys(object.properties).length;
    if (Array.isArray(object.prefixItems)) count += object.prefixItems.length;
    if (Array.isArray(object.items)) count += object.items.length;
    return count <= stopAbove;
  });
  return count;
}
