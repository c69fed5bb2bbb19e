/** Paths into a schema or content, as a person reads them: `properties["a.b"].oneOf[2].const`. */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Appends an object key or an array index to a path. The root path is `""`. */
export function joinPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  if (IDENTIFIER.test(key)) return base === '' ? key : `${base}.${key}`;
  return `${base}[${JSON.stringify(key)}]`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own-property read that never walks the prototype (so `__proto__` and `constructor` are plain keys). */
export function ownValue(record: object, key: string): unknown {
  return hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined;
}

/** The keys of `schema.properties` (own, in order) whose property `test` picks; none when there is no such object. */
export function propertyKeys(schema: unknown, test: (key: string, property: unknown) => boolean): Set<string> {
  const properties = isRecord(schema) ? ownValue(schema, 'properties') : undefined;
  return new Set(isRecord(properties) ? Object.keys(properties).filter((key) => test(key, properties[key])) : []);
}

export function hasOwn(record: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}

/** Sets an own, enumerable data property, even for keys such as `__proto__`. */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The members named in `keys` whose values are not `undefined`: optional keys stay absent. */
export function pickDefined<T extends object, const K extends keyof T>(
  record: T,
  keys: readonly K[],
): { [P in K]?: Exclude<T[P], undefined> } {
  const picked: { [P in K]?: T[P] } = {};
  for (const key of keys) if (record[key] !== undefined) picked[key] = record[key];
  return picked as { [P in K]?: Exclude<T[P], undefined> };
}

/** `record` without its `undefined` members: optional keys stay absent. */
export function defined<T extends object>(record: T): { [P in keyof T]?: Exclude<T[P], undefined> } {
  return pickDefined(record, Object.keys(record) as (keyof T)[]);
}

/** `JSON.stringify`, typed as what it gives (lib.d.ts says `string`, hiding `undefined`). */
export function jsonText(value: unknown): string | undefined {
  return JSON.stringify(value);
}

/** Quoted as JSON, cut to 60 characters: a hostile 1 MB value stays one readable line. */
export function quoteShort(value: unknown): string {
  const text = typeof value === 'string' && value.length > 60 ? `${value.slice(0, 60)}…` : value;
  // `JSON.stringify` gives `undefined` (never "") for what JSON cannot hold: a symbol, a function.
  return JSON.stringify(text) || String(text);
}
