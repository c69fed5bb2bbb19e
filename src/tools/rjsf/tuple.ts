/**
 * Tuples in a tool schema: arrays whose items are given position by position. Internal to
 * `ToolCallForm`, read in the schema's own dialect, as the kit's validator reads it:
 * - 2020-12: `prefixItems` are the positions; `items` (else `unevaluatedItems`) is the rule for
 *   the items after them;
 * - 2019-09 and draft-07: an `items` array is the positions; `additionalItems` (2019-09: else
 *   `unevaluatedItems`) is the rule for the items after them.
 * A keyword outside its dialect means nothing to the validator (`prefixItems` under draft-07),
 * so it means nothing here either.
 */
import type { RJSFSchema } from '@rjsf/utils';

import type { ToolSchemaDialect } from '../dialects.js';

/** What a tuple schema says about its items. */
export interface TupleShape {
  /** The schema of each position, in order. */
  positions: RJSFSchema[];
  /**
   * The rule for items after the positions: a schema (extra items are offered, each drawn with
   * it), `false` (none allowed: the tuple has a fixed length), or `undefined` (no rule, `true`
   * or `{}`: extra items are allowed, but the form does not offer to add any, since nothing says
   * what they are; the positions are what the tool describes).
   */
  rest: RJSFSchema | false | undefined;
  /** Positions below this (`minItems`) are required. */
  minItems: number;
  /** No more items than this (`maxItems`), when set. */
  maxItems: number | undefined;
}

/**
 * A position or item the schema does not describe (`true`, `{}`): drawn as rjsf draws a value
 * without a type, with a type picker. `{}` would draw nothing at all, leaving a position no one
 * can fill.
 */
export const FREE_FORM: RJSFSchema = { type: undefined };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEmptySchema(definition: unknown): boolean {
  return definition === true || (isRecord(definition) && Object.keys(definition).length === 0);
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** The tuple `schema` describes, or `undefined` when it is not one (in `dialect`). */
export function tupleShape(schema: RJSFSchema, dialect: ToolSchemaDialect): TupleShape | undefined {
  const record = schema as Record<string, unknown>;
  const modern = dialect === '2020-12';
  const positions = modern ? record.prefixItems : record.items;
  if (!Array.isArray(positions)) return undefined;
  const restKeyword = modern ? 'items' : 'additionalItems';
  // unevaluatedItems (2019-09 on) applies to the same items when nothing else evaluates them.
  const rest =
    restKeyword in record ? record[restKeyword] : dialect === 'draft-07' ? undefined : record.unevaluatedItems;
  return {
    positions: positions.map((position) => (isEmptySchema(position) ? FREE_FORM : isRecord(position) ? position : {})),
    rest: rest === false ? false : isRecord(rest) && !isEmptySchema(rest) ? rest : undefined,
    minItems: count(record.minItems) ?? 0,
    maxItems: count(record.maxItems),
  };
}

/**
 * The schema of item `index` of a tuple: its position's, else the rest rule's. Items the rule
 * does not describe (there only when the data came with them) are drawn free-form, so they can
 * be seen and removed.
 */
export function tupleItemSchema(tuple: TupleShape, index: number): RJSFSchema {
  return tuple.positions[index] ?? (tuple.rest || FREE_FORM);
}
