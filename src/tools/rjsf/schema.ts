/**
 * The copy of a tool's `inputSchema` that rjsf draws, rewritten where rjsf would misread it (anchor
 * references, tuples, const unions). Internal to `ToolCallForm`; each rewrite and its reason are in
 * `src/tools/README.md`, "The rjsf copy of a tool schema".
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

/** The titles of a const union's options, one per `enum` value (`null`: none). The kit's own: a server's is dropped. */
export const OPTION_TITLES = 'x-mek-option-titles';

/** The schema rjsf gets for a compiled tool `inputSchema`. */
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
 * Calls `visit` on every schema object (not data: values of `VALUE_KEYWORDS`) with its pointer, while it returns
 * `true`.
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
 * How many fields the form draws for `schema` before any list item is added: a lower bound (each place
 * counted once, however many `$ref`s point there), which is what a limit needs. Stops past `stopAbove`.
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
