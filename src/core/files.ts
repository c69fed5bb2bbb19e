/**
 * File fields, SEP-2356 (draft, "Declarative File Inputs for Tools and Elicitation"): a property
 * `{ type: "string", format: "uri", "x-mcp-file": { accept?, maxSize? } }` takes an RFC 2397 `data:` URI.
 * React-free: what a value is and whether it fits; reading the file lives where the browser is.
 */
import { FILE_KEYWORD, isFilePlacement } from '../shared/files.js';
import { isRecord, joinPath, ownValue, propertyKeys } from '../shared/path.js';
import type { Field } from './fields.js';

export { FILE_KEYWORD, isFilePlacement };

/** SEP-2356 `FileInputDescriptor`, as read: bad entries refuse the form, so what is here is well-formed. */
export interface FileDescriptor {
  /** MIME types (`image/png`), `type/*` wildcards and `.ext` suffixes; absent: any file. */
  accept?: string[];
  /** The largest decoded size in bytes the server accepts inline. */
  maxSize?: number;
}

// RFC 9110 `token` (without `*`, which only a wildcard subtype may be); SEP-2356 takes the HTML `accept` grammar.
const TOKEN = "[!#$%&'+.^_`|~0-9A-Za-z-]+";
const ACCEPT_ENTRY = new RegExp(`^(?:${TOKEN}/(?:\\*|${TOKEN})|\\.[^\\s,/\\\\]+)$`);
// RFC 2397: `data:[<mediatype>][;base64],<data>`, mediatype = [type "/" subtype] *(";" parameter).
const HEADER = new RegExp(`^data:(${TOKEN}/${TOKEN})?((?:;${TOKEN}=(?:${TOKEN}|"[^"]*"))*)(;base64)?$`, 'i');
// Its last group is the padding: each `=` is one byte fewer.
const BASE64 = /^[A-Za-z0-9+/]*(={0,2})$/;
// RFC 2396 `uric`: what the percent-encoded form may hold besides `%XX`.
const URIC = /^(?:[A-Za-z0-9\-_.!~*'();/?:@&=+$,]|%[0-9A-Fa-f]{2})*$/;

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

/** What a `data:` URI holds: its MIME type (`type/subtype`, lowercase) and decoded size in bytes. */
export interface DataUriInfo {
  type: string;
  size: number;
}

/** The type and size of a well-formed RFC 2397 `data:` URI (either encoding SEP-2356 allows), else `undefined`. */
export function readDataUri(value: string): DataUriInfo | undefined {
  const comma = value.indexOf(',');
  const header = comma < 0 ? null : HEADER.exec(value.slice(0, comma));
  if (!header) return undefined;
  // RFC 2397: a URI without a media type is `text/plain`.
  const type = (header[1] ?? 'text/plain').toLowerCase();
  const data = value.slice(comma + 1);
  if (header[3] !== undefined) {
    const base64 = data.length % 4 === 0 ? BASE64.exec(data) : null;
    return base64 ? { type, size: (data.length / 4) * 3 - (base64[1] as string).length } : undefined;
  }
  // Each `%XX` escape is one byte.
  return URIC.test(data) ? { type, size: data.replace(/%../g, '%').length } : undefined;
}

/**
 * Whether a file of MIME `type` (and `name`, when known) fits `accept`: an exact type, a `type/*` wildcard,
 * or a `.ext` suffix of the name. SEP-2356: extension entries are picker hints and servers compare MIME types,
 * case-insensitively, parameters ignored; so without a name, an extension entry does not refuse.
 */
export function acceptsFile(accept: readonly string[] | undefined, type: string, name?: string): boolean {
  if (accept === undefined) return true;
  const mime = (type.split(';')[0] ?? '').trim().toLowerCase();
  let undecided = false;
  for (const raw of accept) {
    const entry = raw.toLowerCase();
    if (entry.startsWith('.')) {
      if (name === undefined) undecided = true;
      else if (name.toLowerCase().endsWith(entry)) return true;
    } else if (entry.endsWith('/*') ? mime.startsWith(entry.slice(0, -1)) : mime === entry) return true;
  }
  return undecided;
}

/** A size as a person reads it: `512 bytes`, `1.5 KB`, `2 MB` (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  for (; value >= 1024 && unit < 3; unit++) value /= 1024;
  return `${Number(value.toFixed(value < 10 ? 1 : 0))} ${'KMGT'[unit]}B`;
}

/** The message for a file over `maxSize`: names the limit. */
export function fileTooLargeMessage(size: number, maxSize: number): string {
  return `The file is ${formatBytes(size)}; the server accepts files up to ${formatBytes(maxSize)}.`;
}

/** The message for a file outside `accept`: names what is accepted. */
export function fileWrongTypeMessage(type: string, accept: readonly string[]): string {
  return `A file of type ${type || 'unknown'} is not accepted; the server accepts ${accept.join(', ')}.`;
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
  const info = typeof value === 'string' ? readDataUri(value) : undefined;
  return info ? `data:${info.type};base64,[${info.size} bytes]` : '[file]';
}
