/**
 * `mcp-elicit-kit`: React elicitation. The components, the form hook, labels, widgets and the rjsf
 * theme, and the types their props use. Core's functions come from `mcp-elicit-kit/core`, one path per name.
 * Needs react, react-dom and `@rjsf/utils`.
 */
export type {
  AnsweredBy,
  BooleanField,
  BooleanSchema,
  CancelReason,
  Draft,
  DraftValue,
  ElicitationEntry,
  ElicitationNotice,
  ElicitationOrigin,
  ElicitationQueue,
  ElicitationQueueOptions,
  ElicitationRecord,
  ElicitationScope,
  ElicitationServer,
  ElicitationSnapshot,
  ElicitContent,
  ElicitationFormModel,
  ElicitationFormModelOptions,
  ElicitRequestFormParams,
  ElicitRequestParams,
  ElicitRequestURLParams,
  ElicitResult,
  ElicitValue,
  EntryStatus,
  EnumSchema,
  Field,
  FileField,
  FieldError,
  FieldErrorCode,
  FieldKind,
  FieldState,
  FormReading,
  FormSnapshot,
  InspectUrlOptions,
  InspectedUrl,
  LegacyTitledEnumSchema,
  MultiSelectField,
  NumberField,
  NumberSchema,
  Option,
  OptionSpelling,
  ParseResult,
  PatternSupport,
  PrimitiveSchemaDefinition,
  RequestedSchema,
  RequestProblem,
  RequestProblemCode,
  RefusedUrl,
  RespondStatus,
  RjsfForm,
  RoundElicitationEntry,
  RoundPrompt,
  SchemaProblem,
  SchemaProblemCode,
  SelectVariant,
  SingleElicitationEntry,
  SingleSelectField,
  StringFormat,
  StringSchema,
  SubmitResult,
  TextField,
  TitledMultiSelectEnumSchema,
  TitledOption,
  TitledSingleSelectEnumSchema,
  ToRjsfOptions,
  UntitledMultiSelectEnumSchema,
  UntitledSingleSelectEnumSchema,
  UrlInspection,
  UrlRefusal,
  UrlWarning,
  WidgetName,
} from './core/index.js';
export type { ElicitationFormProps } from './react/elicitation/elicitation-form.js';
export type {
  ElicitationFormState,
  FilesState,
  SecretPolicy,
  SecretsState,
  UseElicitationFormOptions,
} from './react/elicitation/use-elicitation-form.js';
export { useElicitationForm } from './react/elicitation/use-elicitation-form.js';
export type { KitWidget, KitWidgets } from './react/theme/registry.js';
export { ElicitationForm } from './react/elicitation/elicitation-form.js';
export type { ElicitationLabels } from './react/shared/labels.js';
export { defaultLabels } from './react/shared/labels.js';
export type { KitTheme } from './react/theme/generate-theme.js';
export { generateTheme } from './react/theme/generate-theme.js';
export type { KitFormContext, KitWidgetProps } from './react/theme/widgets/parts.js';
export {
  DescriptionFieldTemplate,
  ErrorListTemplate,
  FieldErrorTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
  SubmitButton,
  TitleFieldTemplate,
} from './react/theme/templates.js';
export { BooleanWidget } from './react/theme/widgets/boolean-widget.js';
export { DateTimeWidget } from './react/theme/widgets/date-time-widget.js';
export { DateWidget } from './react/theme/widgets/date-widget.js';
export { EmailWidget } from './react/theme/widgets/email-widget.js';
export { EnumRadioWidget } from './react/theme/widgets/enum-radio-widget.js';
export { EnumSelectWidget } from './react/theme/widgets/enum-select-widget.js';
export { MultiSelectWidget } from './react/theme/widgets/multi-select-widget.js';
export { NumberWidget } from './react/theme/widgets/number-widget.js';
export { TextWidget } from './react/theme/widgets/text-widget.js';
export { UriWidget } from './react/theme/widgets/uri-widget.js';
export type { UrlElicitationProps } from './react/elicitation/url-elicitation.js';
// From the module `ElicitationHost` loads on demand: a bundle holding the entry keeps one chunk.
export { loadElicitationViews, UrlElicitation } from './react/elicitation/on-demand-views.js';
export type { ElicitationPromptProps } from './react/elicitation/elicitation-prompt.js';
export { ElicitationPrompt } from './react/elicitation/elicitation-prompt.js';
export type { ElicitationHostProps } from './react/elicitation/elicitation-host.js';
export { ElicitationHost } from './react/elicitation/elicitation-host.js';
export type { HostLabels, KitLabels } from './react/elicitation/host-labels.js';
export { defaultHostLabels } from './react/elicitation/view-labels.js';
export type { ElicitationRoundProps } from './react/elicitation/elicitation-round.js';
export { ElicitationRound } from './react/elicitation/on-demand-views.js';
