/**
 * `toRjsf`: the schema and uiSchema `@rjsf/core` 6 needs to draw an elicitation form, rebuilt from the
 * classified fields so nothing else a server sent reaches rjsf. Each workaround is pinned by a test.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { Field } from './fields.js';
import type { Draft } from './draft.js';
import { hasOwn, isRecord, pickDefined, setOwn } from '../shared/path.js';
import { parseCached } from './schema.js';
import { DEFAULT_RADIO_LIMIT, widgetFor } from './widgets.js';
import type { RequestedSchema } from './types.js';

/** Options for `toRjsf`. */
export interface ToRjsfOptions {
  /** Single selects with at most this many options are radio groups; longer ones are selects. Default 7. */
  radioLimit?: number;
}

/** The rjsf pair for one form, with the key mapping between rjsf's form data and the draft. */
export interface RjsfForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** The rjsf property name of each field, in field order: a stand-in for keys rjsf mishandles (`a.b`). */
  formKeys: string[];
  /** rjsf `formData` → the kit's `Draft` (MCP keys). */
  toDraft(formData: unknown): Draft;
  /** The kit's `Draft` → rjsf `formData`. */
  toFormData(draft: Draft): Record<string, unknown>;
}

function fieldToRjsf(field: Field, radioLimit: number): { schema: RJSFSchema; ui: UiSchema } {
  const base: RJSFSchema = { title: field.label, ...pickDefined(field, ['description']) };
  switch (field.kind) {
    case 'text': {
      return {
        schema: {
          ...base,
          type: 'string',
          ...pickDefined(field, ['format', 'minLength', 'maxLength', 'pattern', 'default']),
          // JSON Schema's "never read back": what the kit's text widget masks (core dropped a secret's default).
          ...(field.secret && { writeOnly: true }),
        },
        ui: { 'ui:widget': widgetFor(field) },
      };
    }
    case 'number':
      return {
        schema: {
          ...base,
          type: field.integer ? 'integer' : 'number',
          ...pickDefined(field, ['minimum', 'maximum', 'default']),
        },
        ui: { 'ui:widget': widgetFor(field) },
      };
    case 'boolean':
      return {
        schema: { ...base, type: 'boolean', ...pickDefined(field, ['default']) },
        ui: { 'ui:widget': widgetFor(field) },
      };
    case 'single-select':
      // Titled options (oneOf const/title, legacy enumNames) become `enum` + `ui:enumNames`:
      // rjsf 6 ignores a schema-level `enumNames`, silently pre-fills a required `oneOf` with its
      // first option, and validates every `oneOf` branch (Ajv overflows its stack near 2,000).
      return {
        schema: { ...base, type: 'string', enum: optionValuesOf(field), ...pickDefined(field, ['default']) },
        ui: {
          'ui:widget': widgetFor(field, radioLimit),
          'ui:enumNames': optionLabelsOf(field),
        },
      };
    case 'multi-select':
      // `uniqueItems: true` with an `enum` of items is what makes rjsf draw a multi-select
      // (checkboxes) instead of an add/remove list; labels go in `items['ui:enumNames']`.
      return {
        schema: {
          ...base,
          type: 'array',
          uniqueItems: true,
          items: { type: 'string', enum: optionValuesOf(field) },
          ...pickDefined(field, ['minItems', 'maxItems']),
          ...(field.default !== undefined && { default: [...field.default] }),
        },
        ui: {
          'ui:widget': widgetFor(field),
          items: { 'ui:enumNames': optionLabelsOf(field) },
        },
      };
    case 'file':
      // No `format: "uri"`: SEP-2356 says not to assert it on a file field (a long data: URI through a regex).
      // The descriptor stays under its own keyword, where the kit's file widget reads it.
      return {
        schema: { ...base, type: 'string', 'x-mcp-file': pickDefined(field, ['accept', 'maxSize']) },
        ui: { 'ui:widget': widgetFor(field) },
      };
    default:
      return field satisfies never;
  }
}

function optionValuesOf(field: Extract<Field, { options: unknown }>): string[] {
  return field.options.map((option) => option.value);
}

function optionLabelsOf(field: Extract<Field, { options: unknown }>): string[] {
  return field.options.map((option) => option.label);
}

const PLAIN_KEY = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * rjsf reads form data through lodash paths (a dot splits a key, `__proto__` is skipped), treats `ui:`
 * keys as options, and reads inherited names off `{}`: such keys get an unused `field_<n>` name.
 */
function rjsfKeys(keys: string[]): string[] {
  const taken = new Set(keys);
  return keys.map((key, index) => {
    if (PLAIN_KEY.test(key) && !(key in Object.prototype)) return key;
    let candidate = `field_${index}`;
    while (taken.has(candidate)) candidate = `_${candidate}`;
    taken.add(candidate);
    return candidate;
  });
}

/** The members of `source` named in `from` (present, not `undefined`), each under the name of the same place in `to`. */
function remap(source: unknown, from: string[], to: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (isRecord(source))
    from.forEach((key, index) => {
      if (hasOwn(source, key) && source[key] !== undefined) setOwn(out, to[index] as string, source[key]);
    });
  return out;
}

/**
 * The rjsf schema and uiSchema for a `requestedSchema` (an empty form when it is refused). Pair it with
 * `experimental_defaultFormStateBehavior={{ constAsDefaults: 'skipOneOf' }}`.
 */
export function toRjsf(schema: RequestedSchema, options: ToRjsfOptions = {}): RjsfForm {
  const radioLimit = options.radioLimit ?? DEFAULT_RADIO_LIMIT;
  const parsed = parseCached(schema);
  const properties: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = {};
  const required: string[] = [];
  const fields = parsed.ok ? parsed.fields : [];
  const keys = fields.map((field) => field.key);
  const formKeys = rjsfKeys(keys);
  fields.forEach((field, index) => {
    const formKey = formKeys[index] as string;
    const { schema: fieldSchema, ui } = fieldToRjsf(field, radioLimit);
    setOwn(properties, formKey, fieldSchema);
    setOwn(uiSchema, formKey, ui);
    if (field.required) required.push(formKey);
  });
  uiSchema['ui:order'] = [...formKeys];
  return {
    schema: { type: 'object', properties, ...(required.length > 0 && { required }) },
    uiSchema,
    formKeys,
    toDraft: (formData) => remap(formData, formKeys, keys) as Draft,
    toFormData: (draft) => remap(draft, keys, formKeys),
  };
}
