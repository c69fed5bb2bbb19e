/**
 * The audit gate of SPEC §7: given an audit record and a `tools/call` response body, decide which
 * layer of `structuredContent` the output schema applies to. SDK servers 2.0.0–2.3.1 wrapped the
 * output of a `$ref`-rooted output schema (`z.object().meta({ id })`) as `{ "result": {…} }` toward
 * 2025-11-25 clients; 2.4.0 sends it at the root. A pipeline that always validates
 * `structuredContent.result` then flags valid responses; the gate picks the right layer per call.
 * (Outside the gate, SEP-2106 holds: `structuredContent` may be any JSON value, validated as it is;
 * that is `validateToolResult`'s job.)
 */
import { hasOwn, isRecord, type JsonObject } from './json.js';
import { compileToolSchema } from './tool-schema.js';

/** The four outcomes, in the order they are checked. */
export const STRUCTURED_CONTENT_TARGETS = ['schema', 'missing', 'legacy_wrapper', 'validate_root'] as const;

/**
 * Where the output schema applies:
 * - `schema`: the audit record is malformed, so no layer is picked;
 * - `missing`: the body has no `structuredContent`, or it is not a JSON object;
 * - `legacy_wrapper`: validate `structuredContent.result`;
 * - `validate_root`: validate `structuredContent` itself.
 */
export type StructuredContentTarget = (typeof STRUCTURED_CONTENT_TARGETS)[number];

/** An audit record that satisfies `AUDIT_RECORD_SCHEMA`. */
export interface AuditRecord {
  /** The tool's name (non-empty). */
  tool: string;
  /** The protocol revision of the call. */
  protocol: '2025-11-25' | '2026-07-28';
  /** Whether the tool's output schema is an id'd zod object (a root `$ref`), the shape 2.0.0–2.3.1 wrapped. */
  metaIdTool: boolean;
}

/** The audit-record schema of SPEC §7, verbatim (JSON Schema 2020-12). */
export const AUDIT_RECORD_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['tool', 'protocol', 'metaIdTool'],
  properties: {
    tool: { type: 'string', minLength: 1 },
    protocol: { enum: ['2025-11-25', '2026-07-28'] },
    metaIdTool: { type: 'boolean' },
  },
} as const;

function structuredContentOf(body: unknown): unknown {
  return isRecord(body) && hasOwn(body, 'structuredContent') ? body.structuredContent : undefined;
}

/**
 * SPEC §7, outcomes checked in order: `schema` when `record` does not satisfy `AUDIT_RECORD_SCHEMA`
 * (checked with `compileToolSchema`); `missing` when `body.structuredContent` is absent or not an
 * object (arrays and null are not objects); `legacy_wrapper` when `metaIdTool` is true, `protocol` is
 * `2025-11-25` and `structuredContent` has exactly one key, `result`, whose value is an object;
 * `validate_root` otherwise. `metaIdTool: false` never gives `legacy_wrapper`.
 */
export function structuredContentTarget(record: unknown, body: unknown): StructuredContentTarget {
  const compiled = compileToolSchema(AUDIT_RECORD_SCHEMA);
  // The schema is a constant the kit compiles; a failure would be a bug, reported as `schema`.
  if (!compiled.ok || compiled.validate(record).length > 0) return 'schema';
  const audit = record as AuditRecord;
  const content = structuredContentOf(body);
  if (!isRecord(content)) return 'missing';
  const keys = Object.keys(content);
  if (
    audit.metaIdTool &&
    audit.protocol === '2025-11-25' &&
    keys.length === 1 &&
    keys[0] === 'result' &&
    isRecord(content.result)
  ) {
    return 'legacy_wrapper';
  }
  return 'validate_root';
}

/**
 * The object the output schema applies to for `target`: `structuredContent.result` for
 * `legacy_wrapper`, `structuredContent` for `validate_root`, `undefined` for `schema` and `missing`
 * (and whenever `body` does not have the shape `target` implies).
 */
export function auditTargetValue(target: StructuredContentTarget, body: unknown): JsonObject | undefined {
  const content = structuredContentOf(body);
  switch (target) {
    case 'legacy_wrapper':
      return isRecord(content) && isRecord(content.result) ? content.result : undefined;
    case 'validate_root':
      return isRecord(content) ? content : undefined;
    case 'schema':
    case 'missing':
      return undefined;
    default:
      // A JavaScript caller may pass any string: an unknown target has no value to audit.
      target satisfies never;
      return undefined;
  }
}

/** How many calls ended in each outcome, and in all. */
export type StructuredContentTargetCounts = Record<StructuredContentTarget, number> & {
  /** Every outcome counted. */
  total: number;
};

/**
 * Counts the outcomes of many calls, each separately (SPEC §7: `legacy_wrapper` and `validate_root`
 * are never folded into one "passed"). Every outcome appears, with 0 when it never happened.
 */
export function countStructuredContentTargets(
  outcomes: Iterable<StructuredContentTarget>,
): StructuredContentTargetCounts {
  const counts: StructuredContentTargetCounts = {
    schema: 0,
    missing: 0,
    legacy_wrapper: 0,
    validate_root: 0,
    total: 0,
  };
  for (const outcome of outcomes) {
    counts[outcome]++;
    counts.total++;
  }
  return counts;
}
