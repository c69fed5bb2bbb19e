/**
 * From the tool form's data to the arguments it submits, walked along the schema as rjsf draws it (the
 * picked option of a union), and from the validator's issues back to the fields that show them. An empty
 * field is omitted, never sent as `""` (MCP 2025-11-25, "Elicitation" → "Response Actions"). The rules: `../README.md`.
 */
import {
  ERRORS_KEY,
  getDiscriminatorFieldFromSchema,
  mergeSchemas,
  type ErrorSchema,
  type FieldPathList,
  type RJSFSchema,
  type SchemaUtilsType,
} from '@rjsf/utils';

import { localDateTimeToRfc3339 } from '../../shared/date-time.js';
import { readNumberText } from '../../shared/numbers.js';
import type { ToolSchemaDialect } from '../dialects.js';
import { formRegExp, type SchemaIssue } from '../tool-schema.js';
import { tupleItemSchema, tupleShape, type TupleShape } from './tuple.js';

/** The form data of the tool form: the arguments object as rjsf holds it. */
export type ToolFormData = Record<string, unknown>;

/** The suffix rjsf gives the id of the option selector of a `oneOf` / `anyOf` field. */
export const OPTION_SELECTOR_SUFFIX = { oneOf: '__oneof_select', anyOf: '__anyof_select' } as const;

/** What the form shows at one place of the arguments. */
export interface ArgumentNode {
  path: FieldPathList;
  /** The schema the form shows there: references resolved, the picked option merged in. */
  schema: RJSFSchema;
  /** The value submitted there (`undefined` when omitted). */
  value: unknown;
  /** Set when rjsf draws an option selector here (a `oneOf`/`anyOf` that is not an enum). */
  union?: 'oneOf' | 'anyOf';
  tuple?: TupleShape;
}

/** The outcome of `toArguments`. */
export interface ArgumentsWalk {
  args: Record<string, unknown>;
  /** Problems found while reading the form (number text that is not a number, a skipped local time). */
  issues: SchemaIssue[];
  /** JSON Pointer into `args` → what the form shows there. */
  nodes: Map<string, ArgumentNode>;
}

/** What `toArguments` needs besides the data. */
export interface WalkContext {
  schemaUtils: SchemaUtilsType<ToolFormData>;
  idPrefix: string;
  /** Option selector id → the option index it shows (what the person picked). */
  chosenOptions: ReadonlyMap<string, number>;
  notANumber: string;
  dialect: ToolSchemaDialect;
  tupleGap: string;
}

const OMIT = Symbol('omit');

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asSchema(definition: unknown): RJSFSchema {
  return isRecord(definition) ? definition : {};
}

// RFC 6901 escaping.
function joinPointer(base: string, token: string | number): string {
  return `${base}/${String(token).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** Splits a JSON Pointer into its tokens (`""` → `[]`). */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The rjsf id of the field at `path`, as rjsf builds it. */
export function fieldId(idPrefix: string, path: FieldPathList): string {
  return [idPrefix, ...path].join('_');
}

function typesOf(schema: RJSFSchema): string[] {
  const type: unknown = schema.type;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((item): item is string => typeof item === 'string') : [];
}

function jsonTypesOf(value: unknown): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['number', 'integer'] : ['number'];
  return [typeof value];
}

// Where the schema offers `""` (an option, a `const`), `""` is an answer, not emptiness.
function offersEmptyString(schema: RJSFSchema): boolean {
  if (schema.const === '') return true;
  if (Array.isArray(schema.enum) && schema.enum.includes('')) return true;
  const options = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  return options.some((option) => isRecord(option) && option.const === '');
}

/** For a union, the option picked in its selector, else rjsf's own closest match, merged into the rest. */
function shownSchema(
  definition: unknown,
  value: unknown,
  path: FieldPathList,
  context: WalkContext,
): Pick<ArgumentNode, 'schema' | 'union'> {
  const { schemaUtils } = context;
  const data = value as ToolFormData;
  let shown = schemaUtils.retrieveSchema(asSchema(definition), data);
  let union: ArgumentNode['union'];
  // A picked option may itself be a union; rjsf draws at most a few levels, so a few are enough.
  for (let level = 0; level < 4; level++) {
    const keyword = Array.isArray(shown.oneOf) ? 'oneOf' : Array.isArray(shown.anyOf) ? 'anyOf' : undefined;
    if (keyword === undefined || schemaUtils.isSelect(shown)) break;
    if (level === 0) union = keyword;
    const options = (shown[keyword] ?? []).map((option) => schemaUtils.retrieveSchema(asSchema(option), data));
    const { [keyword]: _union, ...rest } = shown;
    // rjsf gives a nested union's selector the same id, so only the outer level is read from it.
    const picked =
      level === 0
        ? context.chosenOptions.get(`${fieldId(context.idPrefix, path)}${OPTION_SELECTOR_SUFFIX[keyword]}`)
        : undefined;
    const index =
      picked ?? schemaUtils.getClosestMatchingOption(data, options, 0, getDiscriminatorFieldFromSchema(shown));
    const option = options[index];
    if (option === undefined) return { schema: rest, union };
    shown = schemaUtils.retrieveSchema(mergeSchemas(rest, option), data);
  }
  return { schema: shown, union };
}

function propertySchema(schema: RJSFSchema, key: string): unknown {
  const properties = schema.properties;
  if (isRecord(properties) && Object.prototype.hasOwnProperty.call(properties, key)) return properties[key];
  const patterns = schema.patternProperties;
  if (isRecord(patterns)) {
    for (const [pattern, subschema] of Object.entries(patterns)) {
      try {
        // Matched as the validator matches it (linear time; a pattern left to the server applies).
        if (formRegExp(pattern, 'u').test(key)) return subschema;
      } catch {
        // A pattern the browser cannot compile matched nothing in the validator either.
      }
    }
  }
  return isRecord(schema.additionalProperties) ? schema.additionalProperties : {};
}

function isEmptyContainer(value: unknown): boolean {
  return (Array.isArray(value) && value.length === 0) || (isRecord(value) && Object.keys(value).length === 0);
}

/** Reads number text as the elicitation theme does. */
export { readNumberText };

function walk(
  value: unknown,
  definition: unknown,
  pointer: string,
  path: FieldPathList,
  out: ArgumentsWalk,
  context: WalkContext,
): unknown {
  const shown = shownSchema(definition, value, path, context);
  const node: ArgumentNode = { path, value: undefined, ...shown };
  out.nodes.set(pointer, node);
  const result = walkValue(value, shown.schema, pointer, path, out, context);
  node.value = result === OMIT ? undefined : result;
  return result;
}

function walkValue(
  value: unknown,
  schema: RJSFSchema,
  pointer: string,
  path: FieldPathList,
  out: ArgumentsWalk,
  context: WalkContext,
): unknown {
  if (value === undefined) return OMIT;
  if (typeof value === 'string') {
    if (value === '' && !offersEmptyString(schema)) return OMIT;
    const types = typesOf(schema);
    if (
      types.length > 0 &&
      !types.includes('string') &&
      types.some((type) => type === 'number' || type === 'integer')
    ) {
      // Text that is not (yet) a number is an issue here, never coerced.
      const read = readNumberText(value);
      if (read === undefined) return OMIT;
      if (typeof read === 'number') return read;
      out.issues.push({ pointer, keyword: 'type', message: context.notANumber });
      return value;
    }
    if (schema.format === 'date-time') {
      const converted = localDateTimeToRfc3339(value);
      if (typeof converted === 'string') return converted;
      if (converted !== undefined) out.issues.push({ pointer, keyword: 'format', message: converted.message });
    }
    return value;
  }
  if (Array.isArray(value)) {
    const tuple = tupleShape(schema, context.dialect);
    if (tuple) return walkTuple(value, tuple, pointer, path, out, context);
    const items: unknown[] = [];
    value.forEach((item, index) => {
      // Omitted items close up, so the pointer is the item's place in what is sent.
      const child = walk(item, schema.items, joinPointer(pointer, items.length), [...path, index], out, context);
      if (child !== OMIT) items.push(child);
    });
    return items;
  }
  if (isRecord(value)) {
    const object: Record<string, unknown> = {};
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    for (const key of Object.keys(value)) {
      const child = walk(
        value[key],
        propertySchema(schema, key),
        joinPointer(pointer, key),
        [...path, key],
        out,
        context,
      );
      if (child === OMIT) continue;
      if (!required.has(key) && isEmptyContainer(child)) continue;
      // defineProperty: a key named "__proto__" stays a plain key.
      Object.defineProperty(object, key, { value: child, enumerable: true, writable: true, configurable: true });
    }
    return object;
  }
  return value;
}

/**
 * A tuple is sent up to its last filled position (README). An empty position before a filled one is a gap,
 * sent as `null` so every later value keeps its index: a JSON array has no holes.
 */
function walkTuple(
  value: readonly unknown[],
  tuple: TupleShape,
  pointer: string,
  path: FieldPathList,
  out: ArgumentsWalk,
  context: WalkContext,
): unknown[] {
  const count = tuple.positions.length;
  const node = out.nodes.get(pointer);
  if (node) node.tuple = tuple;
  const positions: unknown[] = [];
  const extras: unknown[] = [];
  // An index loop, not forEach: the form data may have holes (a later position set first).
  for (let index = 0; index < value.length; index++) {
    const schema = tupleItemSchema(tuple, index);
    if (index < count) {
      positions.push(walk(value[index], schema, joinPointer(pointer, index), [...path, index], out, context));
      continue;
    }
    const child = walk(
      value[index],
      schema,
      joinPointer(pointer, count + extras.length),
      [...path, index],
      out,
      context,
    );
    if (child !== OMIT) extras.push(child);
  }
  const filled = (index: number): boolean => {
    const child = index < positions.length ? positions[index] : OMIT;
    return child !== OMIT && (index < tuple.minItems || !isEmptyContainer(child));
  };
  const isBox = (index: number): boolean => {
    const shown =
      out.nodes.get(joinPointer(pointer, index))?.schema ??
      context.schemaUtils.retrieveSchema(tupleItemSchema(tuple, index));
    const types = typesOf(shown);
    return types.length === 1 && types[0] === 'boolean';
  };
  let length = extras.length > 0 ? count : 0;
  for (let index = count - 1; length === 0 && index >= 0; index--) if (filled(index)) length = index + 1;
  const items: unknown[] = [];
  for (let index = 0; index < length; index++) {
    if (filled(index)) items.push(positions[index]);
    else if (isBox(index)) items.push(false);
    else {
      out.issues.push({ pointer: joinPointer(pointer, index), keyword: '$gap', message: context.tupleGap });
      items.push(null);
    }
  }
  for (let index = length; index < Math.min(tuple.minItems, count) && isBox(index); index++) items.push(false);
  return [...items, ...extras];
}

/** The arguments the form data stands for, and where each place of them is shown (to place issues). */
export function toArguments(formData: unknown, rootSchema: RJSFSchema, context: WalkContext): ArgumentsWalk {
  const out: ArgumentsWalk = { args: {}, issues: [], nodes: new Map() };
  const result = walk(formData, rootSchema, '', [], out, context);
  out.args = isRecord(result) ? result : {};
  return out;
}

/** An issue with the place of the form that shows it. */
export interface LocatedIssue {
  issue: SchemaIssue;
  /** The rjsf path of the nearest field that shows this place; `[]` is the whole form. */
  path: FieldPathList;
  /** Set for a union's selector: rjsf hands its errors to the picked option too, so only the summary shows it. */
  union?: 'oneOf' | 'anyOf';
}

const COMPOSITE_KEYWORDS: ReadonlySet<string> = new Set(['oneOf', 'anyOf', 'if']);

// A value that passes its node's own `keyword` got that issue from another option.
function passesOwnKeyword(node: ArgumentNode, keyword: string): boolean {
  const { schema, value } = node;
  if (keyword === 'type') {
    const types = typesOf(schema);
    return types.length > 0 && jsonTypesOf(value).some((type) => types.includes(type));
  }
  if (keyword === 'const') return Object.prototype.hasOwnProperty.call(schema, 'const') && schema.const === value;
  if (keyword === 'enum') return Array.isArray(schema.enum) && schema.enum.some((option) => option === value);
  return false;
}

function pointerOf(tokens: readonly string[]): string {
  return tokens.reduce<string>((base, token) => joinPointer(base, token), '');
}

function unionOf(schema: RJSFSchema, schemaUtils: WalkContext['schemaUtils']): 'oneOf' | 'anyOf' | undefined {
  const resolved = schemaUtils.retrieveSchema(schema);
  if (schemaUtils.isSelect(resolved)) return undefined;
  return Array.isArray(resolved.oneOf) ? 'oneOf' : Array.isArray(resolved.anyOf) ? 'anyOf' : undefined;
}

// A missing property goes to its place in its parent; `declared: false` marks one only another option asks for.
function placeOf(
  pointer: string,
  nodes: ReadonlyMap<string, ArgumentNode>,
  schemaUtils: WalkContext['schemaUtils'],
): Omit<LocatedIssue, 'issue'> & { declared: boolean } {
  const node = nodes.get(pointer);
  if (node) return { path: node.path, union: node.union, declared: true };
  const tokens = pointerTokens(pointer);
  const key = tokens.pop();
  const parent = key === undefined ? undefined : nodes.get(pointerOf(tokens));
  if (parent && key !== undefined) {
    const { schema } = parent;
    const declared =
      (Array.isArray(schema.required) && schema.required.includes(key)) ||
      (isRecord(schema.properties) && Object.prototype.hasOwnProperty.call(schema.properties, key));
    return {
      path: [...parent.path, key],
      union: unionOf(asSchema(propertySchema(schema, key)), schemaUtils),
      declared,
    };
  }
  while (tokens.length > 0) {
    const above = nodes.get(pointerOf(tokens));
    if (above) return { path: above.path, union: above.union, declared: true };
    tokens.pop();
  }
  const root = nodes.get('');
  return { path: [], union: root?.union, declared: true };
}

// A tuple shorter than `minItems` is reported on the first position not sent: the field to fill.
function tuplePlaceOf(
  issue: SchemaIssue,
  nodes: ReadonlyMap<string, ArgumentNode>,
  schemaUtils: WalkContext['schemaUtils'],
): ReturnType<typeof placeOf> | undefined {
  const node = issue.keyword === 'minItems' ? nodes.get(issue.pointer) : undefined;
  if (!node?.tuple || !Array.isArray(node.value) || node.value.length >= node.tuple.positions.length) return undefined;
  const index = node.value.length;
  return {
    path: [...node.path, index],
    union: unionOf(tupleItemSchema(node.tuple, index), schemaUtils),
    declared: true,
  };
}

/**
 * Puts each issue on the field that shows it, leaving out issues recognisably from an option the person did
 * not pick (README); if that would leave nothing, every issue is shown: an invalid value always has a reason.
 */
export function locateIssues(
  issues: readonly SchemaIssue[],
  nodes: ReadonlyMap<string, ArgumentNode>,
  schemaUtils: WalkContext['schemaUtils'],
): LocatedIssue[] {
  const all = issues.map((issue) => ({
    issue,
    ...(tuplePlaceOf(issue, nodes, schemaUtils) ?? placeOf(issue.pointer, nodes, schemaUtils)),
  }));
  const picked = all.filter(({ issue, declared }) => {
    if (!declared) return false;
    const node = nodes.get(issue.pointer);
    return !(node && passesOwnKeyword(node, issue.keyword));
  });
  const precise = picked.filter(({ issue }) => {
    if (!COMPOSITE_KEYWORDS.has(issue.keyword)) return true;
    const under = `${issue.pointer}/`;
    return !picked.some(
      ({ issue: other }) =>
        !COMPOSITE_KEYWORDS.has(other.keyword) && (other.pointer === issue.pointer || other.pointer.startsWith(under)),
    );
  });
  return (precise.length > 0 ? precise : all).map(({ issue, path, union }) =>
    union ? { issue, path, union } : { issue, path },
  );
}

/** The located issues as rjsf's `ErrorSchema`, so each field gets its messages as `rawErrors`. */
export function toErrorSchema(
  located: readonly LocatedIssue[],
  message: (issue: SchemaIssue) => string,
): ErrorSchema<ToolFormData> {
  const root: Record<string, unknown> = {};
  for (const { issue, path, union } of located) {
    // The summary shows these (see `LocatedIssue.union`); the whole form has no field of its own.
    if (union !== undefined || path.length === 0) continue;
    let level = root;
    for (const token of path) {
      const key = String(token);
      const next = Object.prototype.hasOwnProperty.call(level, key) ? level[key] : undefined;
      const child: Record<string, unknown> = isRecord(next) ? next : {};
      Object.defineProperty(level, key, { value: child, enumerable: true, writable: true, configurable: true });
      level = child;
    }
    const errors = Array.isArray(level[ERRORS_KEY]) ? (level[ERRORS_KEY] as string[]) : [];
    level[ERRORS_KEY] = [...errors, message(issue)];
  }
  return root as ErrorSchema<ToolFormData>;
}
