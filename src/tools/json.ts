/** JSON helpers for the tool-schema layer; every walk is iterative, so 100,000 levels cannot overflow the stack. */

import { hasOwn, isRecord } from '../shared/path.js';

/** A JSON object as the kit reads it: a plain, non-array, non-null object. */
export type JsonObject = Record<string, unknown>;

export { hasOwn, isRecord } from '../shared/path.js';

/** One reference token of a JSON Pointer (RFC 6901 §3): `~` → `~0`, `/` → `~1`. */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function joinPointer(base: string, token: string | number): string {
  return `${base}/${typeof token === 'number' ? String(token) : escapePointerToken(token)}`;
}

/** Reads a reference token back (RFC 6901 §4: `~1` first, then `~0`). */
export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** How a JSON value is named in messages: `an array`, `a string`, `null`, … */
export function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'object':
      return 'an object';
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    case 'undefined':
      return 'undefined';
    default:
      return `a ${typeof value}`;
  }
}

/** True for values `JSON.stringify` leaves out of an object (and writes as `null` in an array). */
function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

type Frame = { text: string } | { value: unknown };

/** The text of a scalar (anything but an array or object) as `canonicalJson` writes it. */
function scalarJson(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
  // JSON numbers are compared by value: `-0` and `0` are the same number.
  if (typeof value === 'number' && Number.isFinite(value)) return value === 0 ? '0' : JSON.stringify(value);
  return 'null';
}

function sortedKeys(record: JsonObject): string[] {
  return Object.keys(record)
    .filter((key) => !isOmitted(record[key]))
    .sort();
}

/**
 * JSON text with object keys sorted, so values equal as JSON give the same text. Iterative. Members and
 * items are dropped or written `null` as `JSON.stringify` does.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  const stack: Frame[] = [{ value }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    if ('text' in frame) {
      out.push(frame.text);
      continue;
    }
    const current = frame.value;
    if (Array.isArray(current)) {
      stack.push({ text: ']' });
      for (let i = current.length - 1; i >= 0; i--) {
        stack.push({ value: current[i] });
        if (i > 0) stack.push({ text: ',' });
      }
      out.push('[');
    } else if (isRecord(current)) {
      const keys = sortedKeys(current);
      stack.push({ text: '}' });
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        stack.push({ value: current[key] });
        stack.push({ text: `${i > 0 ? ',' : ''}${JSON.stringify(key)}:` });
      }
      out.push('{');
    } else {
      out.push(scalarJson(current));
    }
  }
  return out.join('');
}

/** True when `a` and `b` are equal as JSON values (object key order ignored). Iterative. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const pairs: [unknown, unknown][] = [[a, b]];
  while (pairs.length > 0) {
    const [left, right] = pairs.pop() as [unknown, unknown];
    if (Array.isArray(left)) {
      if (!Array.isArray(right) || left.length !== right.length) return false;
      for (let i = 0; i < left.length; i++) pairs.push([left[i], right[i]]);
    } else if (isRecord(left)) {
      if (!isRecord(right)) return false;
      const keys = Object.keys(left);
      if (keys.length !== Object.keys(right).length) return false;
      for (const key of keys) {
        if (!hasOwn(right, key)) return false;
        pairs.push([left[key], right[key]]);
      }
    } else if (left !== right) {
      return false;
    }
  }
  return true;
}

/**
 * The JSON Pointer of the first place in `value` where `text` occurs as a string value or as an
 * object key (a key's pointer names the property). Breadth-first, iterative; `undefined` when absent.
 */
export function findString(value: unknown, text: string): string | undefined {
  const queue: [unknown, string][] = [[value, '']];
  for (let head = 0; head < queue.length; head++) {
    const [current, pointer] = queue[head] as [unknown, string];
    if (current === text) return pointer;
    if (Array.isArray(current)) {
      current.forEach((item, index) => queue.push([item, joinPointer(pointer, index)]));
    } else if (isRecord(current)) {
      for (const key of Object.keys(current)) {
        if (key === text) return joinPointer(pointer, key);
        queue.push([current[key], joinPointer(pointer, key)]);
      }
    }
  }
  return undefined;
}
