/**
 * Which control draws a field: core's decision, so the kit's form, `toRjsf` and a host's own
 * components agree. The names are rjsf's short `ui:widget` names, which the kit's theme resolves.
 */
import type { Field } from './fields.js';

/** Every control the kit draws, by rjsf's short `ui:widget` name. */
export const WIDGET_NAMES = [
  'text',
  'email',
  'uri',
  'date',
  'datetime',
  'updown',
  'checkbox',
  'radio',
  'select',
  'checkboxes',
  'file',
] as const;

/** A control's name. */
export type WidgetName = (typeof WIDGET_NAMES)[number];

/** Default for `radioLimit`: a radio group stays scannable up to about seven choices. */
export const DEFAULT_RADIO_LIMIT = 7;

/** The control for `field`: single selects of at most `radioLimit` options are radio groups. */
export function widgetFor(field: Field, radioLimit: number = DEFAULT_RADIO_LIMIT): WidgetName {
  switch (field.kind) {
    case 'text':
      // The other formats (email, uri, date) are widgets of the same name.
      return field.format === 'date-time' ? 'datetime' : (field.format ?? 'text');
    case 'number':
      return 'updown';
    case 'boolean':
      return 'checkbox';
    case 'single-select':
      return field.options.length <= radioLimit ? 'radio' : 'select';
    case 'multi-select':
      return 'checkboxes';
    case 'file':
      return 'file';
    default:
      return field satisfies never;
  }
}
