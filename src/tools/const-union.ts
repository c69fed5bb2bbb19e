/**
 * Const unions (`oneOf`/`anyOf` of `{ const, title? }`) rewritten as an `enum`: Ajv's code generator
 * overflows the stack on a few thousand branches. Only where the verdict provably stays the same: the
 * conditions are in `src/tools/README.md`, "Const unions".
 */
import { canonicalJson, hasOwn, isRecord, unescapePointerToken } from './json.js';
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_MAP_KEYWORDS, SINGLE_SCHEMA_KEYWORDS } from './scan.js';

/** A union of consts, read from a schema. */
export interface ConstUnion {
  keyword: 'oneOf' | 'anyOf';
  values: unknown[];
  /** Each value's `title`, or `undefined` when its branch has none. */
  titles: (string | undefined)[];
}

const BRANCH_KEYS = new Set(['const', 'title', 'description']);
const REFERENCE_KEYWORDS = ['$ref', '$dynamicRef', '$recursiveRef'] as const;

/** `undefined`, or text: what the meta-schema allows for an annotation (a JSON copy drops `undefined`). */
function isTextOrAbsent(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

/** The const union `schema` holds under `keyword`, when it may become an `enum`. */
function readConstUnion(schema: Record<string, unknown>, keyword: 'oneOf' | 'anyOf'): ConstUnion | undefined {
  const branches = schema[keyword];
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  const values: unknown[] = [];
  const titles: (string | undefined)[] = [];
  const seen = new Set<string>();
  for (const branch of branches as unknown[]) {
    if (!isRecord(branch) || !hasOwn(branch, 'const') || branch.const === undefined) return undefined;
    if (!Object.keys(branch).every((key) => BRANCH_KEYS.has(key))) return undefined;
    if (!isTextOrAbsent(branch.title) || !isTextOrAbsent(branch.description)) return undefined;
    const key = canonicalJson(branch.const);
    if (seen.has(key)) {
      // Two equal consts: a value equal to them matches two branches, which a oneOf refuses.
      if (keyword === 'oneOf') return undefined;
      continue;
    }
    seen.add(key);
    values.push(branch.const);
    titles.push(branch.title as string | undefined);
  }
  return { keyword, values, titles };
}

function unionOf(schema: Record<string, unknown>): ConstUnion | undefined {
  if (hasOwn(schema, 'enum')) return undefined;
  return (
    (hasOwn(schema, 'oneOf') ? readConstUnion(schema, 'oneOf') : undefined) ??
    (hasOwn(schema, 'anyOf') ? readConstUnion(schema, 'anyOf') : undefined)
  );
}

function pointsIntoUnion(reference: string): boolean {
  const hash = reference.indexOf('#');
  if (hash < 0) return false;
  let fragment: string;
  try {
    fragment = decodeURIComponent(reference.slice(hash + 1));
  } catch {
    return false;
  }
  if (!fragment.startsWith('/')) return false;
  return fragment
    .split('/')
    .slice(1)
    .map(unescapePointerToken)
    .some((token) => token === 'oneOf' || token === 'anyOf');
}

/** `parent` links give the path to a union without copying paths around. */
interface Step {
  value: unknown;
  schema: boolean;
  parent: Step | undefined;
  key: string | number;
}

interface Site {
  step: Step;
  union: ConstUnion;
}

/** The unions to rewrite, or `undefined` when the document must be left alone. */
function findUnions(root: unknown): Site[] | undefined {
  const found: Site[] = [];
  const onPath = new Set<object>();
  const stack: (Step | { leave: object })[] = [{ value: root, schema: true, parent: undefined, key: '' }];
  while (stack.length > 0) {
    const step = stack.pop() as Step | { leave: object };
    if ('leave' in step) {
      onPath.delete(step.leave);
      continue;
    }
    const { value } = step;
    if (typeof value !== 'object' || value === null) continue;
    // A document that contains itself is not JSON: the scan refuses it.
    if (onPath.has(value)) return undefined;
    onPath.add(value);
    stack.push({ leave: value });
    const push = (child: unknown, key: string | number, schema: boolean) => {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, schema, parent: step, key });
    };
    if (Array.isArray(value)) {
      value.forEach((item: unknown, index) => push(item, index, false));
      continue;
    }
    const record = value as Record<string, unknown>;
    // References are looked for everywhere: Ajv also compiles a value a pointer lands on inside data.
    for (const keyword of REFERENCE_KEYWORDS) {
      const reference = record[keyword];
      if (typeof reference === 'string' && pointsIntoUnion(reference)) return undefined;
    }
    const union = step.schema ? unionOf(record) : undefined;
    if (union) found.push({ step, union });
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (union !== undefined && key === union.keyword) continue;
      if (!step.schema) push(child, key, false);
      else if (SCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(child)) {
        const holder: Step = { value: child, schema: false, parent: step, key };
        child.forEach((item: unknown, index) => {
          if (typeof item === 'object' && item !== null)
            stack.push({ value: item, schema: true, parent: holder, key: index });
        });
      } else if (SCHEMA_MAP_KEYWORDS.has(key) && isRecord(child)) {
        const holder: Step = { value: child, schema: false, parent: step, key };
        for (const name of Object.keys(child)) {
          const member = child[name];
          // `dependencies: { a: ["b"] }` (draft-07) lists property names: data, not a schema.
          if (typeof member === 'object' && member !== null)
            stack.push({ value: member, schema: !Array.isArray(member), parent: holder, key: name });
        }
      } else push(child, key, SINGLE_SCHEMA_KEYWORDS.has(key) && !Array.isArray(child));
    }
  }
  return found;
}

/**
 * `root` with every const union that may be rewritten turned into an `enum`; `decorate` may add to each
 * (the form keeps the titles that way). Only the path to a union is copied; `root` is never changed.
 * Never throws.
 */
export function rewriteConstUnions(
  root: unknown,
  decorate?: (schema: Record<string, unknown>, union: ConstUnion) => void,
): unknown {
  let sites: Site[] | undefined;
  try {
    sites = findUnions(root);
  } catch {
    // A getter that throws, a Proxy: the scan meets the same value and reports it.
    return root;
  }
  if (sites === undefined || sites.length === 0) return root;
  const copies = new Map<Step, Record<string, unknown> | unknown[]>();
  const copyOf = (step: Step): Record<string, unknown> | unknown[] => {
    const known = copies.get(step);
    if (known) return known;
    const value = step.value as Record<string, unknown> | unknown[];
    const copy = Array.isArray(value) ? [...value] : { ...value };
    copies.set(step, copy);
    // defineProperty: a key such as `__proto__` stays an own key of the copy.
    if (step.parent)
      Object.defineProperty(copyOf(step.parent), step.key, {
        value: copy,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return copy;
  };
  for (const { step, union } of sites) {
    const schema = copyOf(step) as Record<string, unknown>;
    Reflect.deleteProperty(schema, union.keyword);
    schema.enum = union.values;
    decorate?.(schema, union);
  }
  let top = (sites[0] as Site).step;
  while (top.parent) top = top.parent;
  return copies.get(top) ?? root;
}
