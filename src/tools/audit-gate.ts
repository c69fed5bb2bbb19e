/**
 * The audit gate (checks of MCP 2025-06-18, "Tools" → "Output Schema"): which layer of `structuredContent` an output schema applies to. SDK
 * servers 2.0.0–2.3.1 wrapped a `$ref`-rooted output as `{ "result": {…} }` toward 2025-11-25 clients;
 * 2.4.0 sends it at the root, so a pipeline that always validates `.result` flags valid responses.
 */
import { hasOwn, isRecord, type JsonObject } from './json.js';
import { compileToolSchema } from './tool-schema.js';

/** The four outcomes, in the order they are checked. */
export const STRUCTURED_CONTENT_TARGETS = ['schema', 'missing', 'legacy_wrapper', 'validate_root'] as const;

/**
 * Where the output schema applies: `schema` (the audit record is malformed), `missing` (no object
 * `structuredContent`), `legacy_wrapper` (`structuredContent.result`), `validate_root` (`structuredContent`).
 */
export type StructuredContentTarget = (typeof STRUCTURED_CONTENT_TARGETS)[number];

/** An audit record that satisfies `AUDIT_RECORD_SCHEMA`. */
export interface AuditRecord {
  tool: string;
  protocol: '2025-11-25' | '2026-07-28';
  /** Whether the tool's output schema is an id'd zod object (a root `$ref`), the shape 2.0.0–2.3.1 wrapped. */
  metaIdTool: boolean;
}

/** The audit-record schema, fixed here (JSON Schema 2020-12). */
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
 * the audit gate's outcomes, checked in order: `schema` when `record` fails `AUDIT_RECORD_SCHEMA`; `missing` when
 * `structuredContent` is absent or not an object; `legacy_wrapper` when `metaIdTool`, `2025-11-25` and
 * exactly one key `result` holding an object; else `validate_root`.
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
 * The object the output schema applies to for `target` (`structuredContent.result` or `structuredContent`);
 * `undefined` for `schema` and `missing`, or when `body` lacks the shape `target` implies.
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
      target satisfies never;
      return undefined;
  }
}

/** How many calls ended in each outcome, and in all. */
export type StructuredContentTargetCounts = Record<StructuredContentTarget, number> & {
  total: number;
};

/** Counts the outcomes of many calls, each separately (one per call: never folded into one "passed"); 0 when absent. */
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
