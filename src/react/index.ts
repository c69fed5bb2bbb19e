/**
 * The React layer of the kit: the elicitation form, its labels, and its rjsf widgets and theme.
 * Explicit named exports only: a new public name is a decision, pinned by a test.
 */
export type { ElicitationFormProps } from './ElicitationForm.js';
export { ElicitationForm } from './ElicitationForm.js';
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
