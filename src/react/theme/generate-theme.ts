/**
 * `generateTheme()`: the kit's widgets, templates and fields as an rjsf theme, for a host that runs
 * its own `@rjsf/core` `Form` (`<Form {...generateTheme()} … />` or `withTheme(generateTheme())`).
 * Put the form inside an element with class `mek-root` for the kit's styles, and pass
 * `formContext={{ labels }}` to change its strings.
 */
import type { ThemeProps } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';

import { WIDGET_NAMES } from '../../core/index.js';
import { KIT_WIDGETS, RJSF_WIDGET_KEYS } from './registry.js';
import {
  ButtonTemplates,
  DescriptionFieldTemplate,
  ErrorListTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
  OptionalDataControlsTemplate,
  TitleFieldTemplate,
  WrapIfAdditionalTemplate,
} from './templates.js';
import { ArrayItemField, NumberField, OffsetDateTimeWidget } from './typed-values.js';
import type { KitFormContext } from './widgets/parts.js';

/** The rjsf theme of the kit: `{ fields, widgets, templates }`. */
export type KitTheme = Required<
  Pick<ThemeProps<Record<string, unknown>, RJSFSchema, KitFormContext>, 'fields' | 'widgets' | 'templates'>
>;

/**
 * A fresh rjsf theme object each call. Widgets are registered under rjsf's own widget names, so the
 * `ui:widget` values core `toRjsf` writes (`radio`, `checkboxes`, `updown`, `datetime`, …) and
 * rjsf's defaults both resolve to kit widgets; what the kit has no widget for (`textarea`,
 * `password`, `color`, files…) stays rjsf's, labelled by the kit's `FieldTemplate`.
 */
export function generateTheme(): KitTheme {
  return {
    // Typed form data: numbers as numbers, date-times with their offset (typed-values.tsx).
    fields: { NumberField, ArraySchemaField: ArrayItemField },
    widgets: {
      ...Object.fromEntries(WIDGET_NAMES.map((name) => [RJSF_WIDGET_KEYS[name], KIT_WIDGETS[name]])),
      [RJSF_WIDGET_KEYS.datetime]: OffsetDateTimeWidget,
    },
    templates: {
      FieldTemplate,
      FieldErrorTemplate,
      FieldHelpTemplate,
      WrapIfAdditionalTemplate,
      ObjectFieldTemplate,
      TitleFieldTemplate,
      DescriptionFieldTemplate,
      OptionalDataControlsTemplate,
      ErrorListTemplate,
      ButtonTemplates,
    },
  };
}
