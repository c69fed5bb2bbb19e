// Tests of toRjsf, one per rjsf behaviour it works around. They call rjsf's own utilities
// (@rjsf/utils with the Ajv 8 validator) on the output, so a change in rjsf shows up here.
import { getDefaultFormState, isMultiSelect, optionsList, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { describe, expect, test } from 'vitest';
import { toRjsf } from '../../src/core/to-rjsf.js';
import type { RequestedSchema } from '../../src/core/types.js';

const titledMulti = {
  type: 'object',
  properties: {
    tags: {
      type: 'array',
      title: 'Tags',
      items: {
        anyOf: [
          { const: 'a', title: 'Alpha' },
          { const: 'b', title: 'Beta' },
        ],
      },
      maxItems: 2,
    },
  },
} as const satisfies RequestedSchema;

describe('rjsf draws an array as an add/remove list unless it has uniqueItems', () => {
  test('multi-selects get uniqueItems and an enum of items, so isMultiSelect is true', () => {
    const { schema } = toRjsf(titledMulti);
    const tags = schema.properties?.tags as RJSFSchema;
    expect(tags).toEqual({
      title: 'Tags',
      type: 'array',
      uniqueItems: true,
      items: { type: 'string', enum: ['a', 'b'] },
      maxItems: 2,
    });
    expect(isMultiSelect(validator, tags)).toBe(true);
  });
});

describe('rjsf 6 ignores a schema-level enumNames', () => {
  test('legacy enumNames move to ui:enumNames, and rjsf then shows the names', () => {
    const { schema, uiSchema } = toRjsf({
      type: 'object',
      properties: { c: { type: 'string', enum: ['r', 'g'], enumNames: ['Red', 'Green'] } },
    });
    const c = schema.properties?.c as RJSFSchema;
    expect(c).toEqual({ title: 'c', type: 'string', enum: ['r', 'g'] });
    expect(optionsList(c, uiSchema.c as UiSchema)).toEqual([
      { value: 'r', label: 'Red' },
      { value: 'g', label: 'Green' },
    ]);
    // Without the move, rjsf would show the raw values:
    expect(optionsList({ type: 'string', enum: ['r', 'g'], enumNames: ['Red', 'Green'] } as RJSFSchema)).toEqual([
      { value: 'r', label: 'r' },
      { value: 'g', label: 'g' },
    ]);
  });

  test('titled multi-select labels are read from items ui:enumNames', () => {
    const { schema, uiSchema } = toRjsf(titledMulti);
    const tags = schema.properties?.tags as RJSFSchema;
    expect(optionsList(tags.items as RJSFSchema, (uiSchema.tags as UiSchema).items as UiSchema)).toEqual([
      { value: 'a', label: 'Alpha' },
      { value: 'b', label: 'Beta' },
    ]);
  });
});

describe('rjsf silently pre-fills a required oneOf with its first option', () => {
  const required = {
    type: 'object',
    properties: {
      c: {
        type: 'string',
        oneOf: [
          { const: 'a', title: 'Alpha' },
          { const: 'b', title: 'Beta' },
        ],
      },
    },
    required: ['c'],
  } as const satisfies RequestedSchema;

  test('the raw MCP schema would be pre-filled with "a" by rjsf', () => {
    expect(getDefaultFormState(validator, required as unknown as RJSFSchema, undefined)).toEqual({ c: 'a' });
  });

  test('the translated schema starts empty: nothing is chosen for the person', () => {
    const { schema } = toRjsf(required);
    expect(getDefaultFormState(validator, schema, undefined)).toEqual({});
  });

  test('a real default is still pre-filled', () => {
    const { schema } = toRjsf({ ...required, properties: { c: { ...required.properties.c, default: 'b' } } });
    expect(getDefaultFormState(validator, schema, undefined)).toEqual({ c: 'b' });
  });
});

describe('rjsf validates every anyOf branch per item (Ajv overflows near 2,000 options)', () => {
  test('3,000 titled options become one enum, which Ajv validates without overflow', () => {
    const anyOf = Array.from({ length: 3000 }, (_, i) => ({ const: `v${i}`, title: `Option ${i}` }));
    const { schema } = toRjsf({ type: 'object', properties: { big: { type: 'array', items: { anyOf } } } });
    const items = (schema.properties?.big as RJSFSchema).items as RJSFSchema;
    expect(items.anyOf).toBeUndefined();
    expect(items.enum).toHaveLength(3000);
    expect(validator.isValid(schema, { big: ['v2999', 'v0'] }, schema)).toBe(true);
    expect(validator.isValid(schema, { big: ['nope'] }, schema)).toBe(false);
  });
});

describe('a widget per variant', () => {
  const options = (n: number) => Array.from({ length: n }, (_, i) => ({ const: `v${i}`, title: `V${i}` }));
  test.each([
    [
      { type: 'string', enum: ['a', 'b'] },
      { 'ui:widget': 'radio', 'ui:enumNames': ['a', 'b'] },
    ],
    [
      { type: 'string', oneOf: options(7) },
      { 'ui:widget': 'radio', 'ui:enumNames': ['V0', 'V1', 'V2', 'V3', 'V4', 'V5', 'V6'] },
    ],
    [
      { type: 'string', oneOf: options(8) },
      { 'ui:widget': 'select', 'ui:enumNames': ['V0', 'V1', 'V2', 'V3', 'V4', 'V5', 'V6', 'V7'] },
    ],
    [
      { type: 'string', enum: ['a'], enumNames: ['A'] },
      { 'ui:widget': 'radio', 'ui:enumNames': ['A'] },
    ],
    [
      { type: 'array', items: { type: 'string', enum: ['a'] } },
      { 'ui:widget': 'checkboxes', items: { 'ui:enumNames': ['a'] } },
    ],
    [
      { type: 'array', items: { oneOf: options(1) } },
      { 'ui:widget': 'checkboxes', items: { 'ui:enumNames': ['V0'] } },
    ],
    [{ type: 'string' }, { 'ui:widget': 'text' }],
    [{ type: 'string', format: 'email' }, { 'ui:widget': 'email' }],
    [{ type: 'string', format: 'uri' }, { 'ui:widget': 'uri' }],
    [{ type: 'string', format: 'date' }, { 'ui:widget': 'date' }],
    [{ type: 'string', format: 'date-time' }, { 'ui:widget': 'datetime' }],
    [{ type: 'number' }, { 'ui:widget': 'updown' }],
    [{ type: 'integer' }, { 'ui:widget': 'updown' }],
    [{ type: 'boolean' }, { 'ui:widget': 'checkbox' }],
  ])('%j → %j', (property, ui) => {
    const { uiSchema } = toRjsf({ type: 'object', properties: { f: property } } as RequestedSchema);
    expect(uiSchema).toEqual({ f: ui, 'ui:order': ['f'] });
  });

  test('radioLimit moves the radio/select boundary', () => {
    const { uiSchema } = toRjsf(
      { type: 'object', properties: { f: { type: 'string', enum: ['a', 'b', 'c'] } } },
      { radioLimit: 2 },
    );
    expect((uiSchema.f as UiSchema)['ui:widget']).toBe('select');
  });
});

describe('rjsf reads form data through lodash paths and skips __proto__', () => {
  const schema = JSON.parse(
    '{"type":"object","properties":{"__proto__":{"type":"string","default":"p"},"a.b":{"type":"integer"},"ui:widget":{"type":"boolean"},"plain":{"type":"string"},"field_0":{"type":"string"}},"required":["a.b"]}',
  ) as RequestedSchema;

  test('unsafe keys get stand-in names that collide with nothing', () => {
    const form = toRjsf(schema);
    expect(form.formKeys).toEqual(['_field_0', 'field_1', 'field_2', 'plain', 'field_0']);
    expect(form.schema.required).toEqual(['field_1']);
    expect(form.uiSchema['ui:order']).toEqual(['_field_0', 'field_1', 'field_2', 'plain', 'field_0']);
  });

  test('answers survive the trip through rjsf form data and back', () => {
    const form = toRjsf(schema);
    const formData = getDefaultFormState(validator, form.schema, form.toFormData({ 'a.b': 3, 'ui:widget': true }));
    expect(formData).toEqual({ _field_0: 'p', field_1: 3, field_2: true });
    const draft = form.toDraft(formData);
    expect(JSON.stringify(draft)).toBe('{"__proto__":"p","a.b":3,"ui:widget":true}');
  });
});

describe('a refused schema', () => {
  test('yields an empty object form', () => {
    const form = toRjsf({ type: 'object', properties: { x: { type: 'object' } } } as never);
    expect([form.schema, form.uiSchema, form.formKeys]).toEqual([
      { type: 'object', properties: {} },
      { 'ui:order': [] },
      [],
    ]);
  });
});
