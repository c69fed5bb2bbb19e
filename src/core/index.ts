/**
 * `mcp-elicit-kit/core`: the React-free half of the kit. Every protocol decision (which variant a
 * field is, what a form starts with, what goes into `content`, whether it conforms) lives here.
 * Explicit named exports only: a new public name is a decision, pinned by a test.
 */
export type {
  BooleanSchema,
  ElicitContent,
  ElicitRequestFormParams,
  ElicitRequestParams,
  ElicitRequestURLParams,
  ElicitResult,
  ElicitValue,
  EnumSchema,
  LegacyTitledEnumSchema,
  NumberSchema,
  PrimitiveSchemaDefinition,
  RequestedSchema,
  StringFormat,
  StringSchema,
  TitledMultiSelectEnumSchema,
  TitledOption,
  TitledSingleSelectEnumSchema,
  UntitledMultiSelectEnumSchema,
  UntitledSingleSelectEnumSchema,
} from './types.js';
export type {
  BooleanField,
  Field,
  FieldKind,
  MultiSelectField,
  NumberField,
  Option,
  OptionSpelling,
  SelectVariant,
  SingleSelectField,
  TextField,
} from './fields.js';
export { FIELD_KINDS } from './fields.js';
export type { FieldError, FieldErrorCode, SchemaProblem, SchemaProblemCode } from './problems.js';
export { BLOCKING_PROBLEM_CODES, FIELD_ERROR_CODES, WARNING_PROBLEM_CODES } from './problems.js';
export type { ParseResult } from './schema.js';
export { parseRequestedSchema } from './schema.js';
export type { Draft, DraftValue, SubmitResult } from './draft.js';
export { initialDraft, localDateTimeToRfc3339, submitDraft } from './draft.js';
export { validateElicitContent } from './validate.js';
export { isDate, isDateTime, isEmail, isUri, matchesFormat, STRING_FORMATS } from './formats.js';
export type { RjsfForm, ToRjsfOptions } from './rjsf.js';
export { DEFAULT_RADIO_LIMIT, toRjsf } from './rjsf.js';
export type {
  ElicitationEntry,
  ElicitationNotice,
  ElicitationOrigin,
  ElicitationPrompt,
  ElicitationQueue,
  ElicitationQueueOptions,
  ElicitationServer,
  ElicitationSnapshot,
  EntryStatus,
  RequestProblem,
  RequestProblemCode,
  RespondStatus,
  RoundElicitationEntry,
  RoundPrompt,
  SingleElicitationEntry,
} from './queue.js';
export { createElicitationQueue, REQUEST_PROBLEM_CODES } from './queue.js';
export type { InspectedUrl, RefusedUrl, UrlInspection, UrlRefusal, UrlWarning } from './url.js';
export { inspectUrl, LONG_URL_LENGTH, MAX_URL_LENGTH, URL_REFUSALS, URL_WARNINGS } from './url.js';

// Tool schemas (SEP-2106) and the structuredContent audit gate (SPEC §7). They live in src/tools/
// and are part of this React-free entry, as DESIGN.md names them; bundlers drop them (and Ajv)
// when unused, since the package is marked side-effect free.
export type {
  AuditRecord,
  CallToolResult,
  CompiledToolSchema,
  CompileToolSchemaResult,
  ContentBlock,
  SchemaIssue,
  SchemaLimits,
  StructuredContentTarget,
  StructuredContentTargetCounts,
  Tool,
  ToolResultVerdict,
  ToolResultVerdictKind,
  ToolSchemaCompiler,
  ToolSchemaCompilerOptions,
  ToolSchemaCompilerStats,
  ToolSchemaDialect,
  ToolSchemaError,
  ToolSchemaErrorCode,
  ValidateToolResultOptions,
} from '../tools/index.js';
export {
  AUDIT_RECORD_SCHEMA,
  auditTargetValue,
  compileToolSchema,
  countStructuredContentTargets,
  createToolSchemaCompiler,
  DEFAULT_SCHEMA_LIMITS,
  SCHEMA_DIALECT_URIS,
  STRUCTURED_CONTENT_TARGETS,
  structuredContentTarget,
  TOOL_RESULT_NOTES,
  validateToolResult,
} from '../tools/index.js';
