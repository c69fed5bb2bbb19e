/**
 * `<ToolCallForm>`: a form for a tool's arguments, drawn by rjsf from its `inputSchema`. The schema is
 * compiled first by `compileToolSchema`; on submit the arguments (`toArguments`) are checked by that
 * compiled schema, whose verdict alone decides: rjsf's own validation is off.
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
import { setOwn } from '../../shared/path.js';
import { isFilePlacement } from '../../shared/files.js';
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
  /** The tool as `tools/list` gives it (untrusted: a refused schema shows why). A new object starts over. */
  tool: Tool;
  /**
   * Called with an arguments object that conforms to `inputSchema` (`compileToolSchema(…, limits)`); empty
   * optional fields are left out, never sent as `""`. Pass it on as `tools/call` `arguments`.
   */
  onSubmit: (args: Record<string, unknown>) => void;
  /** Replaces any of the form's strings (`ToolCallFormLabels`). */
  labels?: Partial<ToolCallFormLabels>;
  /** Forces the light or dark theme; without it the kit follows `prefers-color-scheme`. */
  theme?: 'light' | 'dark';
  /** `compact` tightens spacing and controls (the `--mek-*` tokens README.md lists); `comfortable` by default. */
  density?: 'comfortable' | 'compact';
  /** Limits for compiling `inputSchema` and validating the arguments; default `DEFAULT_SCHEMA_LIMITS`. */
  limits?: SchemaLimits;
  /**
   * Experimental: draw top-level arguments marked `x-mcp-file` (SEP-2356, a draft) with the kit's file picker and
   * send the chosen file as a `data:` URI, as `ElicitationForm`'s `files`. Off by default: such a tool shows why
   * it cannot be called here, and no form.
   */
  files?: boolean;
}

type AjvClass = NonNullable<CustomValidatorOptionsType['AjvClass']>;

/** rjsf types `AjvClass` as Ajv's CommonJS module, which the ESM classes do not match by name; they construct alike. */
const AJV_CLASSES: Readonly<Record<ToolSchemaDialect, AjvClass>> = {
  '2020-12': Ajv2020 as unknown as AjvClass,
  '2019-09': Ajv2019 as unknown as AjvClass,
  'draft-07': Ajv as unknown as AjvClass,
};

/** The form draws its own submit button. */
const UI_SCHEMA: UiSchema<ToolFormData, RJSFSchema, ToolFormContext> = { 'ui:submitButtonOptions': { norender: true } };

/** The top-level arguments SEP-2356 marks as files: `x-mcp-file` on a `format: "uri"` string. */
function fileArguments(inputSchema: Record<string, unknown>): string[] {
  const properties = inputSchema.properties;
  if (!isRecord(properties)) return [];
  return Object.keys(properties).filter((key) => {
    const property = properties[key];
    return isRecord(property) && isFilePlacement(property);
  });
}

/** The uiSchema: the kit's file widget for each file argument (rjsf would draw a URL box for `format: "uri"`). */
function uiSchemaFor(files: readonly string[]): UiSchema<ToolFormData, RJSFSchema, ToolFormContext> {
  if (files.length === 0) return UI_SCHEMA;
  const ui: UiSchema<ToolFormData, RJSFSchema, ToolFormContext> = { ...UI_SCHEMA };
  for (const key of files) setOwn(ui, key, { 'ui:widget': 'file' });
  return ui;
}

/** rjsf's strings, except that a property added under `additionalProperties` starts empty, not as "New Value". */
function translateString(key: TranslatableString, params?: string[]): string {
  return key === TranslatableString.NewStringDefault ? '' : englishStringTranslator(key, params);
}

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

function ToolArgumentsForm({
  schema,
  uiSchema,
  dialect,
  validate,
  labels,
  idPrefix,
  onSubmit,
}: {
  schema: RJSFSchema;
  uiSchema: UiSchema<ToolFormData, RJSFSchema, ToolFormContext>;
  dialect: ToolSchemaDialect;
  validate: (value: unknown) => SchemaIssue[];
  labels: ToolCallFormLabels;
  idPrefix: string;
  onSubmit: (args: Record<string, unknown>) => void;
}) {
  // One Ajv per form, of the schema's dialect, for rjsf's option matching and if/then/else. Its patterns
  // run on the linear engine (`formRegExp`): a backtracking one would freeze the render. No meta-schema
  // check: compileToolSchema did it, and its `$id` patterns would need the engine on pattern-free forms.
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

  // The note explains the marks: shown when the top level (allOf and if/then merged, as rjsf draws them) has one.
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
        uiSchema={uiSchema}
        validator={validator}
        fields={theme.fields}
        widgets={theme.widgets}
        templates={theme.templates}
        formContext={formContext}
        idPrefix={idPrefix}
        extraErrors={extraErrors}
        // rjsf 6 pre-fills a required titled enum (oneOf of consts) with its first option unless told not to.
        experimental_defaultFormStateBehavior={{ constAsDefaults: 'skipOneOf' }}
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

function ToolCallSession({ tool, onSubmit, labels: given, theme, density, limits, files }: ToolCallFormProps) {
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
  const engine = usePatternEngine(useMemo(() => compiled.ok && hasPatterns(inputSchema), [compiled, inputSchema]));
  const rootType = isRecord(inputSchema) ? inputSchema.type : undefined;
  // Counted only for a schema the compiler accepted (bounded by its limits), and only so far.
  const fieldCount = useMemo(() => (schema === undefined ? 0 : countFormFields(schema, MAX_FIELDS)), [schema]);
  const fileArgs = useMemo(() => (isRecord(inputSchema) ? fileArguments(inputSchema) : []), [inputSchema]);
  const uiSchema = useMemo(() => uiSchemaFor(fileArgs), [fileArgs]);
  // SEP-2356: a host that cannot present a picker does not ask the person to type a data: URI.
  const filesRefused = fileArgs.length > 0 && files !== true;
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
    <div
      role="group"
      className="mek-root mek-tool"
      data-theme={theme}
      data-density={density}
      aria-label={labels.formName(toolName)}
    >
      <ToolHeader tool={tool} />
      {refusal !== undefined || schema === undefined || !compiled.ok ? (
        <Refusal title={labels.schemaErrorTitle} message={refusal ?? ''} />
      ) : filesRefused ? (
        <Refusal title={labels.fileToolTitle} message={labels.fileArguments(fileArgs)} />
      ) : engine.status !== 'ready' ? (
        <div role="status" className="mek-pattern-status">
          <p className="mek-hint">{engine.status === 'failed' ? labels.patternLoadFailed : labels.patternLoading}</p>
          {engine.status === 'failed' && (
            <button type="button" className="mek-button" onClick={engine.retry}>
              {labels.patternRetry}
            </button>
          )}
        </div>
      ) : (
        <ErrorBoundary
          fallback={(message) => <Refusal title={labels.schemaErrorTitle} message={labels.formFailed(message)} />}
        >
          <ToolArgumentsForm
            schema={schema}
            uiSchema={uiSchema}
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
 * A form for a tool's arguments, drawn from `tool.inputSchema` (nested objects, lists, tuples, unions,
 * `allOf`, `if`/`then`, local `$ref`s). `onSubmit` receives only an arguments object that conforms; a
 * schema the kit cannot use safely shows why, and no form. Give a new `tool` object to start over.
 */
export function ToolCallForm(props: ToolCallFormProps) {
  const key = useSessionKey(props.tool);
  return <ToolCallSession key={key} {...props} />;
}
