/**
 * What can be wrong with a request or an answer, as stable codes. Messages are for people; codes are
 * for tests, hosts and translations.
 */

/**
 * Problems that refuse the form: the kit cannot build an answer the server would accept, so the
 * person is offered only Decline and Cancel.
 */
export const BLOCKING_PROBLEM_CODES = [
  /** The schema (or a property schema) is not a JSON object. */
  'not-object',
  /** The root `type` is missing or not `"object"`. */
  'root-type',
  /** `properties` is missing or not an object. */
  'properties-invalid',
  /** `required` is not an array of strings. */
  'required-invalid',
  /** `required` names a property that `properties` does not have. */
  'required-unknown',
  /** A property has no `type`, or one the spec does not allow (`null`, a list of types, …). */
  'type-unknown',
  /** A property is an object: elicitation schemas are flat. */
  'nested-object',
  /** An array property is not a multi-select of strings (no `items`, objects in `items`, …). */
  'array-items',
  /** An `enum` value or an option's `const` is not a string. */
  'option-not-string',
  /** An option list is empty or not an array, or an option is not `{ const, title }`. */
  'options-invalid',
  /** The same value appears twice among the options. */
  'duplicate-value',
  /** `enumNames` is not a list of strings as long as `enum`. */
  'enum-names-mismatch',
  /** Both `enum` and `oneOf`/`anyOf` are given, so the options are ambiguous. */
  'options-ambiguous',
  /** A `format` other than email, uri, date, date-time. */
  'format-unknown',
  /** A bound is not a number, or a length/count bound is not a non-negative integer. */
  'bound-invalid',
  /** A lower bound is above its upper bound (or `minItems` exceeds the number of options). */
  'bounds-conflict',
  /**
   * More properties than `MAX_FIELDS`: no person fills in such a form, and drawing it would stall
   * the page for seconds (100,000 fields take about 6 s in Chromium).
   */
  'too-many-fields',
  /**
   * A select lists more options than `MAX_OPTIONS` (100,000): refused before any option is read, so
   * a hostile list cannot stall the page or the parser.
   */
  'too-many-options',
  /** The selects of the form list more options in all than `MAX_TOTAL_OPTIONS` (200,000). */
  'too-many-options-total',
  /** The input could not be read at all (a throwing getter, a Proxy): nothing in it is trusted. */
  'unreadable',
] as const;

/** Problems that leave the form usable: the offending part is ignored. */
export const WARNING_PROBLEM_CODES = [
  /** A `default` that is of the wrong type, not an option, or breaks a bound: ignored (SEP-1034). */
  'default-invalid',
  /** A `title` or `description` that is not a string: ignored. */
  'annotation-invalid',
  /** A titled option without a string `title`: its value is shown instead. */
  'option-title-missing',
  /** A `pattern` that does not compile as a Unicode RegExp, or is longer than 4,096 characters: not checked by the kit. */
  'pattern-invalid',
  /** A keyword outside the elicitation schema that may constrain the answer; kept, not checked. */
  'keyword-unchecked',
  /**
   * An optional property named like a member of `Object.prototype` (`constructor`, `toString`, …).
   * The SDK server's Ajv reads such a key from the prototype when it is absent and refuses the
   * answer, so the kit asks for it as if it were required.
   */
  'inherited-key',
] as const;

/** A problem code. */
export type SchemaProblemCode = (typeof BLOCKING_PROBLEM_CODES)[number] | (typeof WARNING_PROBLEM_CODES)[number];

/** Something wrong with a `requestedSchema`, located by path (`properties.color.enumNames`). */
export interface SchemaProblem {
  /** Where: `""` is the schema itself, then `properties.x`, `properties["a.b"].oneOf[2].const`, `required[0]`. */
  path: string;
  /** A plain sentence for the person or the developer. */
  message: string;
  /** Stable code. */
  code: SchemaProblemCode;
  /** `error` refuses the form; `warning` ignores the offending part. */
  severity: 'error' | 'warning';
}

/** Why an answer does not conform. */
export const FIELD_ERROR_CODES = [
  /** A required field has no answer. */
  'required',
  /** The value has the wrong JSON type (text where a boolean belongs, …). */
  'type',
  /** Text that is not a number, or a non-finite number. */
  'not-a-number',
  /** A number that should be an integer. */
  'integer',
  /**
   * A number that cannot be sent exactly: typed text whose decimal value JSON would change
   * (`9007199254740993` would arrive as `9007199254740992`), or an integer beyond ±(2^53 − 1).
   */
  'precision',
  'minimum',
  'maximum',
  'min-length',
  'max-length',
  /** Not a valid email, uri, date or date-time. */
  'format',
  /** A local date and time that does not exist in the person's time zone (a DST gap). */
  'nonexistent-time',
  /** Does not match the schema's `pattern`. */
  'pattern',
  /**
   * The schema's `pattern` cannot be checked yet: the linear-time pattern engine is not loaded
   * (await `loadPatternEngine()`). The text is refused rather than passed unchecked.
   */
  'pattern-pending',
  /** A value that is not one of the options. */
  'option',
  /** The same option chosen twice. */
  'duplicate',
  'min-items',
  'max-items',
  /** A key the schema forbids (`additionalProperties: false`). */
  'unexpected',
  /** The schema itself is refused, so no answer can conform. */
  'schema',
] as const;

/** A field error code. */
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** Why one field's answer does not conform. */
export interface FieldError {
  /** The property key (`""` for the content as a whole). */
  field: string;
  /** A plain sentence to show beside the field. */
  message: string;
  /** Stable code. */
  code: FieldErrorCode;
}
