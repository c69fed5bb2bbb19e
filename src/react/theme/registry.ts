/** The kit's widget for every control core names, and its rjsf key; a control core adds fails to compile here. */
import type { ReactNode } from 'react';

import type { WidgetName } from '../../core/index.js';
import { BooleanWidget } from './widgets/boolean-widget.js';
import { DateTimeWidget } from './widgets/date-time-widget.js';
import { DateWidget } from './widgets/date-widget.js';
import { EmailWidget } from './widgets/email-widget.js';
import { EnumRadioWidget } from './widgets/enum-radio-widget.js';
import { EnumSelectWidget } from './widgets/enum-select-widget.js';
import { FileWidget } from './widgets/file-widget.js';
import { MultiSelectWidget } from './widgets/multi-select-widget.js';
import { NumberWidget } from './widgets/number-widget.js';
import type { KitWidgetProps } from './widgets/parts.js';
import { TextWidget } from './widgets/text-widget.js';
import { UriWidget } from './widgets/uri-widget.js';

/** A widget: an rjsf widget that reads only `KitWidgetProps`. */
export type KitWidget = (props: KitWidgetProps) => ReactNode;

/** A component for each control. */
export type KitWidgets = { readonly [name in WidgetName]: KitWidget };

/** The kit's widgets. */
export const KIT_WIDGETS: KitWidgets = Object.freeze({
  text: TextWidget,
  email: EmailWidget,
  uri: UriWidget,
  date: DateWidget,
  datetime: DateTimeWidget,
  updown: NumberWidget,
  checkbox: BooleanWidget,
  radio: EnumRadioWidget,
  select: EnumSelectWidget,
  checkboxes: MultiSelectWidget,
  file: FileWidget,
});

/** The rjsf registry key of each control (`widgets.<key>` in an rjsf theme). */
export const RJSF_WIDGET_KEYS: { readonly [name in WidgetName]: string } = Object.freeze({
  text: 'TextWidget',
  email: 'EmailWidget',
  uri: 'URLWidget',
  date: 'DateWidget',
  datetime: 'DateTimeWidget',
  updown: 'UpDownWidget',
  checkbox: 'CheckboxWidget',
  radio: 'RadioWidget',
  select: 'SelectWidget',
  checkboxes: 'CheckboxesWidget',
  // Not rjsf's `FileWidget` (`format: "data-url"`, which a host's own schemas keep): the kit's file picker is
  // found by its short name, which rjsf looks up among the registered widgets first.
  file: 'file',
});

/** `ui:widget` values that resolve to a kit widget (which labels itself): short names, keys, rjsf's alias. */
export const KIT_WIDGET_NAMES: ReadonlySet<string> = new Set([
  ...Object.keys(KIT_WIDGETS),
  ...Object.values(RJSF_WIDGET_KEYS),
  'date-time',
]);

// A memo/forwardRef component is an object with `$$typeof`.
function isComponent(value: unknown): value is KitWidget {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

/** What `resolveWidget` found: the component, or why there is none. */
export type ResolvedWidget = { ok: true; Widget: KitWidget } | { ok: false; message: string };

// Bundlers replace `process.env.NODE_ENV` in a host's build; unbundled in a browser it is absent.
declare const process: { env: { NODE_ENV?: string } };

function isProduction(): boolean {
  try {
    return process.env.NODE_ENV === 'production';
  } catch {
    return false;
  }
}

/**
 * The component for `name` in `widgets` (a host's replacements over the kit's). A value React cannot
 * render is a programming error: thrown in development, a field-level refusal in production.
 */
export function resolveWidget(widgets: Partial<KitWidgets> | undefined, name: WidgetName, key: string): ResolvedWidget {
  const Widget: unknown = widgets !== undefined && Object.hasOwn(widgets, name) ? widgets[name] : KIT_WIDGETS[name];
  if (isComponent(Widget)) return { ok: true, Widget };
  const message = `The widget "${name}" for the field "${key}" is not a React component.`;
  if (!isProduction()) throw new TypeError(message);
  return { ok: false, message };
}
