/** `checkValue`: the one rule book for content, submitted drafts and defaults, so they never disagree. */
import type { Field, TextField } from './fields.js';
import { codePointLength, matchesFormat } from '../shared/formats.js';
import type { FieldErrorCode } from './problems.js';
import { quoteShort } from '../shared/path.js';
import { patternCheck } from '../shared/pattern-engine.js';
import { MESSAGES } from '../shared/messages.js';
import { optionIndex } from './option-index.js';
import { acceptsFile, fileTooLargeMessage, fileWrongTypeMessage, readDataUri } from './files.js';

/** Why a value does not fit a field. */
export interface ValueIssue {
  code: FieldErrorCode;
  message: string;
}

/** The root's bounds on how many fields an answer holds (`ParseResult`'s `minProperties`, `maxProperties`). */
export interface AnswerCount {
  minProperties?: number;
  maxProperties?: number;
}

/** Why an answer of `count` fields breaks the root's `minProperties` or `maxProperties`, as a form-wide error. */
export function checkAnswerCount(
  { minProperties, maxProperties }: AnswerCount,
  count: number,
): (ValueIssue & { field: '' }) | undefined {
  if (minProperties !== undefined && count < minProperties)
    return { field: '', code: 'min-properties', message: MESSAGES.minAnswers(minProperties) };
  if (maxProperties !== undefined && count > maxProperties)
    return { field: '', code: 'max-properties', message: MESSAGES.maxAnswers(maxProperties) };
  return undefined;
}

/** A required field without an answer. */
export const REQUIRED: ValueIssue = { code: 'required', message: MESSAGES.required };

/** As the tools' `maxPatternInputLength`: the match is linear in the text times the pattern's size. */
const MAX_PATTERN_INPUT_LENGTH = 10_000;

function issue(code: FieldErrorCode, message: string): ValueIssue {
  return { code, message };
}

/**
 * Until the engine is loaded the text is refused (`pattern-pending`), never passed; `server-only` patterns
 * pass, and so does any text when there is no pattern or `patterns` is `'skip'`.
 */
function checkPattern(
  { pattern, description, example }: Pick<TextField, 'pattern' | 'description' | 'example'>,
  value: string,
  patterns: 'run' | 'skip',
  mismatch: string = MESSAGES.pattern,
): ValueIssue | undefined {
  if (pattern === undefined || patterns === 'skip') return undefined;
  const check = patternCheck(pattern);
  // A pattern of many RE2 instructions is matched on shorter texts (`longest`): the work is bounded.
  const longest = Math.min(MAX_PATTERN_INPUT_LENGTH, check.kind === 'linear' ? check.longest : Infinity);
  if (value.length > longest) {
    return issue('pattern', `Text over ${longest} characters cannot be checked against the server's pattern.`);
  }
  switch (check.kind) {
    case 'pending':
      return issue(
        'pattern-pending',
        "The server's pattern for this field cannot be checked yet; try again in a moment.",
      );
    case 'server-only':
      return undefined;
    case 'linear':
      if (check.test(value)) return undefined;
      // What the server says of the field, and its example when the example itself fits the pattern.
      return issue(
        'pattern',
        [
          mismatch,
          description,
          example !== undefined && example.length <= longest && check.test(example) ? `For example: ${example}` : '',
        ]
          .filter(Boolean)
          .join(' '),
      );
    default:
      return check satisfies never;
  }
}

/**
 * The first rule `value` (present) breaks. `patterns: 'skip'` is for defaults: the verdict on a schema
 * must not depend on when the pattern engine loads.
 */
export function checkValue(field: Field, value: unknown, patterns: 'run' | 'skip' = 'run'): ValueIssue | undefined {
  switch (field.kind) {
    case 'text': {
      if (typeof value !== 'string') return issue('type', MESSAGES.text);
      const length = codePointLength(value);
      if (field.minLength !== undefined && length < field.minLength) {
        return issue('min-length', MESSAGES.minLength(field.minLength));
      }
      if (field.maxLength !== undefined && length > field.maxLength) {
        return issue('max-length', MESSAGES.maxLength(field.maxLength));
      }
      if (field.format !== undefined && !matchesFormat(field.format, value))
        return issue('format', MESSAGES.format[field.format]);
      return checkPattern(field, value, patterns);
    }
    case 'number': {
      if (typeof value !== 'number') return issue('type', MESSAGES.number);
      if (!Number.isFinite(value)) return issue('not-a-number', 'Enter a finite number.');
      if (field.integer && !Number.isInteger(value)) return issue('integer', MESSAGES.integer);
      // Beyond 2^53 neighbouring integers share one number: the value may already be a rounded one.
      if (field.integer && !Number.isSafeInteger(value)) {
        return issue(
          'precision',
          `Enter a whole number from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}; larger ones cannot be sent exactly.`,
        );
      }
      if (field.minimum !== undefined && value < field.minimum)
        return issue('minimum', MESSAGES.minimum(field.minimum));
      if (field.maximum !== undefined && value > field.maximum)
        return issue('maximum', MESSAGES.maximum(field.maximum));
      return undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : issue('type', MESSAGES.boolean);
    case 'single-select': {
      if (typeof value !== 'string') return issue('type', MESSAGES.option);
      if (optionIndex(field.options)(value) < 0)
        return issue('option', `${quoteShort(value)} is not one of the options.`);
      return checkPattern({ pattern: field.pattern }, value, patterns, MESSAGES.optionPattern);
    }
    case 'multi-select': {
      if (!Array.isArray(value)) return issue('type', MESSAGES.options);
      const values = optionIndex(field.options);
      const seen = new Set<string>();
      for (const item of value as unknown[]) {
        if (typeof item !== 'string') return issue('type', MESSAGES.options);
        if (values(item) < 0) {
          return issue('option', `${quoteShort(item)} is not one of the options.`);
        }
        if (seen.has(item)) return issue('duplicate', `${quoteShort(item)} is chosen twice.`);
        seen.add(item);
        const mismatch = checkPattern({ pattern: field.pattern }, item, patterns, MESSAGES.optionPattern);
        if (mismatch) return mismatch;
      }
      if (field.minItems !== undefined && value.length < field.minItems) {
        return issue('min-items', MESSAGES.minOptions(field.minItems));
      }
      if (field.maxItems !== undefined && value.length > field.maxItems) {
        return issue('max-items', MESSAGES.maxOptions(field.maxItems));
      }
      return undefined;
    }
    case 'file': {
      // SEP-2356 "Wire encoding": an RFC 2397 `data:` URI, base64 or percent-encoded.
      const data = readDataUri(value);
      if (data === undefined) return issue('file', 'Choose a file.');
      if (field.maxSize !== undefined && data.size > field.maxSize)
        return issue('file-size', fileTooLargeMessage(data.size, field.maxSize));
      if (!acceptsFile(field.accept, data.type))
        return issue('file-type', fileWrongTypeMessage(data.type, field.accept ?? []));
      return undefined;
    }
    default:
      return field satisfies never;
  }
}
