/** `validateToolResult`: a `tools/call` result's `structuredContent` against the tool's `outputSchema` (SEP-2106). */
import { describeJsonType, hasOwn, isRecord, jsonEqual, type JsonObject } from './json.js';
import {
  compileToolSchema,
  type SchemaIssue,
  type SchemaLimits,
  type ToolSchemaCompiler,
  type ToolSchemaError,
} from './tool-schema.js';

/** A tool as listed by `tools/list`, structurally: a `Tool` from either SDK (or plain JSON) fits. */
export interface Tool {
  name: string;
  title?: string;
  description?: string;
  /** JSON Schema of the arguments; its root is an object (SEP-2106). */
  inputSchema: { type: 'object'; $schema?: string; [key: string]: unknown };
  /** JSON Schema of `structuredContent`; any root (object, array, primitive, composition). */
  outputSchema?: { $schema?: string; [key: string]: unknown };
}

/** A content block of a result; only `type` and, for `text` blocks, `text` are read. */
export interface ContentBlock {
  type: string;
  text?: unknown;
}

/** A `tools/call` result, structurally (SDK 1.x and 2.x results fit). */
export interface CallToolResult {
  /** Unstructured content; array and primitive results should carry their JSON in a text block. */
  content?: readonly ContentBlock[];
  /** Any JSON value. `0`, `false`, `""` and `null` are present values; only an absent key is missing. */
  structuredContent?: unknown;
  isError?: boolean;
}

/** The verdict on a result. */
export type ToolResultVerdictKind = 'valid' | 'invalid' | 'missing' | 'no-schema' | 'schema-error';

/** What `validateToolResult` found. */
export interface ToolResultVerdict {
  /**
   * `valid` (the value, or the one inside a recognised `{result: …}` wrapper, conforms); `invalid`;
   * `missing` (an `outputSchema`, no error, no `structuredContent`); `no-schema` (none, or `isError: true`,
   * which an `outputSchema` does not bind); `schema-error` (the `outputSchema` does not compile).
   */
  verdict: ToolResultVerdictKind;
  /** With `invalid`: the problems, as JSON Pointers into `structuredContent`. Otherwise `[]`. */
  issues: SchemaIssue[];
  /** Plain-text remarks for a person: wrappers recognised, text blocks missing, why nothing was checked. */
  notes: string[];
  /** Where the schema was applied: `structuredContent`, the value in its `{result: …}` wrapper, or `nothing`. */
  checked: 'structuredContent' | 'structuredContent.result' | 'nothing';
  /** With `schema-error`: why the `outputSchema` was refused. */
  schemaError?: ToolSchemaError;
}

/** Options of `validateToolResult`. */
export interface ValidateToolResultOptions {
  /** Limits for compiling the `outputSchema` and validating. Default `DEFAULT_SCHEMA_LIMITS`. */
  limits?: SchemaLimits;
  /** A compiler of your own (separate cache); default: the one behind `compileToolSchema`. */
  compiler?: ToolSchemaCompiler;
}

/** Notes `validateToolResult` can give; exported for tests and for views that match on them. */
export const TOOL_RESULT_NOTES = {
  noSchema: 'The tool declares no outputSchema, so structuredContent was not checked.',
  errorResult:
    'The result is an error (isError: true); an outputSchema does not bind error results, so nothing was checked.',
  missing: 'The tool declares an outputSchema, but the result has no structuredContent.',
  wrapped:
    'structuredContent is wrapped as {"result": …}, the shape SDK servers send toward 2025-era clients; the wrapped value matches the outputSchema.',
  wrappedInvalid:
    'structuredContent is shaped like the {"result": …} wrapper, but the wrapped value does not match the outputSchema either.',
  wrappedSchema:
    'The outputSchema is the {"result": …} wrapper SDK servers list toward 2025-era clients for a non-object schema; the value is structuredContent.result.',
  /** `kind` is `an array`, `a string`, `a number`, `a boolean` or `null`. */
  textMissing: (kind: string): string =>
    `structuredContent is ${kind}; SEP-2106 asks servers to also send a text block holding its JSON, and none came.`,
  /** `blocks` is the number of text blocks that came. */
  textMismatch: (kind: string, blocks: number): string =>
    `structuredContent is ${kind}, but ${blocks === 1 ? 'the text block does not hold' : `none of the ${blocks} text blocks holds`} its JSON.`,
  schemaError: (message: string): string => `The outputSchema cannot be used: ${message}`,
} as const;

function isResultWrapper(value: unknown): value is { result: unknown } {
  return isRecord(value) && Object.keys(value).length === 1 && hasOwn(value, 'result');
}

/**
 * The schema SDK servers list toward 2025-era clients for a non-object output:
 * `{type: "object", properties: {result: <schema>}, required: ["result"]}` (plus `$schema`), nothing else.
 */
function isWrapperSchema(schema: JsonObject): boolean {
  const keys = Object.keys(schema).filter((key) => key !== '$schema');
  return (
    keys.length === 3 &&
    schema.type === 'object' &&
    isRecord(schema.properties) &&
    Object.keys(schema.properties).length === 1 &&
    hasOwn(schema.properties, 'result') &&
    jsonEqual(schema.required, ['result'])
  );
}

/**
 * SEP-2106: an array or primitive `structuredContent` should come with a text block holding its JSON,
 * compared parsed, never as text. `alsoAccepted`: the wrapped object, when a wrapper is in play.
 */
function textBlockNote(result: CallToolResult, value: unknown, alsoAccepted?: unknown): string | undefined {
  if (isRecord(value)) return undefined;
  const kind = describeJsonType(value);
  const texts = (Array.isArray(result.content) ? result.content : [])
    .filter((block): block is ContentBlock => isRecord(block) && block.type === 'text')
    .map((block) => block.text);
  if (texts.length === 0) return TOOL_RESULT_NOTES.textMissing(kind);
  const holdsIt = texts.some((text) => {
    if (typeof text !== 'string') return false;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return false;
    }
    return jsonEqual(parsed, value) || (alsoAccepted !== undefined && jsonEqual(parsed, alsoAccepted));
  });
  return holdsIt ? undefined : TOOL_RESULT_NOTES.textMismatch(kind, texts.length);
}

/**
 * The verdict on `result` against `tool.outputSchema`; the order of the checks is in `src/tools/README.md`,
 * "Verdicts". A failing `{result: X}` with X conforming is `valid`, with a note. Never throws.
 */
export function validateToolResult(
  tool: Tool,
  result: CallToolResult,
  options: ValidateToolResultOptions = {},
): ToolResultVerdict {
  const present = isRecord(result) && hasOwn(result, 'structuredContent') && result.structuredContent !== undefined;
  const value = present ? result.structuredContent : undefined;
  const notes: string[] = [];
  const textNote = (checked: unknown, alsoAccepted?: unknown): void => {
    const note = present ? textBlockNote(result, checked, alsoAccepted) : undefined;
    if (note) notes.push(note);
  };
  const done = (
    verdict: ToolResultVerdictKind,
    checked: ToolResultVerdict['checked'] = 'nothing',
    issues: SchemaIssue[] = [],
  ): ToolResultVerdict => ({
    verdict,
    issues,
    notes,
    checked,
  });

  const schema = isRecord(tool) && hasOwn(tool, 'outputSchema') ? tool.outputSchema : undefined;
  if (schema === undefined) {
    if (present) notes.push(TOOL_RESULT_NOTES.noSchema);
    textNote(value);
    return done('no-schema');
  }
  const compiled = options.compiler
    ? options.compiler.compile(schema, options.limits)
    : compileToolSchema(schema, options.limits);
  if (!compiled.ok) {
    notes.push(TOOL_RESULT_NOTES.schemaError(compiled.error.message));
    return { ...done('schema-error'), schemaError: compiled.error };
  }
  if (isRecord(result) && result.isError === true) {
    notes.push(TOOL_RESULT_NOTES.errorResult);
    textNote(value);
    return done('no-schema');
  }
  if (!present) {
    notes.push(TOOL_RESULT_NOTES.missing);
    return done('missing');
  }

  const issues = compiled.validate(value);
  if (issues.length === 0) {
    if (isRecord(schema) && isWrapperSchema(schema) && isResultWrapper(value)) {
      notes.push(TOOL_RESULT_NOTES.wrappedSchema);
      textNote(value.result, value);
    } else {
      textNote(value);
    }
    return done('valid', 'structuredContent');
  }
  if (isResultWrapper(value) && !issues.some((issue) => issue.keyword === '$limit')) {
    const inner = compiled.validate(value.result);
    if (inner.length === 0) {
      notes.push(TOOL_RESULT_NOTES.wrapped);
      textNote(value.result, value);
      return done('valid', 'structuredContent.result');
    }
    notes.push(TOOL_RESULT_NOTES.wrappedInvalid);
  }
  textNote(value);
  return done('invalid', 'structuredContent', issues);
}
