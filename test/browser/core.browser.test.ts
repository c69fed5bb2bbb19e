/**
 * The React-free core runs unchanged in real Chromium. The browser project's Playwright context is
 * in America/New_York (vitest.config.ts), so local date-times get that zone's offset, DST included.
 */
import { describe, expect, test } from 'vitest';

import { parseRequestedSchema, submitDraft } from '../../src/core/index.js';
import type { RequestedSchema } from '../../src/core/index.js';

const meeting: RequestedSchema = {
  type: 'object',
  properties: { when: { type: 'string', format: 'date-time' } },
  required: ['when'],
};

describe('given Chromium in America/New_York', () => {
  test('the page clock is in that zone (EDT or EST)', () => {
    expect([240, 300]).toContain(new Date().getTimezoneOffset());
  });

  test.each([
    ['a summer date (EDT)', '2026-07-01T09:30', '2026-07-01T09:30:00-04:00'],
    ['a winter date (EST)', '2026-01-15T09:30', '2026-01-15T09:30:00-05:00'],
  ])('submitDraft sends %s with the local offset', (_name, local, sent) => {
    expect(submitDraft(meeting, { when: local })).toEqual({
      ok: true,
      result: { action: 'accept', content: { when: sent } },
    });
  });
});

describe('given a titled single select', () => {
  test('parseRequestedSchema reads its options in schema order', () => {
    const parsed = parseRequestedSchema({
      type: 'object',
      properties: {
        color: {
          type: 'string',
          oneOf: [
            { const: 'a', title: 'Alpha' },
            { const: 'b', title: 'Beta' },
          ],
        },
      },
    });
    expect(parsed).toMatchObject({
      ok: true,
      fields: [
        {
          key: 'color',
          kind: 'single-select',
          variant: 'titled',
          options: [
            { value: 'a', label: 'Alpha' },
            { value: 'b', label: 'Beta' },
          ],
        },
      ],
    });
  });
});
