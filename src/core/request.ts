/** Reads an untrusted `elicitation/create` params object into a prompt: mode, message, problems. Never throws. */
import { hasOwn, isRecord, ownValue, quoteShort } from '../shared/path.js';
import type { ElicitationPrompt, RequestProblem, RequestProblemCode } from './queue-types.js';
import { parseCached } from './schema.js';
import type { ElicitRequestFormParams, ElicitRequestURLParams } from './types.js';

function invalid(request: unknown, problem: RequestProblem): ElicitationPrompt {
  return Object.freeze({ mode: 'invalid', request, problem });
}

function problemOf(code: RequestProblemCode, message: string): RequestProblem {
  return Object.freeze({ code, message });
}

const NOT_OBJECT: RequestProblem = problemOf('not-object', 'The request is not an object.');
const UNREADABLE: RequestProblem = problemOf('unreadable', 'The request could not be read.');
const MESSAGE_INVALID: RequestProblem = problemOf('message-invalid', 'The request has no message text.');
const NOT_FORM: RequestProblem = problemOf('not-form', 'The request is in URL mode, not form mode.');

function unknownMode(mode: unknown): RequestProblem {
  return problemOf('unknown-mode', `The mode ${quoteShort(mode)} is not "form" or "url".`);
}

/** The request's own `message` when it is text: every view shows it, whatever the request's faults. */
export function requestMessage(request: unknown): string | undefined {
  try {
    const message = isRecord(request) ? ownValue(request, 'message') : undefined;
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

/** A form-mode request's params as the kit reads them (own properties only). */
export interface FormRequestReading {
  readonly message: string | undefined;
  readonly requestedSchema: unknown;
  /** What is wrong with the params around the schema, in reading order; empty when nothing is. */
  readonly problems: readonly RequestProblem[];
}

/** The one place that decides whether a form request's params are usable. Internal to the kit. */
export function readFormRequest(request: unknown): FormRequestReading {
  try {
    if (!isRecord(request)) return { message: undefined, requestedSchema: undefined, problems: [NOT_OBJECT] };
    const mode = ownValue(request, 'mode');
    const message = ownValue(request, 'message');
    const problems: RequestProblem[] = [];
    if (mode === 'url') problems.push(NOT_FORM);
    else if (mode !== undefined && mode !== 'form') problems.push(unknownMode(mode));
    if (typeof message !== 'string') problems.push(MESSAGE_INVALID);
    return {
      message: typeof message === 'string' ? message : undefined,
      requestedSchema: ownValue(request, 'requestedSchema'),
      problems,
    };
  } catch {
    return { message: undefined, requestedSchema: undefined, problems: [UNREADABLE] };
  }
}

/** Reads an untrusted request as a prompt. Never throws. Internal to the kit. */
export function toPrompt(request: unknown): ElicitationPrompt {
  try {
    if (isRecord(request) && ownValue(request, 'mode') === 'url') {
      if (typeof ownValue(request, 'message') !== 'string') return invalid(request, MESSAGE_INVALID);
      if (typeof ownValue(request, 'url') !== 'string')
        return invalid(request, problemOf('url-invalid', 'The URL request has no url text.'));
      if (hasOwn(request, 'elicitationId') && typeof ownValue(request, 'elicitationId') !== 'string') {
        return invalid(request, problemOf('elicitation-id-invalid', 'The elicitationId is not text.'));
      }
      return Object.freeze({ mode: 'url', request: request as unknown as ElicitRequestURLParams });
    }
    const reading = readFormRequest(request);
    const first = reading.problems[0];
    if (first) return invalid(request, first);
    if (!isRecord(reading.requestedSchema)) {
      return invalid(request, problemOf('schema-invalid', 'The form request has no requestedSchema object.'));
    }
    return Object.freeze({ mode: 'form', request: request as ElicitRequestFormParams });
  } catch {
    return invalid(request, UNREADABLE);
  }
}

/**
 * Whether a prompt can get more than `decline` (a round declines the others); a URL one when `urlOk`
 * (the caller's `inspectUrl`) can offer its URL, so reading forms never loads the URL inspection.
 * Internal to the kit.
 */
export function canAnswer(prompt: ElicitationPrompt, urlOk: (url: string) => boolean): boolean {
  switch (prompt.mode) {
    case 'form': {
      const reading = readFormRequest(prompt.request);
      return reading.problems.length === 0 && parseCached(reading.requestedSchema).ok;
    }
    case 'url':
      return urlOk(prompt.request.url);
    case 'invalid':
      return false;
    default:
      return prompt satisfies never;
  }
}
