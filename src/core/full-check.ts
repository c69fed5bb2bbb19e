/**
 * No silent rejection: a schema with keywords core does not check itself (`keyword-unchecked`, or a
 * `pattern` core leaves aside) gets the complete JSON Schema check of the answer before it is sent, as the
 * MCP spec (2025-11-25, Client > Elicitation, "Security Considerations") asks clients to validate input
 * against the requested schema. The validator (about 10 kB gzipped) is loaded on demand, like the pattern
 * engine; until it has loaded such an answer is refused (`schema-pending`), never sent unchecked.
 */
import { MESSAGES } from '../shared/messages.js';
import { patternCheck } from '../shared/pattern-engine.js';
import type { ParseResult } from './schema.js';
import type { FieldError } from './problems.js';
import type { ElicitContent } from './types.js';

type Engine = typeof import('./full-check-engine.js');

// Module-level on purpose, as the pattern engine: every form and queue of the page shares one validator.
// A failed load is forgotten so that a later call tries again.
const validator: { loaded?: Engine; loading?: Promise<void> } = {};

/**
 * Loads the complete JSON Schema validator (fetched once); rejects when it could not be loaded (a later call
 * tries again). A host that validates on its own (`submitDraft`, `validateElicitContent`) awaits it first
 * for schemas with keywords outside MCP elicitation.
 */
export function loadSchemaValidator(): Promise<void> {
  if (validator.loaded) return Promise.resolve();
  validator.loading ??= import('./full-check-engine.js').then(
    (module) => {
      validator.loaded = module;
    },
    (error: unknown) => {
      validator.loading = undefined;
      throw error;
    },
  );
  return validator.loading;
}

/** Whether `loadSchemaValidator()` has finished: whole schemas are then checked synchronously. */
export function isSchemaValidatorLoaded(): boolean {
  return validator.loaded !== undefined;
}

/** Whether answers to a parsed schema get the complete check: it has rules core leaves unchecked. */
export function needsWholeCheck(parsed: ParseResult): boolean {
  return (
    parsed.ok &&
    parsed.warnings.some((warning) => warning.code === 'keyword-unchecked' || warning.code === 'pattern-invalid')
  );
}

/** Whether a schema has a `pattern` or `patternProperties` anywhere (bounded): its whole check runs patterns. */
export function hasAnyPattern(schema: unknown): boolean {
  let budget = 10_000;
  const visit = (node: unknown): boolean => {
    if (typeof node !== 'object' || node === null || --budget < 0) return false;
    if (!Array.isArray(node) && ('pattern' in node || 'patternProperties' in node)) return true;
    return Object.values(node).some(visit);
  };
  return visit(schema);
}

/** What the validator's chunk uses of the kit, handed in (it imports none of the kit's modules). */
const PARTS = { patternCheck, messages: MESSAGES };

const PENDING: FieldError = Object.freeze({
  field: '',
  code: 'schema-pending',
  message: "The server's rules for this form cannot be checked yet; try again in a moment.",
});

const PATTERN_PENDING: FieldError = Object.freeze({
  field: '',
  code: 'pattern-pending',
  message: "The server's patterns for this form cannot be checked yet; try again in a moment.",
});

/**
 * The complete check of `content` (which passes core's own checks) for a schema that needs one (`[]`
 * otherwise): the errors the SDK servers' validators would find, or `schema-pending` until loaded.
 */
export function checkWholeAnswer(schema: unknown, parsed: ParseResult, content: ElicitContent): FieldError[] {
  if (!parsed.ok || !needsWholeCheck(parsed) || typeof schema !== 'object' || schema === null) return [];
  if (!validator.loaded) return [{ ...PENDING }];
  const fields = new Set(parsed.fields.map((field) => field.key));
  const verdict = validator.loaded.checkWhole(schema as Record<string, unknown>, content, fields, PARTS);
  return verdict.kind === 'pattern-pending' ? [{ ...PATTERN_PENDING }] : verdict.errors;
}
