/**
 * `mcp-elicit-kit/core`: React-free elicitation. Every protocol decision (which variant a field is,
 * what a form starts with, what goes into `content`, whether it conforms) lives here.
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
  FileField,
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
export type {
  ElicitationFormModel,
  ElicitationFormModelOptions,
  FieldState,
  FormReading,
  FormSnapshot,
} from './form-model.js';
export { createElicitationFormModel } from './form-model.js';
export { initialDraft, submitDraft } from './draft.js';
export { localDateTimeToRfc3339 } from '../shared/date-time.js';
export { validateElicitContent } from './validate.js';
export { redactElicitResult, SECRET_MASK } from './secrets.js';
export { isSchemaValidatorLoaded, loadSchemaValidator } from './full-check.js';
export type { PatternSupport } from '../shared/pattern-engine.js';
export { isPatternEngineLoaded, loadPatternEngine, patternSupport } from '../shared/pattern-engine.js';
export { isDate, isDateTime, isEmail, isUri, matchesFormat, STRING_FORMATS } from '../shared/formats.js';
export type { RjsfForm, ToRjsfOptions } from './to-rjsf.js';
export { toRjsf } from './to-rjsf.js';
export type { WidgetName } from './widgets.js';
export { DEFAULT_RADIO_LIMIT, WIDGET_NAMES, widgetFor } from './widgets.js';
export type {
  AnsweredBy,
  CancelReason,
  ElicitationEntry,
  ElicitationNotice,
  ElicitationOrigin,
  ElicitationPrompt,
  ElicitationQueue,
  ElicitationQueueOptions,
  ElicitationRecord,
  ElicitationScope,
  ElicitationServer,
  ElicitationSnapshot,
  EntryStatus,
  RequestProblem,
  RequestProblemCode,
  RespondStatus,
  RoundElicitationEntry,
  RoundPrompt,
  SingleElicitationEntry,
} from './queue-types.js';
export { CANCEL_REASONS, REASON_META_KEY, REQUEST_PROBLEM_CODES } from './queue-types.js';
export { createElicitationQueue } from './queue.js';
export type { InspectedUrl, InspectUrlOptions, RefusedUrl, UrlInspection, UrlRefusal, UrlWarning } from './url.js';
export { inspectUrl, LONG_URL_LENGTH, MAX_URL_LENGTH, URL_REFUSALS, URL_WARNINGS } from './url.js';
