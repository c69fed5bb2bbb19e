/** `generateTheme()`: the kit's widgets, templates and fields as an rjsf theme for a host's own `Form`. */
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
 * A fresh rjsf theme each call: `<Form {...generateTheme()} />` inside an element with class `mek-root`;
 * `formContext={{ labels }}` changes its strings. What the kit has no widget for stays rjsf's.
 */
export function generateTheme(): KitTheme {
  return {
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
