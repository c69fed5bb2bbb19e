/**
 * `widgetsFromRjsfTheme`: any rjsf theme's widgets (MUI, shadcn, a host's own) as the kit's widgets, so
 * `ElicitationForm`, a round and the host draw a host's design system while core still decides every value.
 * A theme widget reads a whole rjsf `Registry` and a field template around it; `ElicitationForm` hands
 * a widget only `KitWidgetProps`, so each control here builds what rjsf's `SchemaField` would.
 */
import { getDefaultRegistry, type ThemeProps } from '@rjsf/core';
import {
  createSchemaUtils,
  descriptionId,
  englishStringTranslator,
  getTemplate,
  getWidget,
  localToUTC,
  utcToLocal,
  type FieldTemplateProps,
  type Registry,
  type RJSFSchema,
  type UiSchema,
  type ValidatorType,
  type Widget,
  type WidgetProps,
} from '@rjsf/utils';
import { useLayoutEffect, useMemo, useRef, useState, type ReactElement } from 'react';

import { WIDGET_NAMES, type WidgetName } from '../../core/index.js';
import { RJSF_WIDGET_KEYS, type KitWidget, type KitWidgets } from '../theme/registry.js';
import { toLocalInput } from '../theme/widgets/date-time-widget.js';
import { readLabels, type KitWidgetProps } from '../theme/widgets/parts.js';
import { isSecretSchema } from '../theme/widgets/text-widget.js';

/** Options of `widgetsFromRjsfTheme`. */
export interface RjsfThemeOptions {
  /**
   * Controls left to the kit's own widgets (`DEFAULT_KIT_CONTROLS` when not given): where a theme's
   * widget cannot ask a question as the kit does, or the host prefers the kit's.
   */
  kitControls?: readonly WidgetName[];
  /** rjsf's `translateString` for the theme's own strings (buttons, placeholders); English by default. */
  translateString?: Registry['translateString'];
}

/**
 * Controls the kit draws even with a theme, by default: none. Every control of the five variants and
 * the field kinds is answered through the theme's widgets with the kit's exact results (the Chromium
 * tests in test/browser/rjsf-themes.browser.test.tsx); the limits are in src/react/theme/README.md.
 */
export const DEFAULT_KIT_CONTROLS: readonly WidgetName[] = Object.freeze([]);

/**
 * The validator of the registry the theme's widgets read. The kit validates with core (`submitDraft`)
 * and never asks rjsf; a widget that still asks gets "no errors" and "matches nothing", so no oneOf or
 * anyOf branch is picked for it: `toRjsf` gives the widgets none.
 */
const NO_VALIDATION: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => false,
  rawValidation: () => ({}),
};

type ThemedRegistry = Registry;

/** The registry rjsf's `Form` would build for `theme` (its `getRegistry`), around an empty root schema. */
function registryFor(theme: ThemeProps, translateString: Registry['translateString']): ThemedRegistry {
  const defaults = getDefaultRegistry();
  const rootSchema: RJSFSchema = {};
  return {
    ...defaults,
    fields: { ...defaults.fields, ...theme.fields },
    templates: {
      ...defaults.templates,
      ...theme.templates,
      ButtonTemplates: { ...defaults.templates.ButtonTemplates, ...theme.templates?.ButtonTemplates },
    },
    widgets: { ...defaults.widgets, ...theme.widgets },
    rootSchema,
    schemaUtils: createSchemaUtils(NO_VALIDATION, rootSchema),
    translateString,
    uiSchemaDefinitions: {},
  };
}

const noop = (): void => {};

/** A field's visible text (description, help) when it is a non-empty string. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * What the theme's widget is handed for `value`, and what it hands back: rjsf's date-time widgets speak
 * UTC (`toJSON`), core speaks the local text a `datetime-local` input holds (core adds the offset).
 */
interface ValueBridge {
  toTheme: (value: unknown) => unknown;
  fromTheme: (value: unknown) => unknown;
}

const SAME: ValueBridge = { toTheme: (value) => value, fromTheme: (value) => value };

// rjsf's `ArrayField` hands a multi-select `[]` for no choice; theme widgets read `undefined` as one.
const CHOICES: ValueBridge = {
  toTheme: (value) => (Array.isArray(value) ? (value as unknown[]) : []),
  fromTheme: (value) => value,
};

/** Engines differ on a zero fraction ("09:30:45" or "09:30:45.000"); both mean the same time. */
function withoutZeroFraction(text: string): string {
  return text.replace(/(:\d{2})\.0+$/, '$1');
}

// A theme's own date-time widget: an instant in, an instant out, made local text for core. Text that
// is no instant goes to core as it is, which refuses it as the kit's widget would.
const UTC_DATE_TIME: ValueBridge = {
  toTheme: (value) => {
    const local = toLocalInput(value);
    return local === '' ? undefined : localToUTC(local);
  },
  fromTheme: (value) => {
    if (typeof value !== 'string' || value === '') return undefined;
    return Number.isNaN(Date.parse(value)) ? value : withoutZeroFraction(utcToLocal(value));
  },
};

// rjsf's own DateTimeWidget, drawn through the theme's BaseInputTemplate with the local text itself: no
// round trip through `Date`, which would move a time the clocks skip (a DST gap) instead of refusing it.
const LOCAL_DATE_TIME: ValueBridge = {
  toTheme: (value) => toLocalInput(value),
  fromTheme: (value) => (typeof value === 'string' && value !== '' ? withoutZeroFraction(value) : undefined),
};

/** The theme's `BaseInputTemplate` as a widget: the theme's look of a `datetime-local` input. */
function localDateTimeInput(base: ThemedRegistry): Widget {
  const BaseInputTemplate = getTemplate('BaseInputTemplate', base, {});
  return function LocalDateTimeInput(props: WidgetProps) {
    return <BaseInputTemplate {...props} type="datetime-local" />;
  };
}

const CONTROLS = 'input, select, textarea, button';

/**
 * Takes the theme's controls out of any `<form>` around the kit (`form=""`), as the kit's own widgets
 * are: a host's form must neither submit the person's unsent answer nor be blocked by a theme's native
 * `required`. After every render of the field, since a theme may add controls (Radix's hidden inputs).
 */
function useNoFormOwner() {
  const field = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    for (const control of field.current?.querySelectorAll(CONTROLS) ?? [])
      if (control.getAttribute('form') !== '') control.setAttribute('form', '');
  });
  return field;
}

/** One control drawn with the theme's widget inside the theme's field template. */
function themedWidget(name: WidgetName, base: ThemedRegistry): KitWidget {
  const key = RJSF_WIDGET_KEYS[name];
  const ownDateTime = base.widgets.DateTimeWidget !== getDefaultRegistry().widgets.DateTimeWidget;
  const localDateTime = name === 'datetime' && !ownDateTime;
  const bridge =
    name === 'datetime' ? (localDateTime ? LOCAL_DATE_TIME : UTC_DATE_TIME) : name === 'checkboxes' ? CHOICES : SAME;
  // `ui:widget` as `toRjsf` writes it: templates read it (a checkbox's label is the widget's own).
  const uiSchema: UiSchema = { 'ui:widget': name };
  // Looked up once: a theme's parts are fixed per registry, and a component made in render loses its state.
  const Widget = localDateTime ? localDateTimeInput(base) : getWidget({}, key, base.widgets);
  const FieldTemplate = getTemplate('FieldTemplate', base, {});
  // A secret text is the theme's own input, masked, with the kit's show/hide toggle beside it.
  const BaseInputTemplate = getTemplate('BaseInputTemplate', base, {});
  const DescriptionFieldTemplate = getTemplate('DescriptionFieldTemplate', base, {});
  const FieldHelpTemplate = getTemplate('FieldHelpTemplate', base, {});

  function ThemeWidget(props: KitWidgetProps): ReactElement {
    const { id, label, hideLabel, schema, value, options, registry: given, onChange } = props;
    const formContext: unknown = given.formContext;
    // One registry per form (its labels): a new object each render would redraw every theme part.
    const registry = useMemo<Registry>(() => ({ ...base, formContext: formContext ?? {} }), [formContext]);
    const field = useNoFormOwner();
    const [shown, setShown] = useState(false);
    const secret = name === 'text' && isSecretSchema(schema);
    const displayLabel = hideLabel !== true;
    const description = text(options.description) ?? text(schema.description);
    const help = text(options.help);
    const fieldName = props.htmlName ?? id;
    const fieldPathId = { $id: id, path: [fieldName] };
    const widgetProps: WidgetProps = {
      id,
      name: fieldName,
      htmlName: props.htmlName,
      label,
      hideLabel: !displayLabel,
      schema,
      uiSchema,
      value: bridge.toTheme(value),
      required: props.required,
      disabled: props.disabled,
      readonly: props.readonly,
      autofocus: props.autofocus,
      placeholder: props.placeholder ?? '',
      multiple: name === 'checkboxes',
      rawErrors: props.rawErrors,
      // The kit draws a field's errors under it (`FieldView`), once, with the id widgets point to.
      hideError: true,
      // `emptyValue` undefined: a cleared input is no answer (never "" or 0), as core wants it.
      options: { enumOptions: options.enumOptions, emptyValue: undefined },
      registry,
      onChange: (next: unknown) => onChange(bridge.fromTheme(next)),
      onBlur: props.onBlur,
      onFocus: props.onFocus,
    };
    const templateProps: FieldTemplateProps = {
      id,
      fieldPathId,
      label,
      displayLabel,
      description:
        description === undefined ? undefined : (
          <DescriptionFieldTemplate
            id={descriptionId(id)}
            description={description}
            schema={schema}
            uiSchema={uiSchema}
            registry={registry}
          />
        ),
      rawDescription: description,
      help:
        help === undefined ? undefined : (
          <FieldHelpTemplate
            help={help}
            fieldPathId={fieldPathId}
            schema={schema}
            uiSchema={uiSchema}
            registry={registry}
          />
        ),
      rawHelp: help,
      rawErrors: props.rawErrors,
      hideError: true,
      required: props.required,
      readonly: props.readonly === true,
      disabled: props.disabled === true,
      schema,
      uiSchema,
      registry,
      formData: value,
      children: secret ? (
        <div className="mek-secret">
          <BaseInputTemplate
            {...widgetProps}
            type={shown ? 'text' : 'password'}
            options={{ ...widgetProps.options, autocomplete: 'off' }}
            spellCheck={false}
          />
          <button
            type="button"
            className="mek-button mek-secret-toggle"
            aria-pressed={shown}
            aria-controls={id}
            disabled={props.disabled}
            onClick={() => setShown(!shown)}
          >
            {readLabels(registry).showSecret(label)}
          </button>
        </div>
      ) : (
        <Widget {...widgetProps} />
      ),
      // A theme's field template also serves `additionalProperties` keys, which an elicitation never has.
      onChange: noop,
      onKeyRename: noop,
      onKeyRenameBlur: noop,
      onRemoveProperty: noop,
    };
    return (
      <div ref={field} className="mek-theme-field" data-control={name}>
        <FieldTemplate {...templateProps} />
      </div>
    );
  }
  ThemeWidget.displayName = `ThemeWidget(${key})`;
  return ThemeWidget;
}

/**
 * The kit's widgets drawn with an rjsf theme (`ThemeProps`: `widgets`, `templates`, `fields`), for
 * the `widgets` prop of `ElicitationForm`, `ElicitationPrompt`, `ElicitationRound` and `ElicitationHost`.
 * Call it once (outside render): the components it returns are new each call. Controls the theme has no widget for use rjsf's own, drawn
 * with the theme's `BaseInputTemplate`; `options.kitControls` stay the kit's.
 */
export function widgetsFromRjsfTheme(theme: ThemeProps, options: RjsfThemeOptions = {}): Partial<KitWidgets> {
  const registry = registryFor(theme, options.translateString ?? englishStringTranslator);
  const kit = new Set(options.kitControls ?? DEFAULT_KIT_CONTROLS);
  const widgets: Partial<Record<WidgetName, KitWidget>> = {};
  // File fields always keep the kit's widget: rjsf's `FileWidget` reads the whole file before any check (and adds
  // a `name=` parameter), where SEP-2356 has the client refuse a file outside `accept` or over `maxSize` unread.
  for (const name of WIDGET_NAMES) if (!kit.has(name) && name !== 'file') widgets[name] = themedWidget(name, registry);
  return widgets;
}
