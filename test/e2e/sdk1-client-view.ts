/**
 * A written-down model of what the SDK 1.32.2 CLIENT does to a form-mode `elicitation/create` request
 * before a handler registered with `client.setRequestHandler(ElicitRequestSchema, handler)` sees it.
 * The round-trip test asserts, for every fixture, that the real SDK behaves exactly like this model,
 * so the behaviour is documented in one place and a change in a later SDK shows up as a failure.
 *
 * Read from `@modelcontextprotocol/sdk/dist/esm/types.js` (zod 4.6.7 underneath), not copied:
 *
 * - `requestedSchema` is a zod `object` of `type: "object"`, `properties: record(string, Primitive)`,
 *   `required?: string[]`. Other root keys (`$schema`, `title`, `additionalProperties`, …) are dropped.
 * - zod's `record` skips a `__proto__` key entirely: the property disappears (unvalidated) while
 *   `required` may still name it.
 * - Each property is parsed by a union, tried in this order, and the FIRST branch that accepts wins
 *   and keeps only its own keys (everything else, e.g. `pattern`, `uniqueItems`, `x-*`, is dropped):
 *     1. legacy enum    `type:"string"`, `enum: string[]`, `enumNames?: string[]`, `default?: string`
 *        (also catches every untitled single select; its view is identical)
 *     2. titled single  `type:"string"`, `oneOf: {const: string, title: string}[]`, `default?: string`
 *     3. untitled multi `type:"array"`, `items: {type:"string", enum: string[]}`, `minItems?`, `maxItems?`,
 *                       `default?: string[]`
 *     4. titled multi   `type:"array"`, `items: {anyOf: {const, title}[]}`, `minItems?`, `maxItems?`,
 *                       `default?: string[]`
 *     5. boolean        `type:"boolean"`, `default?: boolean`
 *     6. string         `type:"string"`, `minLength?`, `maxLength?`, `format?: email|uri|date|date-time`,
 *                       `default?: string`
 *     7. number         `type:"number"|"integer"`, `minimum?`, `maximum?`, `default?: number`
 *   Every branch also keeps `title?: string` and `description?: string`. Consequences:
 *     - titled single spelled `anyOf` fails branch 2 and lands in branch 6: the handler sees plain TEXT;
 *     - titled multi spelled `items.oneOf` fails every branch: the whole request is REFUSED;
 *     - a wrongly typed `default`, `title` or `description` (which SEP-1034 / the kit merely ignore)
 *       fails every branch: REFUSED;
 *     - a string `enum` with non-string values lands in branch 6: the handler sees plain text.
 * - A refused request never reaches the handler. Because the handler was registered with the SDK's own
 *   `ElicitRequestSchema`, the refusal is the generic request-schema parse (`Protocol`), a `ZodError`
 *   without a numeric code, so the server receives JSON-RPC error -32603 (InternalError) whose message
 *   is the zod issue list as JSON. (With a looser registration schema, the client's elicitation
 *   wrapper refuses instead, with -32602 "Invalid elicitation request: …".)
 * - The server's `elicitInput` adds `mode: "form"` when the request had no mode.
 */

/** The handler's view of the request, or where the SDK refuses it. */
export type ClientView =
  | { refused: false; params: { mode: 'form'; message: string; requestedSchema: Record<string, unknown> } }
  | { refused: true; paths: (string | number)[][] };

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function has(object: Json, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key) && object[key] !== undefined;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const FORMATS = new Set(['email', 'uri', 'date', 'date-time']);
const isFormat = (value: unknown): boolean => isString(value) && FORMATS.has(value);

/** An optional key: absent, or present with a value the test accepts. */
function optional(object: Json, key: string, test: (value: unknown) => boolean): boolean {
  return !has(object, key) || test(object[key]);
}

/** The listed keys that are present, in the listed (schema) order. */
function pick(object: Json, keys: readonly string[]): Json {
  const out: Json = {};
  for (const key of keys) if (has(object, key)) out[key] = object[key];
  return out;
}

/** `[{const: string, title: string}, …]`, each stripped to those two keys; undefined if not that. */
function titledOptions(value: unknown): Json[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const options: Json[] = [];
  for (const option of value) {
    if (!isObject(option) || !isString(option['const']) || !isString(option['title'])) return undefined;
    options.push(pick(option, ['const', 'title']));
  }
  return options;
}

const ANNOTATIONS = ['title', 'description'] as const;

/** The branches of the SDK's property union, in its order. Each returns the stripped view or undefined. */
const BRANCHES: readonly ((property: Json) => Json | undefined)[] = [
  // 1. legacy titled enum (catches untitled single too)
  (p) =>
    p['type'] === 'string' &&
    isStringArray(p['enum']) &&
    optional(p, 'enumNames', isStringArray) &&
    optional(p, 'default', isString)
      ? pick(p, ['type', ...ANNOTATIONS, 'enum', 'enumNames', 'default'])
      : undefined,
  // 2. titled single select, `oneOf` only
  (p) => {
    const options = p['type'] === 'string' && optional(p, 'default', isString) ? titledOptions(p['oneOf']) : undefined;
    return options ? { ...pick(p, ['type', ...ANNOTATIONS]), oneOf: options, ...pick(p, ['default']) } : undefined;
  },
  // 3. untitled multi select
  (p) => {
    const items = p['items'];
    if (p['type'] !== 'array' || !isObject(items) || items['type'] !== 'string' || !isStringArray(items['enum']))
      return undefined;
    if (
      !optional(p, 'minItems', isNumber) ||
      !optional(p, 'maxItems', isNumber) ||
      !optional(p, 'default', isStringArray)
    )
      return undefined;
    return {
      ...pick(p, ['type', ...ANNOTATIONS, 'minItems', 'maxItems']),
      items: pick(items, ['type', 'enum']),
      ...pick(p, ['default']),
    };
  },
  // 4. titled multi select, `items.anyOf` only
  (p) => {
    const items = p['items'];
    const options = p['type'] === 'array' && isObject(items) ? titledOptions(items['anyOf']) : undefined;
    if (!options) return undefined;
    if (
      !optional(p, 'minItems', isNumber) ||
      !optional(p, 'maxItems', isNumber) ||
      !optional(p, 'default', isStringArray)
    )
      return undefined;
    return {
      ...pick(p, ['type', ...ANNOTATIONS, 'minItems', 'maxItems']),
      items: { anyOf: options },
      ...pick(p, ['default']),
    };
  },
  // 5. boolean
  (p) =>
    p['type'] === 'boolean' && optional(p, 'default', isBoolean)
      ? pick(p, ['type', ...ANNOTATIONS, 'default'])
      : undefined,
  // 6. string
  (p) =>
    p['type'] === 'string' &&
    optional(p, 'minLength', isNumber) &&
    optional(p, 'maxLength', isNumber) &&
    optional(p, 'format', isFormat) &&
    optional(p, 'default', isString)
      ? pick(p, ['type', ...ANNOTATIONS, 'minLength', 'maxLength', 'format', 'default'])
      : undefined,
  // 7. number / integer
  (p) =>
    (p['type'] === 'number' || p['type'] === 'integer') &&
    optional(p, 'minimum', isNumber) &&
    optional(p, 'maximum', isNumber) &&
    optional(p, 'default', isNumber)
      ? pick(p, ['type', ...ANNOTATIONS, 'minimum', 'maximum', 'default'])
      : undefined,
];

/**
 * What the SDK 1.32 client hands an `ElicitRequestSchema` handler for these form params (as the
 * server sent them), or the paths of the properties it refuses. Only flat, well-formed roots are
 * modelled (the valid fixtures); anything else throws so the model is never silently wrong.
 */
export function sdk1ClientView(params: { message: string; requestedSchema: unknown }): ClientView {
  const schema = params.requestedSchema;
  if (
    !isObject(schema) ||
    schema['type'] !== 'object' ||
    !isObject(schema['properties']) ||
    !optional(schema, 'required', isStringArray)
  ) {
    throw new Error('sdk1ClientView models only well-formed roots');
  }
  const properties: Json = {};
  const refused: (string | number)[][] = [];
  for (const [key, property] of Object.entries(schema['properties'])) {
    if (key === '__proto__') continue; // zod's record skips it, without validating it
    // Every branch has `title?: string` and `description?: string`, so a wrong type there fails them all.
    const annotationsOk =
      isObject(property) && optional(property, 'title', isString) && optional(property, 'description', isString);
    const view = annotationsOk ? BRANCHES.map((branch) => branch(property)).find((v) => v !== undefined) : undefined;
    if (view === undefined) refused.push(['requestedSchema', 'properties', key]);
    else properties[key] = view;
  }
  if (refused.length > 0) return { refused: true, paths: refused };
  return {
    refused: false,
    params: {
      mode: 'form',
      message: params.message,
      requestedSchema: { type: 'object', properties, ...pick(schema, ['required']) },
    },
  };
}

/**
 * `value` without an own `__proto__` key (a shallow copy). zod's `record` drops that key wherever the
 * SDK parses one: request `properties`, and `content` in the client's and the server's result parse.
 */
export function withoutProtoKey<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== '__proto__')) as T;
}

/** Why the SDK 1.32 client refuses a property (one of the documented reasons above). */
export function refusalReason(property: unknown): 'items.oneOf spelling' | 'keyword of the wrong type' {
  const items = isObject(property) ? property['items'] : undefined;
  return isObject(property) && property['type'] === 'array' && isObject(items) && Array.isArray(items['oneOf'])
    ? 'items.oneOf spelling'
    : 'keyword of the wrong type';
}
