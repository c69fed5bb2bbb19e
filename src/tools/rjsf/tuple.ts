/** Tuples in a tool schema, read in the schema's own dialect (`src/tools/README.md`). Internal to `ToolCallForm`. */
import type { RJSFSchema } from '@rjsf/utils';

import type { ToolSchemaDialect } from '../dialects.js';

/** What a tuple schema says about its items. */
export interface TupleShape {
  positions: RJSFSchema[];
  /**
   * The rule for items after the positions: a schema, `false` (fixed length), or `undefined` (`true`/`{}`:
   * extras are allowed, but not offered, since nothing says what they are).
   */
  rest: RJSFSchema | false | undefined;
  /** Positions below this (`minItems`) are required. */
  minItems: number;
  maxItems: number | undefined;
}

/** A position the schema does not describe, drawn with rjsf's type picker: `{}` would draw nothing to fill. */
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

/** Item `index`'s schema; items no rule describes (only when the data came with them) are free-form, to be removed. */
export function tupleItemSchema(tuple: TupleShape, index: number): RJSFSchema {
  return tuple.positions[index] ?? (tuple.rest || FREE_FORM);
}
