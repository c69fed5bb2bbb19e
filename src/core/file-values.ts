/**
 * SEP-2356 file values (draft, "Declarative File Inputs for Tools and Elicitation"): what an RFC 2397 `data:` URI
 * holds, whether a file fits a field's `accept`, and the messages that name a field's limits. Core judges answers
 * with them; the file picker judges a chosen file with them before reading a byte of it.
 */

// RFC 9110 `token` (without `*`, which only a wildcard subtype may be).
export const TOKEN = "[!#$%&'+.^_`|~0-9A-Za-z-]+";
/**
 * RFC 2397: `data:[<mediatype>][;base64],<data>`, mediatype = [type "/" subtype] *(";" parameter), nothing before the
 * data holding a comma. Base64 data (2, with its padding 3: each `=` is one byte fewer) is whole quads, checked
 * by length; other data (4) is RFC 2396 `uric` and `%XX` escapes.
 */
const DATA_URI = new RegExp(
  `^data:(${TOKEN}/${TOKEN})?(?:;${TOKEN}=(?:${TOKEN}|"[^",]*"))*(?:;base64,([A-Za-z0-9+/]*)(={0,2})|,((?:[A-Za-z0-9\\-_.!~*'();/?:@&=+$,]|%[0-9A-Fa-f]{2})*))$`,
  'i',
);

/** What a `data:` URI holds: its MIME type (`type/subtype`, lowercase) and decoded size in bytes. */
export interface DataUriInfo {
  type: string;
  size: number;
}

/** The type and size of a well-formed RFC 2397 `data:` URI (either encoding SEP-2356 allows), else `undefined`. */
export function readDataUri(value: unknown): DataUriInfo | undefined {
  const match = typeof value === 'string' ? DATA_URI.exec(value) : null;
  if (!match) return undefined;
  // RFC 2397: a URI without a media type is `text/plain`.
  const [, type = 'text/plain', base64, padding = '', text = ''] = match;
  const length = (base64 ?? '').length + padding.length;
  if (length % 4 !== 0) return undefined;
  // Each `%XX` escape is one byte.
  return {
    type: type.toLowerCase(),
    size: base64 === undefined ? text.replace(/%../g, '%').length : (length / 4) * 3 - padding.length,
  };
}

/**
 * Whether a file of MIME `type` (and `name`, when known) fits `accept`: an exact type, a `type/*` wildcard,
 * or a `.ext` suffix of the name. SEP-2356: extension entries are picker hints and servers compare MIME types,
 * case-insensitively, parameters ignored; so without a name, an extension entry does not refuse.
 */
export function acceptsFile(accept: readonly string[] | undefined, type: string, name?: string): boolean {
  const mime = (type.split(';')[0] ?? '').trim().toLowerCase();
  const file = name?.toLowerCase();
  return (
    accept === undefined ||
    accept.some((raw) => {
      const entry = raw.toLowerCase();
      if (entry.startsWith('.')) return file === undefined || file.endsWith(entry);
      return entry.endsWith('/*') ? mime.startsWith(entry.slice(0, -1)) : mime === entry;
    })
  );
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
