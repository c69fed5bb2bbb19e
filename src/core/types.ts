/** MCP elicitation protocol types (2025-11-25 and 2026-07-28), from the specification's `schema.ts`. */

import type { StringFormat } from '../shared/formats.js';

/** The four string formats the elicitation schema allows. */
export type { StringFormat };

/** Keys every property schema may carry. */
interface SchemaCommon {
  /** Shown as the field's label. */
  title?: string;
  /** Shown under the field as help text. */
  description?: string;
}

/** `{ type: "string" }` with optional bounds and format. */
export interface StringSchema extends SchemaCommon {
  type: 'string';
  minLength?: number;
  maxLength?: number;
  format?: StringFormat;
  default?: string;
  /** SEP-2356 (draft): on a `format: "uri"` string, a file field answered with a `data:` URI. */
  'x-mcp-file'?: { accept?: string[]; maxSize?: number };
}

/** `{ type: "number" | "integer" }` with optional bounds. */
export interface NumberSchema extends SchemaCommon {
  type: 'number' | 'integer';
  minimum?: number;
  maximum?: number;
  default?: number;
}

/** `{ type: "boolean" }`. */
export interface BooleanSchema extends SchemaCommon {
  type: 'boolean';
  default?: boolean;
}

/** One `{ const, title }` option of a titled enum. */
export interface TitledOption {
  const: string;
  title: string;
}

/** Untitled single select: `{ type: "string", enum: [...] }`. */
export interface UntitledSingleSelectEnumSchema extends SchemaCommon {
  type: 'string';
  enum: readonly string[];
  default?: string;
}

/** Titled single select: `{ type: "string", oneOf: [{ const, title }] }` (`anyOf` is accepted too). */
export interface TitledSingleSelectEnumSchema extends SchemaCommon {
  type: 'string';
  oneOf: readonly TitledOption[];
  default?: string;
}

/** Deprecated titled single select: `enum` plus parallel `enumNames`. */
export interface LegacyTitledEnumSchema extends SchemaCommon {
  type: 'string';
  enum: string[];
  enumNames?: readonly string[];
  default?: string;
}

/** Untitled multi select: `{ type: "array", items: { type: "string", enum: [...] } }`. */
export interface UntitledMultiSelectEnumSchema extends SchemaCommon {
  type: 'array';
  minItems?: number;
  maxItems?: number;
  items: { type: 'string'; enum: readonly string[] };
  default?: readonly string[];
}

/** Titled multi select: `{ type: "array", items: { anyOf: [{ const, title }] } }` (`oneOf` is accepted too). */
export interface TitledMultiSelectEnumSchema extends SchemaCommon {
  type: 'array';
  minItems?: number;
  maxItems?: number;
  items: { anyOf: readonly TitledOption[] };
  default?: readonly string[];
}

/** Any of the five enum variants. */
export type EnumSchema =
  | UntitledSingleSelectEnumSchema
  | TitledSingleSelectEnumSchema
  | LegacyTitledEnumSchema
  | UntitledMultiSelectEnumSchema
  | TitledMultiSelectEnumSchema;

/** What one property of a `requestedSchema` may be. */
export type PrimitiveSchemaDefinition = StringSchema | NumberSchema | BooleanSchema | EnumSchema;

/** The flat object schema of a form-mode elicitation. */
export interface RequestedSchema {
  $schema?: string;
  type: 'object';
  properties: { [key: string]: PrimitiveSchemaDefinition };
  required?: readonly string[];
}

/** `elicitation/create` params in form mode. A request without `mode` is form mode. */
export interface ElicitRequestFormParams {
  mode?: 'form';
  /** Shown to the person as plain text. */
  message: string;
  requestedSchema: RequestedSchema;
  _meta?: { [key: string]: unknown };
}

/** `elicitation/create` params in URL mode (`elicitationId` exists in 2025-11-25 only). */
export interface ElicitRequestURLParams {
  mode: 'url';
  message: string;
  url: string;
  elicitationId?: string;
  _meta?: { [key: string]: unknown };
}

/** Either mode. */
export type ElicitRequestParams = ElicitRequestFormParams | ElicitRequestURLParams;

/** A value the person can send for one field. */
export type ElicitValue = string | number | boolean | string[];

/** The `content` of an accepted form-mode elicitation. Never holds `null`. */
export type ElicitContent = { [key: string]: ElicitValue };

/** The answer to an elicitation. A type alias, not an interface: the SDKs' index-signature results accept it. */
export type ElicitResult = {
  /** `accept`: submitted; `decline`: explicitly refused; `cancel`: dismissed without a choice. */
  action: 'accept' | 'decline' | 'cancel';
  /** Present only on `accept` in form mode. */
  content?: ElicitContent;
  _meta?: { [key: string]: unknown };
};
