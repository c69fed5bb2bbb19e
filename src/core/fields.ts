/** One `Field` per property, decided once so every layer above reads the same answer. */
import type { StringFormat } from './types.js';

/** One choice of a select: `value` is what is sent, `label` what the person reads. */
export interface Option {
  value: string;
  label: string;
}

/** Which SEP-1330 variant a select is. `legacy` = `enum` + `enumNames` (deprecated, still supported). */
export type SelectVariant = 'untitled' | 'titled' | 'legacy';

/** How the server spelled the options: the spec says `oneOf` (single) and `items.anyOf` (multi); both are accepted. */
export type OptionSpelling = 'enum' | 'oneOf' | 'anyOf';

/** What every field has. */
interface FieldBase {
  /** The property name, exactly as in `properties` (may be `__proto__`, may contain dots). */
  key: string;
  /** What the person reads: the schema's `title`, or the key when there is none. */
  label: string;
  /** The schema's `description`, as plain text. */
  description?: string;
  required: boolean;
}

/** A free-text field, possibly with a format. */
export interface TextField extends FieldBase {
  kind: 'text';
  /**
   * Whether it asks for a secret (a password, key, token or payment credential): `format: "password"`,
   * `writeOnly: true`, or a key, title or description naming one. Such a field is masked, never pre-filled,
   * and its value is kept out of drafts, previews and transcripts (`redactElicitResult`).
   */
  secret: boolean;
  format?: StringFormat;
  minLength?: number;
  maxLength?: number;
  /** A non-spec `pattern` the server may still enforce; kept when it compiles as a `u` RegExp. */
  pattern?: string;
  /** With a `pattern`: the first short text of the schema's `examples`, shown in the pattern's error when it fits. */
  example?: string;
  default?: string;
}

/** A number or integer field. */
export interface NumberField extends FieldBase {
  kind: 'number';
  integer: boolean;
  minimum?: number;
  maximum?: number;
  default?: number;
}

/** A yes/no field. */
export interface BooleanField extends FieldBase {
  kind: 'boolean';
  default?: boolean;
}

/** Choose one of `options`; the value sent is a string. */
export interface SingleSelectField extends FieldBase {
  kind: 'single-select';
  variant: SelectVariant;
  spelling: OptionSpelling;
  /** Only the options that fit the schema's `minLength`, `maxLength` and `format`: the server refuses the others. */
  options: Option[];
  /** A `pattern` the chosen value must match, checked on Accept (see `TextField.pattern`). */
  pattern?: string;
  default?: string;
}

/** Choose several of `options`; the value sent is a `string[]` in option order. */
export interface MultiSelectField extends FieldBase {
  kind: 'multi-select';
  variant: Exclude<SelectVariant, 'legacy'>;
  spelling: OptionSpelling;
  /** Only the options that fit the `minLength`, `maxLength` and `format` of `items`: the server refuses the others. */
  options: Option[];
  /** The `pattern` of `items`: each chosen value must match it, checked on Accept. */
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  default?: string[];
}

/**
 * A file (SEP-2356, draft): a `format: "uri"` string with `x-mcp-file`, answered with an RFC 2397 `data:` URI.
 * Drawn only when the host opts in (`files`); its value never reaches a draft, a preview or a transcript.
 */
export interface FileField extends FieldBase {
  kind: 'file';
  /** MIME types, `type/*` wildcards and `.ext` suffixes the server accepts; absent: any file. */
  accept?: string[];
  /** The largest decoded size in bytes the server accepts. */
  maxSize?: number;
  /** Never: a file is only ever the person's own choice (SEP-2356, "Security Implications"). */
  default?: undefined;
}

/** A classified property. Discriminated on `kind`. */
export type Field = TextField | NumberField | BooleanField | SingleSelectField | MultiSelectField | FileField;

/** Whether a field of `fields` has a `pattern`: such a form is checked by the pattern engine, loaded on demand. */
export function hasPatternField(fields: readonly Field[]): boolean {
  return fields.some((field) => 'pattern' in field && field.pattern !== undefined);
}

/** The kinds, for exhaustive switches and tests. */
export const FIELD_KINDS = ['text', 'number', 'boolean', 'single-select', 'multi-select', 'file'] as const;

/** A field's kind. */
export type FieldKind = Field['kind'];
