/** The kit's own strings, replaceable piece by piece; server text never passes through here. */
import type { FieldError, SchemaProblem } from '../../core/index.js';

/** All visible strings of the kit: `labels`, or `formContext.labels` in a host's own rjsf `Form`. */
export interface ElicitationLabels {
  requestFrom: string;
  /** The server id beside its name: "(ID: github-1)". */
  serverId: (id: string) => string;
  /**
   * What an ACP agent's request belongs to, after its name: "(session s1, tool call t1)". Each value comes
   * isolated (bidi) with its hidden characters written out.
   */
  serverScope: (scope: { sessionId?: string; toolCallId?: string; requestId?: string }) => string;
  /** Under the header when the server's name or id holds hidden characters (given as `U+202E`). */
  serverTextHidden: (codePoints: readonly string[]) => string;
  /** Under a field whose title or description holds invisible or direction-changing characters. */
  textHidden: (codePoints: readonly string[]) => string;
  /** After an option whose title alone does not tell it apart (another looks the same, or it hides characters). */
  optionValue: (value: string) => string;
  accept: string;
  /** Shown (and announced) once the prompt is answered: what was sent. */
  sent: (action: 'accept' | 'decline' | 'cancel') => string;
  /** The explicit "no" button (`action: 'decline'`); `cancel` dismisses, as Escape does. */
  decline: string;
  cancel: string;
  /** The visible mark after the label of a required field; hidden from screen readers, which hear `aria-required`. */
  requiredMark: string;
  /** Explains the mark, above the fields, when at least one field carries it. */
  requiredNote: string;
  /** The empty first entry of a drop-down list. */
  choosePlaceholder: string;
  /** Clears the choice of an optional radio group (radios cannot be unticked). */
  clearChoice: string;
  /** The accessible name of the filter box of a long option list, given the field's label. */
  filterLabel: (fieldLabel: string) => string;
  filterNoMatches: string;
  /** The accessible name of a chosen item's chip in a long multi-select: the button that unticks it. */
  removeChoice: (optionLabel: string) => string;
  /** The live status of a long single-select list: the chosen option's label, or `undefined` for none. */
  chosenOption: (optionLabel: string | undefined) => string;
  /** The live count of a multi-select: "2 of 3 selected", or "2 selected" without a maximum. */
  selectedCount: (count: number, max?: number) => string;
  /** How many options may be chosen (`minItems`/`maxItems`); `undefined` shows no hint. */
  itemsHint: (min?: number, max?: number) => string | undefined;
  /** How long the text may be (`minLength`/`maxLength`); `undefined` shows no hint. */
  lengthHint: (min?: number, max?: number) => string | undefined;
  /** Which numbers are allowed; `undefined` shows no hint. */
  numberHint: (bounds: { min?: number; max?: number; integer: boolean }) => string | undefined;
  dateHint: string;
  /** Under a date-time field: the zone the picked time is read in, and its UTC offset (`+05:30`). */
  timeZoneHint: (timeZone: string, offset: string) => string;
  /** Under a field whose `pattern` the kit cannot run (lookaround, back-references): the server checks it. */
  patternByServer: string;
  /** While the pattern engine loads after Accept: the form is checked as soon as it is ready. */
  patternLoading: string;
  /** While a form of many options (10,000 or more) is read, before it is drawn; Decline and Cancel still work. */
  readingOptions: (count: number) => string;
  /** When the pattern engine could not be loaded: Accept tries again; Decline and Cancel still work. */
  patternLoadFailed: string;
  errorSummaryTitle: string;
  /** The text of one field error (default: the core's message). Translate by `error.code`. */
  fieldError: (error: FieldError) => string;
  /**
   * Above the fields of a form that asks for a secret, after the server's name (MCP 2025-11-25, "Elicitation" →
   * "Security Considerations": servers must not ask for credentials in form mode).
   */
  secretWarning: string;
  /** Heading when the host's `secrets: 'refuse'` refuses such a form. */
  secretRefusedTitle: string;
  /** Under that heading, after the server's name. */
  secretRefused: string;
  /** The accessible name of a secret field's show/hide toggle (a pressed button shows the text). */
  showSecret: (fieldLabel: string) => string;
  // SEP-2356 file fields (opt-in, `files`): the English defaults of these load with the file picker, not here.
  /** The file picker's button and drop zone text (SEP-2356 file fields). */
  chooseFile?: string;
  /** The accessible name of the button that removes the chosen file, given the field's label. */
  removeFile?: (fieldLabel: string) => string;
  /** The chosen file as shown: its name (when known), type and size, e.g. "report.pdf (application/pdf, 2 MB)". */
  chosenFile?: (name: string | undefined, type: string, size: string) => string;
  /** The hint under a file field: what the server accepts; `undefined` shows no hint. */
  fileHint?: (accept: readonly string[] | undefined, maxSize: string | undefined) => string | undefined;
  /** While a chosen file is being encoded. */
  readingFile?: string;
  /** When the file could not be read. */
  fileUnreadable?: string;
  /** After a reload: the file chosen before is not kept, so the person chooses it again. */
  chooseFileAgain?: string;
  /** Heading when the form asks for a file and the host did not opt in to file fields. */
  filesRefusedTitle?: string;
  /** Under that heading, after the server's name. */
  filesRefused?: string;
  /** In place of a file field the host cannot fill, given the field's label. */
  fileCannotBeFilled?: (fieldLabel: string) => string;
  /** Heading when the request cannot be shown as a form. */
  refusedTitle: string;
  /** Under that heading: what the person can still do. */
  refusedIntro: string;
  /** How a problem's path is shown; `""` is the schema itself. */
  problemPath: (path: string) => string;
  /** The text of one schema problem (default: the core's message). Translate by `problem.code`. */
  problemMessage: (problem: SchemaProblem) => string;
  /** The summary line of the discreet list of schema warnings. */
  warningsTitle: (count: number) => string;
  requestNotObject: string;
  messageNotText: string;
  notFormMode: string;
  formCrashed: string;
  /** In place of a field whose widget is not a component (a host's replacement widget). */
  fieldCannotBeShown: (label: string) => string;
}

function range(min: number | undefined, max: number | undefined, unit: string, units: string): string | undefined {
  const noun = (count: number) => (count === 1 ? unit : units);
  if (min !== undefined && max !== undefined) {
    return min === max ? `Exactly ${min} ${noun(min)}` : `${min}–${max} ${units}`;
  }
  if (min !== undefined) return `At least ${min} ${noun(min)}`;
  if (max !== undefined) return `At most ${max} ${noun(max)}`;
  return undefined;
}

/** The English labels the kit uses when none are given. */
export const defaultLabels: ElicitationLabels = Object.freeze({
  requestFrom: 'Request from',
  serverId: (id: string) => `(ID: ${id})`,
  // The English words are the keys' own (sessionId: session, toolCallId: tool call, requestId: request), in the
  // scope's order (ACP's: a session, then its tool call).
  serverScope: (scope: { sessionId?: string; toolCallId?: string; requestId?: string }) =>
    `(${Object.entries(scope)
      .map(([key, value]) => `${key.slice(0, -2).replace('C', ' c')} ${value}`)
      .join(', ')})`,
  serverTextHidden: (codePoints: readonly string[]) =>
    `The server's name contains invisible or direction-changing characters, written out as ${codePoints
      .map((code) => `<${code}>`)
      .join(', ')}. The name may try to look like another.`,
  textHidden: (codePoints: readonly string[]) =>
    `This text contains invisible or direction-changing characters, written out as ${codePoints
      .map((code) => `<${code}>`)
      .join(', ')}.`,
  optionValue: (value: string) => `(sends "${value}")`,
  accept: 'Accept',
  sent: (action: 'accept' | 'decline' | 'cancel') =>
    action === 'accept' ? 'Accepted' : action === 'decline' ? 'Declined' : 'Cancelled',
  decline: 'Decline',
  cancel: 'Cancel',
  requiredMark: '*',
  requiredNote: 'Fields marked * are required.',
  choosePlaceholder: 'Choose…',
  clearChoice: 'Clear choice',
  filterLabel: (fieldLabel: string) => `Filter ${fieldLabel}`,
  filterNoMatches: 'No options match the filter.',
  removeChoice: (optionLabel: string) => `Remove ${optionLabel}`,
  chosenOption: (optionLabel: string | undefined) =>
    optionLabel === undefined ? 'Nothing chosen' : `Chosen: ${optionLabel}`,
  selectedCount: (count: number, max?: number) =>
    max === undefined ? `${count} selected` : `${count} of ${max} selected`,
  itemsHint: (min?: number, max?: number) => {
    const text = range(min, max, 'option', 'options');
    return text && `Choose ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
  },
  lengthHint: (min?: number, max?: number) => range(min, max, 'character', 'characters'),
  numberHint: ({ min, max, integer }: { min?: number; max?: number; integer: boolean }) => {
    const kind = integer ? 'A whole number' : 'A number';
    if (min !== undefined && max !== undefined) return `${kind} from ${min} to ${max}`;
    if (min !== undefined) return `${kind}, ${min} or more`;
    if (max !== undefined) return `${kind}, ${max} or less`;
    return integer ? kind : undefined;
  },
  dateHint: 'Format: YYYY-MM-DD',
  timeZoneHint: (timeZone: string, offset: string) => `Time zone: ${timeZone} (UTC${offset})`,
  patternByServer: 'The server checks the form of this text when you send it.',
  patternLoading: 'Getting the check of this form ready…',
  // Grouped by hand: a first toLocaleString() sets up the locale's number formats, tens of ms on a cold page.
  readingOptions: (count: number) => `Reading the form's ${String(count).replace(/\B(?=(\d{3})+$)/g, ',')} options…`,
  patternLoadFailed: 'The check of this form could not be loaded. Try Accept again, or decline or cancel.',
  errorSummaryTitle: 'Please fix the following before accepting:',
  fieldError: (error: FieldError) => error.message,
  secretWarning:
    'asks for what looks like a password or key in this form. MCP servers must not do that: a legitimate server sends you to its own page instead. Decline unless you trust it.',
  secretRefusedTitle: 'This form asks for a password or key',
  secretRefused:
    'asks for what looks like a password or key in a form, which MCP servers must not do. This app does not show such forms. You can decline or cancel it.',
  showSecret: (fieldLabel: string) => `Show ${fieldLabel}`,
  refusedTitle: 'This request cannot be shown as a form',
  refusedIntro: 'The server sent a request the kit cannot answer correctly. You can decline or cancel it.',
  problemPath: (path: string) => (path === '' ? '(whole request)' : path),
  problemMessage: (problem: SchemaProblem) => problem.message,
  warningsTitle: (count: number) => (count === 1 ? '1 note about this request' : `${count} notes about this request`),
  requestNotObject: 'The request is not an object.',
  messageNotText: 'The request message is not text.',
  notFormMode: 'This is not a form request (its mode is not "form").',
  formCrashed: 'The form could not be displayed because of an internal error.',
  fieldCannotBeShown: (label: string) => `The field "${label}" cannot be shown. Decline or cancel if it matters.`,
});

export function mergeLabels(labels: Partial<ElicitationLabels> | undefined): ElicitationLabels {
  return labels === undefined ? defaultLabels : { ...defaultLabels, ...labels };
}
