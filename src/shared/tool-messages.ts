/** Messages only tool forms need (lists, groups, exclusive bounds): a module apart, so the elicitation entries do not carry them. */
import { MESSAGES, plural } from './messages.js';

export const TOOL_MESSAGES = {
  ...MESSAGES,
  list: 'Enter a list.',
  group: 'Fill in this group.',
  unique: 'Each item must be different.',
  above: (limit: number) => `Enter more than ${limit}.`,
  below: (limit: number) => `Enter less than ${limit}.`,
  multipleOf: (step: number) => `Enter a multiple of ${step}.`,
  minItems: (count: number) => `Add at least ${plural(count, 'item', 'items')}.`,
  maxItems: (count: number) => `Add at most ${plural(count, 'item', 'items')}.`,
} as const;
