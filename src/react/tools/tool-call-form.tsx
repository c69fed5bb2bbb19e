/**
 * `<ToolCallForm>`: a form for a tool's arguments, drawn from its `inputSchema` (SEP-2106: any
 * JSON Schema 2020-12, or draft-07 / 2019-09 when `$schema` says so).
 *
 * - The schema is compiled first with the kit's `compileToolSchema` (local references only,
 *   limits, dialect, `$id`); a schema it refuses shows the reason instead of a form.
 * - rjsf draws the form with the kit's widgets and an Ajv validator of the schema's own dialect
 *   (`customizeValidator({ AjvClass })`): rjsf uses it to match `oneOf`/`anyOf` options and to
 *   resolve `if`/`then`/`else`, so a draft-07 schema is read as draft-07 there too.
 * - Submit reads the form into an arguments object (`toArguments`: empty fields omitted, number
 *   text read, local date-times as RFC 3339, a tuple up to its last filled position) and calls
 *   `onSubmit` only when the compiled schema finds no issue with exactly that object (nor the
 *   reading: text that is not a number, a skipped tuple position). Otherwise the issues are shown
 *   by path, each on its field, and the focus moves to the first one. rjsf's own validation is
 *   off: the verdict is the kit's alone.
 */
import Form, { type IChangeEvent } from '@rjsf/core';
import {
  createSchemaUtils,
  englishStringTranslator,
  TranslatableString,
  type RJSFSchema,
  type UiSchema,
} from '@rjsf/utils';
import { customizeValidator, type CustomValidatorOptionsType } from '@rjsf/validator-ajv8';
import { Ajv } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { useId, useMemo, useRef, useState } from 'react';
import { ErrorBoundary } from '../shared/error-boundary.js';
import { ErrorSummary, useFocusFirstIssue } from '../shared/error-summary.js';
import { useSessionKey } from '../shared/prompt-parts.js';

import {
  compileToolSchema,
  type SchemaIssue,
  type SchemaLimits,
  type Tool,
  type ToolSchemaDialect,
} from '../../tools/index.js';
import { MAX_FIELDS } from '../../shared/limits.js';
import { countFormFields, formRegExp, hasPatterns, rjsfToolSchema } from '../../tools/rjsf/index.js';
import { usePatternEngine } from '../shared/use-pattern-engine.js';
import {
  fieldId,
  locateIssues,
  OPTION_SELECTOR_SUFFIX,
  toArguments,
  toErrorSchema,
  type LocatedIssue,
  type ToolFormData,
  type WalkContext,
} from '../../tools/rjsf/index.js';
import { defaultToolCallFormLabels, toolDisplayName, type ToolCallFormLabels } from './tool-labels.js';
import type { ToolFormContext } from './tool-theme-parts.js';
import { toolTheme } from './tool-theme.js';
import '../theme/elicit-kit.css';
import '../theme/tools.css';

/** The props of `ToolCallForm`. */
export interface ToolCallFormProps {
  /**
   * The tool as `tools/list` gives it; its `inputSchema` is drawn. Treated as untrusted: a schema
   * the kit refuses is shown as an error, without a form. A new object starts the form over.
   */
  tool: Tool;
  /**
   * Called with the arguments object when the person submits and it conforms to `inputSchema`
   * (checked with `compileToolSchema(tool.inputSchema, limits).validate`). JSON only: empty
   * optional fields are left out, never sent as `""`. Pass it on as `tools/call` `arguments`.
   */
  onSubmit: (args: Record<string, unknown>) => void;
  /** Replaces any of the form's strings (`ToolCallFormLabels`). */
  labels?: Partial<ToolCallFormLabels>;
  /** Forces the light or dark theme; without it the kit follows `prefers-color-scheme`. */
  theme?: 'light' | 'dark';
  /** Limits for compiling `inputSchema` and validating the arguments; default `DEFAULT_SCHEMA_LIMITS`. */
  limits?: SchemaLimits;
}

type AjvClass = NonNullable<CustomValidatorOptionsType['AjvClass']>;

/**
 * The Ajv class of each dialect, for rjsf's validator. rjsf types `AjvClass` as `typeof` Ajv's
 * CommonJS module, which the ESM class exports do not match by name; each of them constructs an
 * Ajv with the same options, which is all rjsf does with it.
 */
const AJV_CLASSES: Readonly<Record<ToolSchemaDialect, AjvClass>> = {
  '2020-12': Ajv2020 as unknown as AjvClass,
  '2019-09': Ajv2019 as unknown as AjvClass,
  'draft-07': Ajv as unknown as AjvClass,
};

/** The form draws its own submit button. */
const UI_SCHEMA: UiSchema<ToolFormData, RJSFSchema, ToolFormContext> = { 'ui:submitButtonOptions': { norender: true } };

/** rjsf's strings, except that a property added under `additionalProperties` starts empty, not as "New Value". */
function translateString(key: TranslatableString, params?: string[]): string {
  return key === TranslatableString.NewStringDefault ? '' : englishStringTranslator(key, params);
}

/** The block shown instead of a form: why there is none. */
function Refusal({ title, message }: { title: string; message: string }) {
  return (
    <div className="mek-refused">
      <p className="mek-refused-title">{title}</p>
      <p className="mek-schema-error">{message}</p>
    </div>
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The id the summary links an issue to: its field, or a union's option selector; none for the whole form. */
function targetOf(idPrefix: string, located: LocatedIssue): string | undefined {
  if (located.union !== undefined) return `${fieldId(idPrefix, located.path)}${OPTION_SELECTOR_SUFFIX[located.union]}`;
  return located.path.length === 0 ? undefined : fieldId(idPrefix, located.path);
}

/** The header: the tool's display name, its name when different, and its description. */
function ToolHeader({ tool }: { tool: Tool }) {
  const title = typeof tool.title === 'string' && tool.title !== '' ? tool.title : tool.name;
  return (
    <div className="mek-header">
      <p className="mek-tool-name">
        <span className="mek-server-name">{title}</span>
        {title !== tool.name && (
          <>
            {' '}
            <code className="mek-tool-id">{tool.name}</code>
          </>
        )}
      </p>
      {typeof tool.description === 'string' && tool.description !== '' && (
        <p className="mek-message">{tool.description}</p>
      )}
    </div>
  );
}

/** The form for a schema that compiled. */
function ToolArgumentsForm({
  schema,
  dialect,
  validate,
  labels,
  idPrefix,
  onSubmit,
}: {
  schema: RJSFSchema;
  dialect: ToolSchemaDialect;
  validate: (value: unknown) => SchemaIssue[];
  labels: ToolCallFormLabels;
  idPrefix: string;
  onSubmit: (args: Record<string, unknown>) => void;
}) {
  // One Ajv instance per form, of the schema's dialect: rjsf matches options and resolves
  // if/then/else with it. logger: false keeps Ajv's notes off the host's console.
  // Its patterns run on the kit's linear-time engine too (`formRegExp`): rjsf matches options on
  // every change, and a backtracking pattern would freeze the render. No meta-schema check
  // (`validateSchema: false`): compileToolSchema has done it, and its `$id`/`$anchor` patterns would
  // otherwise need the engine on forms that have no pattern of their own.
  const validator = useMemo(
    () =>
      customizeValidator<ToolFormData>({
        AjvClass: AJV_CLASSES[dialect],
        ajvOptionsOverrides: { logger: false, validateSchema: false, code: { regExp: formRegExp } },
      }),
    [dialect],
  );
  const theme = useMemo(() => toolTheme(), []);
  // Which option each oneOf/anyOf selector shows: rjsf keeps it in the union field's state.
  const chosenOptions = useRef(new Map<string, number>());
  const formContext = useMemo<ToolFormContext>(
    () => ({
      labels,
      toolLabels: labels,
      dialect,
      reportOption: (selectorId, option) => {
        if (option === undefined) chosenOptions.current.delete(selectorId);
        else chosenOptions.current.set(selectorId, option);
      },
    }),
    [labels, dialect],
  );
  const [located, setLocated] = useState<LocatedIssue[]>([]);
  const [attempt, setAttempt] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);

  const extraErrors = useMemo(() => toErrorSchema(located, labels.issueMessage), [located, labels]);

  // After each refused submit, focus the first issue's field (or the summary when it has none).
  useFocusFirstIssue(
    attempt,
    () =>
      located
        .map((entry) => targetOf(idPrefix, entry))
        .filter((id) => id !== undefined)
        .slice(0, 1),
    () => summaryRef.current,
  );

  const submit = ({ formData }: IChangeEvent<ToolFormData, RJSFSchema, ToolFormContext>) => {
    const context: WalkContext = {
      schemaUtils: createSchemaUtils<ToolFormData, RJSFSchema, ToolFormContext>(validator, schema),
      idPrefix,
      chosenOptions: chosenOptions.current,
      notANumber: labels.notANumber,
      dialect,
      tupleGap: labels.tupleGap,
    };
    const walk = toArguments(formData, schema, context);
    // Text that is not a number is reported as such, not also as "must be number".
    const read = new Set(walk.issues.map((issue) => issue.pointer));
    const issues = [...walk.issues, ...validate(walk.args).filter((issue) => !read.has(issue.pointer))];
    if (issues.length === 0) {
      setLocated([]);
      onSubmit(walk.args);
      return;
    }
    setLocated(locateIssues(issues, walk.nodes, context.schemaUtils));
    setAttempt((count) => count + 1);
  };

  // The note explains the marks, so it shows when the top level has a required field (allOf parts
  // and if/then merged in, as rjsf draws them).
  const marked = useMemo(() => {
    const top = createSchemaUtils<ToolFormData, RJSFSchema, ToolFormContext>(validator, schema).retrieveSchema(
      schema,
      {},
    );
    return Array.isArray(top.required) && top.required.length > 0;
  }, [validator, schema]);
  return (
    <>
      <ErrorSummary
        title={labels.errorSummaryTitle}
        attempt={attempt}
        summaryRef={summaryRef}
        items={located.map((entry, index) => ({
          key: String(index),
          target: targetOf(idPrefix, entry),
          text: (
            <>
              <code className="mek-problem-path">{labels.issuePath(entry.issue.pointer)}</code>{' '}
              {labels.issueMessage(entry.issue)}
            </>
          ),
        }))}
      />
      {marked && <p className="mek-required-note">{labels.requiredNote}</p>}
      <Form<ToolFormData, RJSFSchema, ToolFormContext>
        className="mek-form"
        schema={schema}
        uiSchema={UI_SCHEMA}
        validator={validator}
        fields={theme.fields}
        widgets={theme.widgets}
        templates={theme.templates}
        formContext={formContext}
        idPrefix={idPrefix}
        extraErrors={extraErrors}
        // rjsf 6 pre-fills a required titled enum (oneOf of consts) with its first option unless told not to.
        experimental_defaultFormStateBehavior={{ constAsDefaults: 'skipOneOf' }}
        // rjsf validates nothing: the kit checks the arguments with its own compiled schema on submit.
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated with no replacement yet (rjsf 6.11).
        noValidate
        noHtml5Validate
        showErrorList={false}
        // A field without a type gets rjsf's type picker instead of an "unsupported field" notice.
        useFallbackUiForUnsupportedType
        translateString={translateString}
        onSubmit={submit}
      >
        <div className="mek-actions">
          <button type="submit" className="mek-button mek-button-primary">
            {labels.submit}
          </button>
        </div>
      </Form>
    </>
  );
}

/** One tool's form: mounted anew (by key) for each new `tool` object. */
function ToolCallSession({ tool, onSubmit, labels: given, theme, limits }: ToolCallFormProps) {
  const labels = useMemo(
    () => (given === undefined ? defaultToolCallFormLabels : { ...defaultToolCallFormLabels, ...given }),
    [given],
  );
  const baseId = `mek${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const inputSchema: unknown = isRecord(tool) ? tool.inputSchema : undefined;
  const compiled = useMemo(() => compileToolSchema(inputSchema, limits), [inputSchema, limits]);
  const schema = useMemo(
    () => (compiled.ok && isRecord(inputSchema) ? rjsfToolSchema(inputSchema, compiled.dialect) : undefined),
    [compiled, inputSchema],
  );
  // A schema with a pattern waits for the pattern engine (loaded on demand) before its form is drawn.
  const engine = usePatternEngine(useMemo(() => compiled.ok && hasPatterns(inputSchema), [compiled, inputSchema]));
  const rootType = isRecord(inputSchema) ? inputSchema.type : undefined;
  // Counted only for a schema the compiler accepted (bounded by its limits), and only so far.
  const fieldCount = useMemo(() => (schema === undefined ? 0 : countFormFields(schema, MAX_FIELDS)), [schema]);
  const refusal = !compiled.ok
    ? compiled.error.message
    : !isRecord(inputSchema)
      ? labels.schemaNotObject
      : rootType !== undefined && rootType !== 'object'
        ? labels.rootNotObject
        : fieldCount > MAX_FIELDS
          ? labels.tooManyFields(fieldCount, MAX_FIELDS)
          : undefined;
  const toolName = toolDisplayName(tool);
  return (
    <div role="group" className="mek-root mek-tool" data-theme={theme} aria-label={labels.formName(toolName)}>
      <ToolHeader tool={tool} />
      {refusal !== undefined || schema === undefined || !compiled.ok ? (
        <Refusal title={labels.schemaErrorTitle} message={refusal ?? ''} />
      ) : engine.status !== 'ready' ? (
        <p role="status" className="mek-hint">
          {engine.status === 'failed' ? labels.patternLoadFailed : labels.patternLoading}
        </p>
      ) : (
        <ErrorBoundary
          fallback={(message) => <Refusal title={labels.schemaErrorTitle} message={labels.formFailed(message)} />}
        >
          <ToolArgumentsForm
            schema={schema}
            dialect={compiled.dialect}
            validate={(value) => compiled.validate(value)}
            labels={labels}
            idPrefix={baseId}
            onSubmit={onSubmit}
          />
        </ErrorBoundary>
      )}
    </div>
  );
}

/**
 * A form for a tool's arguments, drawn from `tool.inputSchema`: nested objects, lists, tuples
 * (one field per position), `oneOf`/`anyOf` with an option selector, `allOf`, `if`/`then`/`else`,
 * local `$ref`s and titled enums. `onSubmit` receives exactly an arguments object that conforms
 * to the schema. A schema the kit cannot use safely (remote `$ref`, over a limit, unsupported
 * `$schema`, bad `$id`) shows why, and no form. Give a new `tool` object to start over.
 */
export function ToolCallForm(props: ToolCallFormProps) {
  // A new tool object starts a new session (fresh data, issues and option choices).
  const key = useSessionKey(props.tool);
  return <ToolCallSession key={key} {...props} />;
}
