/** The strings of `ToolCallForm` and `ToolResultView`, each replaceable; server text never passes through here. */
import type { SchemaIssue, ToolResultVerdictKind } from '../../tools/index.js';
import { TOOL_MESSAGES as MESSAGES } from '../../shared/tool-messages.js';
import { isRecord } from '../../shared/path.js';
import { defaultLabels, type ElicitationLabels } from '../shared/labels.js';

const TYPE_MESSAGES: Readonly<Record<string, string | undefined>> = {
  string: MESSAGES.text,
  number: MESSAGES.number,
  integer: MESSAGES.integer,
  boolean: MESSAGES.boolean,
  array: MESSAGES.list,
  object: MESSAGES.group,
};

/** The number in Ajv's message for a bound (`must NOT have fewer than 3 characters`, `must be >= 5`). */
function boundOf(message: string): number | undefined {
  const found = /(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)(?!.*\d)/i.exec(message);
  return found ? Number(found[1]) : undefined;
}

/** An Ajv issue in the words the elicitation form uses; the validator's own message when the kit has none. */
export function plainIssue(issue: SchemaIssue): string {
  const bound = boundOf(issue.message);
  const counted = (message: (count: number) => string) => (bound === undefined ? issue.message : message(bound));
  switch (issue.keyword) {
    case 'required':
    case 'dependentRequired':
    case 'dependencies':
      return MESSAGES.required;
    case 'type': {
      // "must be string"; a list of types ("must be number,null") keeps Ajv's words.
      const type = /^must be (\w+)$/.exec(issue.message)?.[1];
      return (type !== undefined && TYPE_MESSAGES[type]) || issue.message;
    }
    case 'minLength':
      return counted(MESSAGES.minLength);
    case 'maxLength':
      return counted(MESSAGES.maxLength);
    case 'minimum':
      return counted(MESSAGES.minimum);
    case 'maximum':
      return counted(MESSAGES.maximum);
    case 'exclusiveMinimum':
      return counted(MESSAGES.above);
    case 'exclusiveMaximum':
      return counted(MESSAGES.below);
    case 'minItems':
      return counted(MESSAGES.minItems);
    case 'maxItems':
      return counted(MESSAGES.maxItems);
    case 'multipleOf':
      return counted(MESSAGES.multipleOf);
    case 'enum':
    case 'const':
      return MESSAGES.option;
    case 'uniqueItems':
      return MESSAGES.unique;
    case 'pattern':
      return MESSAGES.pattern;
    case 'format': {
      const format = /^must match format "([^"]+)"$/.exec(issue.message)?.[1];
      return format !== undefined && Object.hasOwn(MESSAGES.format, format)
        ? MESSAGES.format[format as keyof typeof MESSAGES.format]
        : issue.message;
    }
    default:
      return issue.message;
  }
}

/** The widget strings the tool form shares with the elicitation form. */
type WidgetLabelKeys =
  | 'requiredMark'
  | 'requiredNote'
  | 'choosePlaceholder'
  | 'clearChoice'
  | 'filterLabel'
  | 'filterNoMatches'
  | 'selectedCount'
  | 'itemsHint'
  | 'lengthHint'
  | 'numberHint'
  | 'dateHint'
  | 'timeZoneHint'
  | 'patternByServer';

/** Every string `ToolCallForm` shows: its own, and those of the kit widgets it draws. */
export interface ToolCallFormLabels extends Pick<ElicitationLabels, WidgetLabelKeys> {
  /** The accessible name of the form, given the tool's display name: "Arguments of Search". */
  formName: (toolName: string) => string;
  submit: string;
  errorSummaryTitle: string;
  /** The text of one issue: the elicitation form's words for the keyword, else the validator's message. Translate by `issue.keyword`. */
  issueMessage: (issue: SchemaIssue) => string;
  /** How an issue's place in the arguments is shown; `""` is the arguments object itself. */
  issuePath: (pointer: string) => string;
  notANumber: string;
  /** Heading shown instead of the form when the input schema cannot be used. */
  schemaErrorTitle: string;
  /** Shown when rjsf cannot draw a schema the kit accepted (a construct it does not support), given its error. */
  formFailed: (message: string) => string;
  schemaNotObject: string;
  /** Shown when `inputSchema` declares a root `type` other than `object` (arguments are an object, SEP-2106). */
  rootNotObject: string;
  /** Instead of a form with more fields (at least `count`) than the elicitation form's limit `max`. */
  tooManyFields: (count: number, max: number) => string;
  /** Heading instead of the form when a tool asks for a file (SEP-2356) and the host did not opt in (`files`). */
  fileToolTitle: string;
  /** Under it, given the names of the file arguments. */
  fileArguments: (names: readonly string[]) => string;
  addItem: (listLabel: string) => string;
  /** Removes item `position` (1-based) of a list, or of a tuple's extra items. */
  removeItem: (listLabel: string, position: number) => string;
  /** Moves item `position` (1-based) one place up; in a tuple, only extra items have it. */
  moveItemUp: (listLabel: string, position: number) => string;
  moveItemDown: (listLabel: string, position: number) => string;
  /** Item `position` (1-based) of a list when the item is a group; rjsf names single-field items `List-1`. */
  listItem: (listLabel: string, position: number) => string;
  emptyList: string;
  /** The label of tuple position `position` (1-based) when its schema has no `title`. */
  tuplePosition: (position: number) => string;
  /** At an empty tuple position before a filled one (`$gap`): arrays have no holes; it is not sent nor closed up. */
  tupleGap: string;
  /** The button that adds a free-form property (`additionalProperties`) to an object, given its label. */
  addProperty: (objectLabel: string) => string;
  propertyName: (name: string) => string;
  removeProperty: (name: string) => string;
  /** Shown instead of the form while the pattern engine loads (the schema has a `pattern`). */
  patternLoading: string;
  /** Shown instead of the form when the pattern engine could not be loaded. */
  patternLoadFailed: string;
  /** The button that loads the check again after it failed. */
  patternRetry: string;
}

/** The English strings `ToolCallForm` uses when none are given. */
export const defaultToolCallFormLabels: ToolCallFormLabels = Object.freeze({
  requiredMark: defaultLabels.requiredMark,
  requiredNote: defaultLabels.requiredNote,
  choosePlaceholder: defaultLabels.choosePlaceholder,
  clearChoice: defaultLabels.clearChoice,
  filterLabel: defaultLabels.filterLabel,
  filterNoMatches: defaultLabels.filterNoMatches,
  selectedCount: defaultLabels.selectedCount,
  itemsHint: defaultLabels.itemsHint,
  lengthHint: defaultLabels.lengthHint,
  numberHint: defaultLabels.numberHint,
  dateHint: defaultLabels.dateHint,
  timeZoneHint: defaultLabels.timeZoneHint,
  patternByServer: defaultLabels.patternByServer,
  patternLoading: 'Getting the check of this form ready…',
  patternLoadFailed: 'The check of this form could not be loaded, so the form cannot be sent yet.',
  patternRetry: 'Try again',
  formName: (toolName: string) => `Arguments of ${toolName}`,
  submit: 'Call tool',
  errorSummaryTitle: 'The arguments do not match the tool’s input schema:',
  issueMessage: plainIssue,
  issuePath: (pointer: string) => (pointer === '' ? '(arguments)' : pointer),
  notANumber: 'Enter a number.',
  schemaErrorTitle: 'This tool’s input schema cannot be used, so no form is shown',
  formFailed: (message: string) => `The form could not be drawn for this schema: ${message}`,
  schemaNotObject: 'The input schema is not a JSON object.',
  rootNotObject:
    'The input schema must describe an object (its root "type" must be "object"): tool arguments are always an object.',
  tooManyFields: (count: number, max: number) =>
    `The input schema has at least ${count} fields, more than the ${max} a form may have: nobody could fill it in.`,
  fileToolTitle: 'This tool asks for a file',
  fileArguments: (names: readonly string[]) =>
    `${names.map((name) => `"${name}"`).join(', ')} ${names.length === 1 ? 'is a file' : 'are files'}, which this app cannot send.`,
  addItem: (listLabel: string) => `Add to ${listLabel}`,
  removeItem: (listLabel: string, position: number) => `Remove ${listLabel} item ${position}`,
  moveItemUp: (listLabel: string, position: number) => `Move ${listLabel} item ${position} up`,
  moveItemDown: (listLabel: string, position: number) => `Move ${listLabel} item ${position} down`,
  listItem: (listLabel: string, position: number) => `${listLabel} ${position}`,
  emptyList: 'No items.',
  tuplePosition: (position: number) => `Item ${position}`,
  tupleGap:
    'Empty, but a later position is filled. Fill this one in, or clear the ones after it: positions cannot be skipped.',
  addProperty: (objectLabel: string) => `Add a property to ${objectLabel}`,
  propertyName: (name: string) => `Name of property ${name}`,
  removeProperty: (name: string) => `Remove property ${name}`,
});

/** Every string `ToolResultView` shows. */
export interface ToolResultViewLabels {
  /** The accessible name of the view, given the tool's display name: "Result of Search". */
  viewName: (toolName: string) => string;
  verdictTitle: string;
  verdict: (verdict: ToolResultVerdictKind) => string;
  /** Instead of the verdict while the pattern engine loads (the output schema has a `pattern`). */
  verdictPending: string;
  issuesTitle: string;
  /** How an issue's place in `structuredContent` is shown; `""` is the value itself. */
  issuePath: (pointer: string) => string;
  notesTitle: string;
  structuredTitle: string;
  /** Shown when the result has no `structuredContent` at all (not the same as `null`). */
  noStructured: string;
  textTitle: string;
  noText: string;
  /** The label of a content block that is not text (image, audio, resource…), given its type. */
  otherBlock: (type: string) => string;
  /** Shown when the tool reported an error (`isError: true`). */
  errorResult: string;
  /** The caption of a table of objects, given how many rows it has (after the key it sits under, if any). */
  tableCaption: (rows: number) => string;
  /** Shown under a list or table cut at its cap. */
  shownOf: (shown: number, total: number) => string;
  showAll: (total: number) => string;
  /** Shown where nesting goes deeper than the view draws. */
  tooDeep: string;
  emptyArray: string;
  emptyObject: string;
  /** A table cell of a row that has no such key (distinct from a `null` value). */
  absentCell: string;
  /** The heading of the row-number column. */
  rowNumber: string;
}

/** The English strings `ToolResultView` uses when none are given. */
export const defaultToolResultViewLabels: ToolResultViewLabels = Object.freeze({
  viewName: (toolName: string) => `Result of ${toolName}`,
  verdictTitle: 'Output check',
  verdictPending: 'Checking…',
  verdict: (verdict: ToolResultVerdictKind) => {
    switch (verdict) {
      case 'valid':
        return 'Valid: the structured content matches the output schema.';
      case 'invalid':
        return 'Invalid: the structured content does not match the output schema.';
      case 'missing':
        return 'Missing: the tool has an output schema but sent no structured content.';
      case 'no-schema':
        return 'Not checked: there is no output schema to check against.';
      case 'schema-error':
        return 'Schema error: the tool’s output schema cannot be used.';
      default:
        return verdict satisfies never;
    }
  },
  issuesTitle: 'Issues',
  issuePath: (pointer: string) => (pointer === '' ? '(whole value)' : pointer),
  notesTitle: 'Notes',
  structuredTitle: 'Structured content',
  noStructured: 'No structured content.',
  textTitle: 'Text content',
  noText: 'No text content.',
  otherBlock: (type: string) => `A content block of type ${type} (not shown).`,
  errorResult: 'The tool reported an error.',
  tableCaption: (rows: number) => (rows === 1 ? '1 row' : `${rows} rows`),
  shownOf: (shown: number, total: number) => `Showing ${shown} of ${total}.`,
  showAll: (total: number) => `Show all ${total}`,
  tooDeep: '(nested too deeply to show)',
  emptyArray: '(empty list)',
  emptyObject: '(empty object)',
  absentCell: '(absent)',
  rowNumber: '#',
});

/**
 * What the tool is called in the components' accessible names: its title, else its name. Read as
 * `unknown`: a host's JavaScript may hand over a tool that does not follow the types.
 */
export function toolDisplayName(tool: unknown): string {
  if (!isRecord(tool)) return '';
  return typeof tool.title === 'string' && tool.title !== '' ? tool.title : String(tool.name);
}
