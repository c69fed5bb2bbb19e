/**
 * The React layer of the kit: the elicitation form, its labels, and its rjsf widgets and theme.
 * Explicit named exports only: a new public name is a decision, pinned by a test.
 */
export type { ElicitationFormProps } from './ElicitationForm.js';
export { ElicitationForm } from './ElicitationForm.js';
export type { ToolCallFormProps } from './ToolCallForm.js';
export { ToolCallForm } from './ToolCallForm.js';
export type { ToolResultViewProps } from './ToolResultView.js';
export { ToolResultView } from './ToolResultView.js';
export type { ToolCallFormLabels, ToolResultViewLabels } from './toolLabels.js';
export type { ElicitationLabels } from './labels.js';
export { defaultLabels } from './labels.js';
export type { KitTheme } from './generateTheme.js';
export { generateTheme } from './generateTheme.js';
export type { KitFormContext } from './widgets/parts.js';
export {
  DescriptionFieldTemplate,
  ErrorListTemplate,
  FieldErrorTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
  SubmitButton,
  TitleFieldTemplate,
} from './templates.js';
export { BooleanWidget } from './widgets/BooleanWidget.js';
export { DateTimeWidget } from './widgets/DateTimeWidget.js';
export { DateWidget } from './widgets/DateWidget.js';
export { EmailWidget } from './widgets/EmailWidget.js';
export { EnumRadioWidget } from './widgets/EnumRadioWidget.js';
export { EnumSelectWidget } from './widgets/EnumSelectWidget.js';
export { MultiSelectWidget } from './widgets/MultiSelectWidget.js';
export { NumberWidget } from './widgets/NumberWidget.js';
export { TextWidget } from './widgets/TextWidget.js';
export { UriWidget } from './widgets/UriWidget.js';
export type { UrlElicitationProps } from './UrlElicitation.js';
export { UrlElicitation } from './UrlElicitation.js';
export type { ElicitationPromptProps } from './ElicitationPrompt.js';
export { ElicitationPrompt } from './ElicitationPrompt.js';
export type { ElicitationHostProps } from './ElicitationHost.js';
export { ElicitationHost } from './ElicitationHost.js';
export type { HostLabels, KitLabels } from './hostLabels.js';
export { defaultHostLabels } from './hostLabels.js';
