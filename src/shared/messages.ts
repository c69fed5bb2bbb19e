/** The kit's plain-language messages for a value that breaks a rule: one table for elicitation and tool forms. */
import type { StringFormat } from './formats.js';

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export const MESSAGES = {
  required: 'This field is required.',
  text: 'Enter text.',
  number: 'Enter a number.',
  integer: 'Enter a whole number.',
  boolean: 'Answer yes or no.',
  option: 'Choose one of the options.',
  options: 'Choose from the options.',
  pattern: 'The text does not have the form the server asks for.',
  optionPattern: 'The server does not accept this option.',
  minLength: (count: number) => `Enter at least ${plural(count, 'character', 'characters')}.`,
  maxLength: (count: number) => `Enter at most ${plural(count, 'character', 'characters')}.`,
  minimum: (limit: number) => `Enter ${limit} or more.`,
  maximum: (limit: number) => `Enter ${limit} or less.`,
  minOptions: (count: number) => `Choose at least ${plural(count, 'option', 'options')}.`,
  maxOptions: (count: number) => `Choose at most ${plural(count, 'option', 'options')}.`,
  minAnswers: (count: number) => `Answer at least ${plural(count, 'question', 'questions')}.`,
  maxAnswers: (count: number) => `Answer at most ${plural(count, 'question', 'questions')}; leave the others empty.`,
  format: {
    email: 'Enter an email address such as name@example.com.',
    uri: 'Enter a full address with its scheme, such as https://example.com/page.',
    date: 'Enter a real date as YYYY-MM-DD.',
    'date-time': 'Enter a date and time with its time zone offset, such as 2026-05-01T14:30:00+02:00.',
  } satisfies Record<StringFormat, string>,
} as const;
