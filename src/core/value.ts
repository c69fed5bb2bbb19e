/** `checkValue`: the one rule book for content, submitted drafts and defaults, so they never disagree. */
import type { Field, TextField } from './fields.js';
import { codePointLength, matchesFormat } from '../shared/formats.js';
import type { FieldErrorCode } from './problems.js';
import { quoteShort } from '../shared/path.js';
import { patternCheck } from '../shared/pattern-engine.js';

/** Why a value does not fit a field. */
export interface ValueIssue {
  code: FieldErrorCode;
  message: string;
}

/** A required field without an answer. */
export const REQUIRED: ValueIssue = { code: 'required', message: 'This field is required.' };

const FORMAT_HINT = {
  email: 'Enter an email address such as name@example.com.',
  uri: 'Enter a full address with its scheme, such as https://example.com/page.',
  date: 'Enter a real date as YYYY-MM-DD.',
  'date-time': 'Enter a date and time with its time zone offset, such as 2026-05-01T14:30:00+02:00.',
} as const;

// Memoised per field object (a WeakMap): thousands of options stay O(1) per check.
const optionSets = new WeakMap<Field, ReadonlySet<string>>();

export function optionValues(field: Extract<Field, { options: unknown }>): ReadonlySet<string> {
  let set = optionSets.get(field);
  if (!set) {
    set = new Set(field.options.map((option) => option.value));
    optionSets.set(field, set);
  }
  return set;
}

/** As the tools' `maxPatternInputLength`: the match is linear in the text times the pattern's size. */
const MAX_PATTERN_INPUT_LENGTH = 10_000;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function issue(code: FieldErrorCode, message: string): ValueIssue {
  return { code, message };
}

/** Until the engine is loaded the text is refused (`pattern-pending`), never passed; `server-only` patterns pass. */
function checkPattern({ pattern = '', description, example }: TextField, value: string): ValueIssue | undefined {
  const check = patternCheck(pattern);
  // A pattern of many RE2 instructions is matched on shorter texts (`longest`): the work is bounded.
  const longest = Math.min(MAX_PATTERN_INPUT_LENGTH, check.kind === 'linear' ? check.longest : Infinity);
  if (value.length > longest) {
    return issue(
      'pattern',
      `The text is too long to check against the server's pattern (more than ${longest} characters).`,
    );
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
          'The text does not have the form the server asks for.',
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
      if (typeof value !== 'string') return issue('type', 'Enter text.');
      const length = codePointLength(value);
      if (field.minLength !== undefined && length < field.minLength) {
        return issue('min-length', `Enter at least ${plural(field.minLength, 'character', 'characters')}.`);
      }
      if (field.maxLength !== undefined && length > field.maxLength) {
        return issue('max-length', `Enter at most ${plural(field.maxLength, 'character', 'characters')}.`);
      }
      if (field.format !== undefined && !matchesFormat(field.format, value))
        return issue('format', FORMAT_HINT[field.format]);
      if (field.pattern !== undefined && patterns === 'run') return checkPattern(field, value);
      return undefined;
    }
    case 'number': {
      if (typeof value !== 'number') return issue('type', 'Enter a number.');
      if (!Number.isFinite(value)) return issue('not-a-number', 'Enter a finite number.');
      if (field.integer && !Number.isInteger(value)) return issue('integer', 'Enter a whole number.');
      // Beyond 2^53 neighbouring integers share one number: the value may already be a rounded one.
      if (field.integer && !Number.isSafeInteger(value)) {
        return issue(
          'precision',
          'Enter a whole number from -9007199254740991 to 9007199254740991; larger ones cannot be sent exactly.',
        );
      }
      if (field.minimum !== undefined && value < field.minimum)
        return issue('minimum', `Enter ${field.minimum} or more.`);
      if (field.maximum !== undefined && value > field.maximum)
        return issue('maximum', `Enter ${field.maximum} or less.`);
      return undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : issue('type', 'Answer yes or no.');
    case 'single-select': {
      if (typeof value !== 'string') return issue('type', 'Choose one of the options.');
      return optionValues(field).has(value)
        ? undefined
        : issue('option', `${quoteShort(value)} is not one of the options.`);
    }
    case 'multi-select': {
      if (!Array.isArray(value)) return issue('type', 'Choose from the options.');
      const values = optionValues(field);
      const seen = new Set<string>();
      for (const item of value as unknown[]) {
        if (typeof item !== 'string') return issue('type', 'Choose from the options.');
        if (!values.has(item)) {
          return issue('option', `${quoteShort(item)} is not one of the options.`);
        }
        if (seen.has(item)) return issue('duplicate', `${quoteShort(item)} is chosen twice.`);
        seen.add(item);
      }
      if (field.minItems !== undefined && value.length < field.minItems) {
        return issue('min-items', `Choose at least ${plural(field.minItems, 'option', 'options')}.`);
      }
      if (field.maxItems !== undefined && value.length > field.maxItems) {
        return issue('max-items', `Choose at most ${plural(field.maxItems, 'option', 'options')}.`);
      }
      return undefined;
    }
    default:
      return field satisfies never;
  }
}
