/** What can be wrong with a request or an answer, as stable codes (for tests, hosts and translations). */

/** Problems that refuse the form: no answer the server would accept can be built; only Decline and Cancel remain. */
export const BLOCKING_PROBLEM_CODES = [
  'not-object',
  'root-type',
  'properties-invalid',
  'required-invalid',
  'required-unknown',
  /** A property has no `type`, or one the spec does not allow (`null`, a list of types, …). */
  'type-unknown',
  /** A property is an object: elicitation schemas are flat. */
  'nested-object',
  /** An array property is not a multi-select of strings (no `items`, objects in `items`, …). */
  'array-items',
  'option-not-string',
  /** An option list is empty or not an array, or an option is not `{ const, title }`. */
  'options-invalid',
  'duplicate-value',
  'enum-names-mismatch',
  'options-ambiguous',
  'format-unknown',
  /** A bound is not a number, or a length/count bound is not a non-negative integer. */
  'bound-invalid',
  /**
   * A lower bound is above its upper bound, or no answer can meet it: `minItems` above the number of options,
   * root `minProperties` above the number of fields, `maxProperties` below the number of required ones.
   */
  'bounds-conflict',
  /** Drawing such a form would stall the page (100,000 fields take about 6 s in Chromium). */
  'too-many-fields',
  'too-many-options',
  'too-many-options-total',
  /** The input could not be read at all (a throwing getter, a Proxy): nothing in it is trusted. */
  'unreadable',
  /** SEP-2356: an `x-mcp-file` whose `accept` or `maxSize` is malformed. */
  'file-invalid',
] as const;

/** Problems that leave the form usable: the offending part is ignored. */
export const WARNING_PROBLEM_CODES = [
  /** A `default` that is of the wrong type, not an option, or breaks a bound: ignored (SEP-1034). */
  'default-invalid',
  'annotation-invalid',
  /** A titled option without a string `title`: its value is shown instead. */
  'option-title-missing',
  /** A `pattern` that does not compile as a Unicode RegExp, or is over 4,096 characters: not checked by the kit. */
  'pattern-invalid',
  /**
   * A keyword outside the elicitation schema that may constrain the answer; kept, not checked. At the
   * root (`minProperties`… except those checked), on a field (`properties.size.const`), in `items`
   * (`properties.tags.items.const`) or in a titled option (`properties.size.oneOf[0].minLength`).
   */
  'keyword-unchecked',
  /**
   * An option that breaks its field's `minLength`, `maxLength` or `format` (or those of `items`): the server
   * would refuse it, so it is not offered. When no option is left the form is refused (`options-invalid`).
   */
  'option-unacceptable',
  /**
   * An optional key named like an `Object.prototype` member: the SDK server's Ajv reads it from the prototype when
   * absent and refuses the answer, so the kit asks for it as required.
   */
  'inherited-key',
] as const;

/** A problem code. */
export type SchemaProblemCode = (typeof BLOCKING_PROBLEM_CODES)[number] | (typeof WARNING_PROBLEM_CODES)[number];

/** Something wrong with a `requestedSchema`, located by path (`properties.color.enumNames`). */
export interface SchemaProblem {
  /** Where: `""` is the schema itself, then `properties.x`, `properties["a.b"].oneOf[2].const`, `required[0]`. */
  path: string;
  message: string;
  code: SchemaProblemCode;
  /** `error` refuses the form; `warning` ignores the offending part. */
  severity: 'error' | 'warning';
}

/** Why an answer does not conform. */
export const FIELD_ERROR_CODES = [
  'required',
  'type',
  /** Text that is not a number, or a non-finite number. */
  'not-a-number',
  'integer',
  /** Cannot be sent exactly: JSON would change the decimal (`9007199254740993`), or an integer beyond ±(2^53 − 1). */
  'precision',
  'minimum',
  'maximum',
  'min-length',
  'max-length',
  'format',
  /** A local date and time that does not exist in the person's time zone (a DST gap). */
  'nonexistent-time',
  'pattern',
  /** The pattern engine is not loaded yet (await `loadPatternEngine()`): refused rather than passed unchecked. */
  'pattern-pending',
  'option',
  'duplicate',
  'min-items',
  'max-items',
  /** SEP-2356: a file value that is not a well-formed RFC 2397 `data:` URI. */
  'file',
  /** A file over the field's `maxSize` (decoded bytes). */
  'file-size',
  /** A file outside the field's `accept`. */
  'file-type',
  /** Fewer answers than the schema's root `minProperties`. */
  'min-properties',
  /** More answers than the schema's root `maxProperties`. */
  'max-properties',
  /** A key the schema forbids (`additionalProperties: false`). */
  'unexpected',
  /** The schema itself is refused, so no answer can conform. */
  'schema',
  /** The host refuses forms that ask for a secret (`secrets: 'refuse'`): nothing is sent but decline or cancel. */
  'secret-refused',
  /** A form asks for a file (SEP-2356) and the host did not opt in (`files`): nothing is sent but decline or cancel. */
  'files-refused',
  /** A rule of the requested schema outside MCP elicitation (`allOf`, `not`, `const`, `multipleOf`, …), found by the complete check. */
  'rule',
  /** The complete JSON Schema validator is not loaded yet (await `loadSchemaValidator()`): refused rather than sent unchecked. */
  'schema-pending',
] as const;

/** A field error code. */
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** Why one field's answer does not conform. */
export interface FieldError {
  /** The property key (`""` for the content as a whole). */
  field: string;
  message: string;
  code: FieldErrorCode;
}
