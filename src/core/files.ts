/**
 * File fields, SEP-2356 (draft, "Declarative File Inputs for Tools and Elicitation"): a property
 * `{ type: "string", format: "uri", "x-mcp-file": { accept?, maxSize? } }` takes an RFC 2397 `data:` URI.
 * React-free: what a value is and whether it fits; reading the file lives where the browser is.
 */
import { FILE_KEYWORD, isFilePlacement } from '../shared/files.js';
import { isRecord, joinPath, ownValue, propertyKeys } from '../shared/path.js';
import type { Field } from './fields.js';
import { readDataUri, TOKEN } from './file-values.js';

export { FILE_KEYWORD, isFilePlacement };
export {
  acceptsFile,
  fileTooLargeMessage,
  fileWrongTypeMessage,
  formatBytes,
  readDataUri,
  type DataUriInfo,
} from './file-values.js';

/** SEP-2356 `FileInputDescriptor`, as read: bad entries refuse the form, so what is here is well-formed. */
export interface FileDescriptor {
  /** MIME types (`image/png`), `type/*` wildcards and `.ext` suffixes; absent: any file. */
  accept?: string[];
  /** The largest decoded size in bytes the server accepts inline. */
  maxSize?: number;
}

// SEP-2356 takes the HTML `accept` grammar: MIME types (RFC 9110 tokens), `type/*` wildcards, `.ext` suffixes.
const ACCEPT_ENTRY = new RegExp(`^(?:${TOKEN}/(?:\\*|${TOKEN})|\\.[^\\s,/\\\\]+)$`);
/** Reads a descriptor at `path` (the keyword's own); each bad part is reported with its path. */
export function readFileDescriptor(
  value: unknown,
  path: string,
  report: (path: string, message: string) => void,
): FileDescriptor | undefined {
  if (!isRecord(value)) {
    report(path, 'x-mcp-file must be an object with optional accept and maxSize.');
    return undefined;
  }
  const descriptor: FileDescriptor = {};
  let ok = true;
  const accept = ownValue(value, 'accept');
  if (accept !== undefined) {
    const at = joinPath(path, 'accept');
    if (!Array.isArray(accept) || accept.length === 0) {
      ok = false;
      report(at, 'accept must be a non-empty list of MIME types, type/* or .ext entries.');
    } else {
      (accept as unknown[]).forEach((entry, index) => {
        if (typeof entry === 'string' && ACCEPT_ENTRY.test(entry)) return;
        ok = false;
        report(joinPath(at, index), `${JSON.stringify(entry)} is not a MIME type, a type/* wildcard or a .ext suffix.`);
      });
      descriptor.accept = accept as string[];
    }
  }
  const maxSize = ownValue(value, 'maxSize');
  if (maxSize !== undefined) {
    if (typeof maxSize === 'number' && Number.isSafeInteger(maxSize) && maxSize > 0) descriptor.maxSize = maxSize;
    else {
      ok = false;
      report(joinPath(path, 'maxSize'), 'maxSize must be a whole number of bytes, 1 or more.');
    }
  }
  return ok ? descriptor : undefined;
}

/** The keys of the parsed fields that take a file (`kind: 'file'`), in form order. */
export function fileFieldKeys(fields: readonly Field[]): string[] {
  return fields.filter((field) => field.kind === 'file').map((field) => field.key);
}

/** The keys of `requestedSchema` that are file fields. Reads the raw schema: a refused one still redacts. */
export function fileKeys(requestedSchema: unknown): Set<string> {
  return propertyKeys(requestedSchema, (_key, property) => isRecord(property) && isFilePlacement(property));
}

/**
 * A file value with its bytes left out, as SEP-2356 ("Logging and telemetry") shows it: `data:<type>;base64,[<n>
 * bytes]`; a value that is no `data:` URI becomes `[file]`.
 */
export function redactFileValue(value: unknown): string {
  const info = readDataUri(value);
  return info ? `data:${info.type};base64,[${info.size} bytes]` : '[file]';
}
