/**
 * Reads a tool schema before Ajv sees it: size, `$schema`, `$id`s, references, pattern lengths. The walk
 * is iterative and stops at the first problem, so a 100,000-deep document costs only reaching the limit.
 */
import { DEFAULT_DIALECT, dialectOf, type ToolSchemaDialect } from './dialects.js';
import { describeJsonType, hasOwn, isRecord, joinPointer, unescapePointerToken, type JsonObject } from './json.js';

/** What the scan refuses, with the error code `compileToolSchema` reports. */
export interface ScanError {
  code: 'dialect' | 'remote-ref' | 'invalid-id' | 'limit' | 'invalid-schema';
  message: string;
}

export interface ScanLimits {
  maxDepth: number;
  maxSubschemas: number;
  maxPatternLength: number;
}

/** The two operations of Ajv's URI resolver (fast-uri) the scan needs. */
export interface UriOperations {
  parse(uri: string): { error?: string };
  resolve(base: string, ref: string): string;
}

export interface ScanReport {
  dialect: ToolSchemaDialect;
  subschemas: number;
}

/** Keywords whose value is one subschema. `items` is here and in the array list (draft-07 tuples). */
export const SINGLE_SCHEMA_KEYWORDS = new Set([
  'additionalItems',
  'additionalProperties',
  'contains',
  'contentSchema',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
]);
export const SCHEMA_ARRAY_KEYWORDS = new Set(['allOf', 'anyOf', 'items', 'oneOf', 'prefixItems']);
/** Keywords whose value maps names to subschemas (`dependencies` values may also be string arrays). */
export const SCHEMA_MAP_KEYWORDS = new Set([
  '$defs',
  'definitions',
  'dependencies',
  'dependentSchemas',
  'patternProperties',
  'properties',
]);
const REFERENCE_KEYWORDS = ['$ref', '$dynamicRef', '$recursiveRef'] as const;

const SUPPORTED_DIALECTS_TEXT = 'Supported: 2020-12 (the default when $schema is absent), 2019-09 and draft-07.';

/** `"text"`, shortened in the middle of long values so messages stay readable. */
export function quote(text: string): string {
  const quoted = JSON.stringify(text);
  return quoted.length <= 120 ? quoted : `${quoted.slice(0, 100)}…${quoted.slice(-19)}`;
}

/** Where a message points: the keyword's JSON Pointer into the schema, its middle cut when very long. */
function at(pointer: string): string {
  if (pointer === '') return 'at the root';
  return pointer.length <= 120 ? `at ${pointer}` : `at ${pointer.slice(0, 60)}…${pointer.slice(-40)}`;
}

/** A URI without its fragment and without a trailing empty `#` (Ajv's `normalizeId`). */
function withoutFragment(uri: string): string {
  const hash = uri.indexOf('#');
  return hash >= 0 ? uri.slice(0, hash) : uri;
}

/** A name that is a valid URI reference, made from an invalid `$id`: `my_tool:output` → `my_tool_output`. */
function suggestName(id: string): string {
  const name = id.replace(/[^A-Za-z0-9._~-]+/g, '_').replace(/^_+|_+$/g, '');
  return name === '' ? 'output' : name;
}

function refuse(code: ScanError['code'], message: string): ScanError {
  return { code, message };
}

function unsupportedDialect(uri: string, pointer: string): ScanError {
  return refuse('dialect', `Unsupported JSON Schema dialect ${quote(uri)} ${at(pointer)}. ${SUPPORTED_DIALECTS_TEXT}`);
}

/** The dialect from the root `$schema` (2020-12 when none), or the `dialect` error. */
export function readDialect(schema: unknown): ToolSchemaDialect | ScanError {
  if (!isRecord(schema) || !hasOwn(schema, '$schema') || schema.$schema === undefined) return DEFAULT_DIALECT;
  const declared = schema.$schema;
  if (typeof declared !== 'string') {
    return refuse(
      'dialect',
      `$schema ${at('/$schema')} must be a string naming a JSON Schema dialect; got ${describeJsonType(declared)}.`,
    );
  }
  return dialectOf(declared) ?? unsupportedDialect(declared, '/$schema');
}

interface Reference {
  keyword: (typeof REFERENCE_KEYWORDS)[number];
  ref: string;
  base: string;
  pointer: string;
}

type Frame =
  | { kind: 'schema' | 'data'; value: unknown; pointer: string; depth: number; base: string }
  | { kind: 'leave'; node: object };

type ValueFrame = Extract<Frame, { value: unknown }>;

/** Refuses values JSON cannot hold. `undefined` object members are skipped, as `JSON.stringify` does. */
function checkJson(value: unknown, pointer: string): ScanError | undefined {
  let what: string | undefined;
  if (typeof value === 'number' && !Number.isFinite(value)) what = `a non-finite number (${String(value)})`;
  else if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint')
    what = `a ${typeof value}`;
  return what === undefined
    ? undefined
    : refuse('invalid-schema', `The schema is not JSON: ${pointer === '' ? 'the root' : pointer} holds ${what}.`);
}

function pushData(value: object, frame: ValueFrame, stack: Frame[]): void {
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, i) => [i, item])
    : Object.entries(value);
  for (let i = entries.length - 1; i >= 0; i--) {
    const [key, child] = entries[i] as [string | number, unknown];
    if (child === undefined && !Array.isArray(value)) continue;
    stack.push({
      kind: 'data',
      value: child,
      pointer: joinPointer(frame.pointer, key),
      depth: frame.depth + 1,
      base: frame.base,
    });
  }
}

/** What a JSON Pointer fragment (URI-encoded, RFC 6901 §6) names inside `resource`, and that pointer decoded. */
function pointerTarget(resource: unknown, fragment: string): { value: unknown; pointer: string } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(fragment);
  } catch {
    return { value: undefined, pointer: fragment };
  }
  let current = resource;
  for (const token of decoded.split('/').slice(1).map(unescapePointerToken)) {
    if (Array.isArray(current) && /^(0|[1-9]\d*)$/.test(token)) current = current[Number(token)];
    else if (isRecord(current) && hasOwn(current, token)) current = current[token];
    else return { value: undefined, pointer: decoded };
  }
  return { value: current, pointer: decoded };
}

/** Scans `schema` (already known to be of `dialect`) against `limits`: one walk, the first problem or the report. */
export function scanSchema(
  root: unknown,
  dialect: ToolSchemaDialect,
  limits: ScanLimits,
  uris: UriOperations,
): ScanReport | ScanError {
  let subschemas = 0;
  const schemaNodes = new Set<object>();
  const resources = new Map<string, { node: unknown; pointer: string }>();
  const references: Reference[] = [];
  const patterns: { pattern: string; pointer: string }[] = [];

  function baseOf(node: unknown, base: string, pointer = ''): string | ScanError {
    if (!isRecord(node) || !hasOwn(node, '$id') || node.$id === undefined) return base;
    const id = node.$id;
    // Ajv calls string methods on any `$id` ("id.replace is not a function"): say what is wrong, and where.
    if (typeof id !== 'string') {
      return refuse('invalid-id', `$id ${at(`${pointer}/$id`)} must be a string (a URI); got ${describeJsonType(id)}.`);
    }
    const parsed = uris.parse(id);
    if (parsed.error !== undefined) {
      const reason = parsed.error.replace(/\.$/, '');
      const name = suggestName(id);
      return refuse(
        'invalid-id',
        `$id ${quote(id)} ${at(`${pointer}/$id`)} is not a valid URI (${reason}). Use a plain name such as ` +
          `${quote(name)}, or move the schema under $defs and point to it with "$ref": ${quote(`#/$defs/${name}`)}.`,
      );
    }
    // A fragment-only `$id` ("#item") is draft-07's spelling of an anchor: the base does not change.
    if (id.startsWith('#')) return base;
    return withoutFragment(uris.resolve(base, id));
  }

  function walk(start: Frame): ScanError | undefined {
    const stack: Frame[] = [start];
    const onPath = new Set<object>();
    while (stack.length > 0) {
      const frame = stack.pop() as Frame;
      if (frame.kind === 'leave') {
        onPath.delete(frame.node);
        continue;
      }
      const { value, pointer, depth } = frame;
      const problem = checkJson(value, pointer);
      if (problem) return problem;
      if (frame.kind === 'schema' && ++subschemas > limits.maxSubschemas) {
        return refuse('limit', `The schema has more subschemas than maxSubschemas (${limits.maxSubschemas}).`);
      }
      if (typeof value !== 'object' || value === null) continue;
      if (depth > limits.maxDepth) {
        return refuse(
          'limit',
          `The schema nests objects and arrays deeper than maxDepth (${limits.maxDepth}), ${at(pointer)}.`,
        );
      }
      if (onPath.has(value))
        return refuse('invalid-schema', `The schema is not JSON: it contains itself ${at(pointer)}.`);
      onPath.add(value);
      stack.push({ kind: 'leave', node: value });
      if (frame.kind === 'schema' && isRecord(value)) {
        const problem = readSchemaObject(value, frame, stack);
        if (problem) return problem;
      } else {
        pushData(value, frame, stack);
      }
    }
    return undefined;
  }

  function readSchemaObject(node: JsonObject, frame: ValueFrame, stack: Frame[]): ScanError | undefined {
    schemaNodes.add(node);
    const { pointer, depth } = frame;
    if (pointer !== '' && typeof node.$schema === 'string') {
      const nested = dialectOf(node.$schema);
      if (nested === undefined) return unsupportedDialect(node.$schema, `${pointer}/$schema`);
      if (nested !== dialect) {
        return refuse(
          'dialect',
          `$schema ${quote(node.$schema)} ${at(`${pointer}/$schema`)} names ${nested}, but the schema's root is ${dialect}; one schema cannot mix dialects.`,
        );
      }
    }
    const base = pointer === '' ? frame.base : baseOf(node, frame.base, pointer);
    if (typeof base !== 'string') return base;
    if (base !== frame.base) resources.set(base, { node, pointer });
    for (const keyword of REFERENCE_KEYWORDS) {
      const ref = node[keyword];
      if (typeof ref === 'string') references.push({ keyword, ref, base, pointer: joinPointer(pointer, keyword) });
    }
    if (typeof node.pattern === 'string')
      patterns.push({ pattern: node.pattern, pointer: joinPointer(pointer, 'pattern') });
    if (isRecord(node.patternProperties)) {
      for (const key of Object.keys(node.patternProperties)) {
        patterns.push({ pattern: key, pointer: joinPointer(joinPointer(pointer, 'patternProperties'), key) });
      }
    }
    const keys = Object.keys(node);
    for (let k = keys.length - 1; k >= 0; k--) {
      const key = keys[k] as string;
      const value = node[key];
      if (value === undefined) continue;
      const child = { pointer: joinPointer(pointer, key), depth: depth + 1, base };
      if (SCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) {
          stack.push({
            kind: 'schema',
            value: value[i],
            pointer: joinPointer(child.pointer, i),
            depth: depth + 2,
            base,
          });
        }
      } else if (SCHEMA_MAP_KEYWORDS.has(key) && isRecord(value)) {
        const names = Object.keys(value);
        for (let i = names.length - 1; i >= 0; i--) {
          const name = names[i] as string;
          const member = value[name];
          if (member === undefined) continue;
          // `dependencies: { a: ["b"] }` (draft-07) lists property names: data, not a schema.
          const kind = key === 'dependencies' && Array.isArray(member) ? 'data' : 'schema';
          stack.push({ kind, value: member, pointer: joinPointer(child.pointer, name), depth: depth + 2, base });
        }
      } else {
        stack.push({ kind: SINGLE_SCHEMA_KEYWORDS.has(key) ? 'schema' : 'data', value, ...child });
      }
    }
    return undefined;
  }

  /**
   * Every reference must land inside this document. A pointer may land on a value the walk read as data
   * (inside an unknown keyword): Ajv compiles it as a schema, so it is walked again as one.
   */
  function followReferences(): ScanError | undefined {
    for (let i = 0; i < references.length; i++) {
      const { keyword, ref, base, pointer } = references[i] as Reference;
      let resource = base;
      let fragment = ref.slice(1);
      if (!ref.startsWith('#')) {
        const resolved = uris.resolve(base, ref);
        resource = withoutFragment(resolved);
        fragment = resolved.slice(resource.length + 1);
        if (!resources.has(resource)) {
          const to = resolved === ref ? '' : ` (to ${quote(resolved)})`;
          return refuse(
            'remote-ref',
            `${keyword} ${quote(ref)} ${at(pointer)} points outside this schema${to}. Only references inside the schema ` +
              '(such as "#/$defs/Name" or "#name") are followed, and nothing is ever fetched.',
          );
        }
      }
      if (fragment !== '' && !fragment.startsWith('/')) continue; // an anchor: declared on a schema the walk read
      const home = resources.get(resource) as { node: unknown; pointer: string };
      const target = pointerTarget(home.node, fragment);
      if (isRecord(target.value) && !schemaNodes.has(target.value)) {
        // Its depth was checked when the walk read it as data; only its subschemas are new.
        const problem = walk({
          kind: 'schema',
          value: target.value,
          pointer: `${home.pointer}${target.pointer}`,
          depth: 1,
          base: resource,
        });
        if (problem) return problem;
      }
    }
    return undefined;
  }

  // Only their length: the linear-time engine runs any pattern the host's RegExp compiles.
  function checkPatterns(): ScanError | undefined {
    for (const { pattern, pointer } of patterns) {
      if (pattern.length > limits.maxPatternLength) {
        return refuse(
          'limit',
          `The pattern ${at(pointer)} has ${pattern.length} characters, more than maxPatternLength (${limits.maxPatternLength}).`,
        );
      }
    }
    return undefined;
  }

  if (typeof root !== 'boolean' && !isRecord(root)) {
    return refuse('invalid-schema', `A JSON Schema must be an object or a boolean; got ${describeJsonType(root)}.`);
  }
  const rootBase = baseOf(root, '');
  if (typeof rootBase !== 'string') return rootBase;
  resources.set(rootBase, { node: root, pointer: '' });
  return (
    walk({ kind: 'schema', value: root, pointer: '', depth: 1, base: rootBase }) ??
    followReferences() ??
    checkPatterns() ?? { dialect, subschemas }
  );
}

/**
 * Whether a schema has a `pattern` or `patternProperties` anywhere (unknown keywords included): its form
 * and result view then wait for the pattern engine. Iterative, cycle-safe, never throws.
 */
export function hasPatterns(schema: unknown): boolean {
  const stack: unknown[] = [schema];
  const seen = new Set<object>();
  try {
    while (stack.length > 0) {
      const node = stack.pop();
      if (typeof node !== 'object' || node === null || seen.has(node)) continue;
      seen.add(node);
      if (Array.isArray(node)) {
        for (const item of node) stack.push(item);
      } else if (isRecord(node)) {
        if (typeof node.pattern === 'string' || isRecord(node.patternProperties)) return true;
        for (const key of Object.keys(node)) stack.push(node[key]);
      }
    }
  } catch {
    // A schema that cannot be read (a throwing getter) is refused by the compiler anyway.
  }
  return false;
}
