/**
 * The person's answers while the form is open (`Draft`), and how they become an `ElicitResult`.
 *
 * Rules (MCP 2025-11-25, "Elicitation" → "Response Actions"; SEP-1034):
 * - Nothing is invented: a field without a default starts absent, never `""`, `0` or `false`.
 * - An empty optional field is omitted from `content` (no `null`, no `""`); `0`, `false` and `"0"`
 *   are answers.
 * - A required boolean left untouched is sent as `false`: the person saw an unticked box and
 *   submitted it. A required multi-select left untouched is sent as `[]` (then `minItems` applies).
 * - Number fields take a number or the text of one; text that is not a number is an error, never
 *   coerced. Text whose decimal value a JSON number cannot carry exactly (`9007199254740993`,
 *   `1e-400`) is refused (`precision`), never rounded. Integers leave as JSON numbers.
 * - Multi-selects leave as `string[]` in option order, whatever order they were ticked in.
 * - A `date-time` typed as a local `YYYY-MM-DDTHH:MM[:SS]` gets the local offset of that instant
 *   (DST-aware); a local time that does not exist (a DST gap) is an error.
 * - The root's `minProperties` and `maxProperties` count the answers sent (a form-wide error, field `""`).
 * - Keys not in the schema are dropped; `__proto__` and `constructor` are ordinary keys (an
 *   optional `constructor` is asked for as required: see the `inherited-key` problem).
 */
import type { Field } from './fields.js';
import { MESSAGES } from '../shared/messages.js';
import { localDateTimeToRfc3339 } from '../shared/date-time.js';
import { exactNumber, NUMBER_TEXT } from '../shared/numbers.js';
import { hasOwn, isRecord, quoteShort, setOwn } from '../shared/path.js';
import type { FieldError } from './problems.js';
import { parseCached } from './schema.js';
import type { ElicitContent, ElicitResult, ElicitValue, RequestedSchema } from './types.js';
import { optionIndex } from './option-index.js';
import { checkWholeAnswer } from './full-check.js';
import { checkAnswerCount, checkValue, REQUIRED, type ValueIssue } from './value.js';

/** What one field holds while the form is open. Number fields may hold the text typed so far. */
export type DraftValue = string | number | boolean | string[];

/** A value of draft (and `content`) shape: text, a finite number, a boolean, or a list of texts. */
export function isDraftValue(value: unknown): value is DraftValue {
  if (typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** The form's state: a value per property key; an absent key means "not answered". */
export type Draft = { [key: string]: DraftValue | undefined };

/** The outcome of `submitDraft`. */
export type SubmitResult =
  | { ok: true; result: ElicitResult & { action: 'accept'; content: ElicitContent } }
  | { ok: false; errors: FieldError[] };

/** The form's starting state: defaults pre-filled (SEP-1034), every other field absent. */
export function initialDraft(schema: RequestedSchema): Draft {
  const draft: Draft = {};
  const parsed = parseCached(schema);
  if (!parsed.ok) return draft;
  for (const field of parsed.fields) {
    if (field.default !== undefined) {
      setOwn(draft, field.key, Array.isArray(field.default) ? [...field.default] : field.default);
    }
  }
  return draft;
}

/**
 * Turns what the form holds into the JSON value to send: `undefined` when the field is empty,
 * `{ issue }` when it holds text that cannot be sent.
 */
function normalize(field: Field, raw: unknown): { value: unknown } | { issue: ValueIssue } | undefined {
  if (raw === undefined || raw === null || (field.kind === 'multi-select' && Array.isArray(raw) && raw.length === 0)) {
    // A required box left unticked is `false`; a required multi-select left empty is `[]`.
    if (field.required && field.kind === 'boolean') return { value: false };
    if (field.required && field.kind === 'multi-select') return { value: [] };
    return undefined;
  }
  // "" is empty, unless the server offers "" as an option.
  if (
    raw === '' &&
    (field.kind === 'text' ||
      field.kind === 'file' ||
      (field.kind === 'single-select' && optionIndex(field.options)('') < 0))
  )
    return undefined;
  if (field.kind === 'text' && field.format === 'date-time' && typeof raw === 'string') {
    const converted = localDateTimeToRfc3339(raw);
    if (converted !== undefined) return typeof converted === 'string' ? { value: converted } : { issue: converted };
  }
  if (field.kind === 'number' && typeof raw === 'string') {
    const text = raw.trim();
    if (text === '') return undefined;
    if (!NUMBER_TEXT.test(text)) return { issue: { code: 'not-a-number', message: MESSAGES.number } };
    const number = Number(text);
    // JSON sends a number's shortest decimal: text whose value does not survive that is refused, never rounded.
    if (Number.isFinite(number) && exactNumber(text) === undefined) {
      return {
        issue: {
          code: 'precision',
          message: `${quoteShort(text)} cannot be sent exactly: it would arrive as ${String(number)}.`,
        },
      };
    }
    return { value: number };
  }
  return { value: raw };
}

/**
 * Sorts chosen values (distinct options, `checkValue` made sure) into the schema's option order, never
 * click order; by their indexes, so a tick in a list of 100,000 sorts the few chosen, not the list.
 */
function inOptionOrder(field: Extract<Field, { kind: 'multi-select' }>, values: string[]): string[] {
  const index = optionIndex(field.options);
  return [...values].sort((a, b) => index(a) - index(b));
}

/** One field's part of an answer: the value to send (`undefined`: left out), or why it cannot be sent. */
export type FieldAnswer = { ok: true; value: ElicitValue | undefined } | { ok: false; issue: ValueIssue };

/** Core's verdict on one field holding `raw`: the single rule `submitDraft` and the form model share. */
export function answerField(field: Field, raw: unknown): FieldAnswer {
  const normalized = normalize(field, raw);
  if (normalized === undefined) return field.required ? { ok: false, issue: REQUIRED } : { ok: true, value: undefined };
  if ('issue' in normalized) return { ok: false, issue: normalized.issue };
  const problem = checkValue(field, normalized.value);
  if (problem) return { ok: false, issue: problem };
  const value =
    field.kind === 'multi-select'
      ? inOptionOrder(field, normalized.value as string[])
      : (normalized.value as ElicitValue);
  return { ok: true, value };
}

/** The error of a form whose schema core refuses. */
export const SCHEMA_REFUSED: FieldError = Object.freeze({
  field: '',
  code: 'schema',
  message: 'The requested schema is refused, so no answer can conform; decline or cancel instead.',
});

/**
 * Builds the `accept` result from the form's state, or says which fields are wrong. Never throws.
 * The content it returns always passes `validateElicitContent` (and the SDK server's check).
 */
export function submitDraft(schema: RequestedSchema, draft: Draft): SubmitResult {
  const parsed = parseCached(schema);
  if (!parsed.ok) return { ok: false, errors: [{ ...SCHEMA_REFUSED }] };
  const source: object = isRecord(draft) ? draft : {};
  const content: ElicitContent = {};
  const errors: FieldError[] = [];
  for (const field of parsed.fields) {
    const answer = answerField(field, hasOwn(source, field.key) ? (source as Draft)[field.key] : undefined);
    if (!answer.ok) errors.push({ field: field.key, ...answer.issue });
    else if (answer.value !== undefined) setOwn(content, field.key, answer.value);
  }
  // Counted once every field is right: until then the number of answers is still moving.
  const count = errors.length === 0 ? checkAnswerCount(parsed, Object.keys(content).length) : undefined;
  if (count) errors.push(count);
  if (errors.length > 0) return { ok: false, errors };
  // Rules core does not read (allOf, not, const, …): the complete check, once core finds nothing.
  const whole = checkWholeAnswer(schema, parsed, content);
  if (whole.length > 0) return { ok: false, errors: whole };
  return { ok: true, result: { action: 'accept', content } };
}
