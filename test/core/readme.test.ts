// The README's API tour, run as written: if a value in the README changes, this test fails.
import { expect, test } from 'vitest';
import {
  initialDraft,
  parseRequestedSchema,
  submitDraft,
  toRjsf,
  validateElicitContent,
} from '../../src/core/index.js';

const requestedSchema = {
  type: 'object',
  properties: {
    region: {
      type: 'string',
      title: 'Region',
      oneOf: [
        { const: 'eu', title: 'Europe' },
        { const: 'us', title: 'United States' },
      ],
    },
    replicas: { type: 'integer', minimum: 1, maximum: 9, default: 3 },
    notify: {
      type: 'array',
      items: {
        anyOf: [
          { const: 'mail', title: 'Email' },
          { const: 'chat', title: 'Chat' },
        ],
      },
    },
    note: { type: 'string', maxLength: 200 },
  },
  required: ['region'],
} as const;

test('the README API tour gives the values it states', () => {
  const parsed = parseRequestedSchema(requestedSchema);
  expect(parsed.ok && parsed.fields[0]).toEqual({
    key: 'region',
    label: 'Region',
    required: true,
    kind: 'single-select',
    variant: 'titled',
    spelling: 'oneOf',
    options: [
      { value: 'eu', label: 'Europe' },
      { value: 'us', label: 'United States' },
    ],
  });
  const draft = initialDraft(requestedSchema);
  expect(draft).toStrictEqual({ replicas: 3 });
  expect(submitDraft(requestedSchema, { ...draft, region: 'eu', notify: ['chat', 'mail'], note: '' })).toStrictEqual({
    ok: true,
    result: { action: 'accept', content: { region: 'eu', replicas: 3, notify: ['mail', 'chat'] } },
  });
  expect(submitDraft(requestedSchema, { replicas: 'abc' })).toStrictEqual({
    ok: false,
    errors: [
      { field: 'region', code: 'required', message: 'This field is required.' },
      { field: 'replicas', code: 'not-a-number', message: 'Enter a number.' },
    ],
  });
  expect(validateElicitContent(requestedSchema, { region: 'mars' })).toStrictEqual([
    { field: 'region', code: 'option', message: '"mars" is not one of the options.' },
  ]);
  const { schema, uiSchema, toDraft } = toRjsf(requestedSchema);
  expect(Object.keys(schema.properties ?? {})).toEqual(['region', 'replicas', 'notify', 'note']);
  expect(uiSchema.region).toEqual({ 'ui:widget': 'radio', 'ui:enumNames': ['Europe', 'United States'] });
  expect(toDraft({ region: 'us' })).toStrictEqual({ region: 'us' });
});
