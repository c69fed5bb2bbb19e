/**
 * `generateTheme()`: the kit's widgets, templates and number field as an rjsf theme, for a host that runs its own
 * `@rjsf/core` `Form` (`<Form {...generateTheme()} … />` or `withTheme(generateTheme())`). Put the
 * form inside an element with class `mek-root` for the kit's styles, and pass
 * `formContext={{ labels }}` to change its strings.
 */
import type { ThemeProps } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';

import { NumberTextField } from './number-text-field.js';
import {
  DescriptionFieldTemplate,
  ErrorListTemplate,
  FieldErrorTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
  SubmitButton,
  TitleFieldTemplate,
} from './templates.js';
import { BooleanWidget } from './widgets/boolean-widget.js';
import { DateTimeWidget } from './widgets/date-time-widget.js';
import { DateWidget } from './widgets/date-widget.js';
import { EmailWidget } from './widgets/email-widget.js';
import { EnumRadioWidget } from './widgets/enum-radio-widget.js';
import { EnumSelectWidget } from './widgets/enum-select-widget.js';
import { MultiSelectWidget } from './widgets/multi-select-widget.js';
import { NumberWidget } from './widgets/number-widget.js';
import { TextWidget } from './widgets/text-widget.js';
import { UriWidget } from './widgets/uri-widget.js';
import type { KitFormContext } from './widgets/parts.js';

/** The rjsf theme of the kit: `{ fields, widgets, templates }`. */
export type KitTheme = Required<
  Pick<ThemeProps<Record<string, unknown>, RJSFSchema, KitFormContext>, 'fields' | 'widgets' | 'templates'>
>;

/**
 * A fresh rjsf theme object each call. Widgets are registered under rjsf's own widget names, so the
 * `ui:widget` values core `toRjsf` writes (`radio`, `checkboxes`, `updown`, `datetime`, …) and
 * rjsf's defaults both resolve to kit widgets.
 */
export function generateTheme(): KitTheme {
  return {
    // Numbers stay typed text until core reads them (see NumberTextField).
    fields: { NumberField: NumberTextField },
    widgets: {
      TextWidget,
      EmailWidget,
      URLWidget: UriWidget,
      DateWidget,
      DateTimeWidget,
      UpDownWidget: NumberWidget,
      CheckboxWidget: BooleanWidget,
      RadioWidget: EnumRadioWidget,
      SelectWidget: EnumSelectWidget,
      CheckboxesWidget: MultiSelectWidget,
    },
    templates: {
      FieldTemplate,
      FieldErrorTemplate,
      ObjectFieldTemplate,
      TitleFieldTemplate,
      DescriptionFieldTemplate,
      ErrorListTemplate,
      ButtonTemplates: { SubmitButton },
    },
  };
}
