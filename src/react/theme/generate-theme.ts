/**
 * `generateTheme()`: the kit's widgets, templates and number field as an rjsf theme, for a host that runs its own
 * `@rjsf/core` `Form` (`<Form {...generateTheme()} … />` or `withTheme(generateTheme())`). Put the
 * form inside an element with class `mek-root` for the kit's styles, and pass
 * `formContext={{ labels }}` to change its strings.
 */
import type { ThemeProps } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';

import { WIDGET_NAMES } from '../../core/index.js';
import { NumberTextField } from './number-text-field.js';
import { KIT_WIDGETS, RJSF_WIDGET_KEYS } from './registry.js';
import {
  DescriptionFieldTemplate,
  ErrorListTemplate,
  FieldErrorTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
  SubmitButton,
  TitleFieldTemplate,
} from './templates.js';
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
    widgets: Object.fromEntries(WIDGET_NAMES.map((name) => [RJSF_WIDGET_KEYS[name], KIT_WIDGETS[name]])),
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
