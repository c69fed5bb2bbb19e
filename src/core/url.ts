/**
 * `inspectUrl`: what a person must see before consenting to open a URL-mode elicitation (SPEC §3:
 * show the full URL, make its host stand out, warn on suspicious URLs, never open other schemes).
 *
 * React-free and DOM-free: it uses only the WHATWG `URL` parser (Node and browsers), which already
 * normalises what a browser would open — `0x7f.1`, `2130706433` and `0177.0.0.1` become `127.0.0.1`,
 * Unicode hosts become punycode, tabs and newlines inside the URL are dropped. The kit shows that
 * normalised `href`, because it is exactly what `window.open` will load. Parsers hand back ASCII
 * hostnames only, so the Unicode form a person should read is decoded here (RFC 3492).
 */

import { defined } from '../shared/path.js';

/** Why a URL cannot be offered at all; the view then offers only Decline and Cancel. */
export const URL_REFUSALS = [
  /** Not an absolute URL the WHATWG parser accepts. */
  'unparseable',
  /** A scheme other than `https:` or `http:` (`javascript:`, `data:`, `file:`, `blob:`, `ftp:`, custom). */
  'scheme',
  /** Longer than `MAX_URL_LENGTH`: too long to read, and longer than browsers reliably open. */
  'too-long',
] as const;

/** A refusal code. */
export type UrlRefusal = (typeof URL_REFUSALS)[number];

/** What makes a URL suspicious, in the order the view lists them. */
export const URL_WARNINGS = [
  /** `user:pass@` before the host: `https://bank.com@evil.example` goes to `evil.example`. */
  'credentials',
  /** The host is an IP address (any IPv4 form the parser normalises, or IPv6), not a name. */
  'ip-host',
  /** A label is punycode (`xn--`): the name uses non-ASCII characters that may imitate another. */
  'punycode',
  /** One label mixes letters of several scripts (e.g. Latin and Cyrillic), a classic look-alike trick. */
  'mixed-script',
  /** `http:`: neither the page nor what the person types there is protected in transit. */
  'plain-http',
  /** The text held spaces, tabs or line breaks that the parser removed: the URL shown is the one opened. */
  'whitespace',
  /** Longer than `LONG_URL_LENGTH` characters: read all of it. */
  'long',
] as const;

/** A warning code. */
export type UrlWarning = (typeof URL_WARNINGS)[number];

/** Above this many characters (of `href`) a URL gets the `long` warning. */
export const LONG_URL_LENGTH = 2048;

/** Above this many characters (of the text as sent) a URL is refused as `too-long`. */
export const MAX_URL_LENGTH = 65_536;

/** A URL that may be offered to the person. */
export interface InspectedUrl {
  /** The URL may be offered (with its warnings). */
  readonly ok: true;
  /** The normalised URL: exactly what opening it loads. Show all of it. */
  readonly href: string;
  /** Without the colon. */
  readonly scheme: 'https' | 'http';
  /** The hostname as the browser uses it: ASCII (punycode), lower case; IPv6 in brackets. No port. */
  readonly host: string;
  /** The hostname for people: punycode labels decoded to Unicode. Equal to `host` when nothing was decoded. */
  readonly displayHost: string;
  /** The port when it is not the scheme's default, else absent. */
  readonly port?: string;
  /**
   * The last two labels of `displayHost` (`example.co.uk` gives `co.uk`), to highlight. A hint only:
   * no public-suffix list is consulted. Absent for IP hosts and single-label hosts.
   */
  readonly registrableHint?: string;
  /** Every warning that applies, in `URL_WARNINGS` order; `[]` when none. */
  readonly warnings: readonly UrlWarning[];
}

/** A URL that must not be opened. */
export interface RefusedUrl {
  /** The URL must not be opened: offer Decline and Cancel only. */
  readonly ok: false;
  /** Why, as a stable code. */
  readonly reason: UrlRefusal;
  /** A plain sentence for the person or the developer. */
  readonly message: string;
  /** The scheme (lower case, without the colon) when the text parsed, e.g. `javascript`. */
  readonly scheme?: string;
}

/** What `inspectUrl` returns. */
export type UrlInspection = InspectedUrl | RefusedUrl;

// RFC 3492 §5: the Bootstring parameters of Punycode.
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;
const MAX_CODE_POINT = 0x10ffff;

/** RFC 3492 §6.1. */
function adapt(delta: number, numPoints: number, firstTime: boolean): number {
  let scaled = firstTime ? Math.floor(delta / DAMP) : delta >> 1;
  scaled += Math.floor(scaled / numPoints);
  let k = 0;
  while (scaled > ((BASE - T_MIN) * T_MAX) >> 1) {
    scaled = Math.floor(scaled / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * scaled) / (scaled + SKEW));
}

/** The value of a base-36 digit (`a`–`z` 0–25, `0`–`9` 26–35, either case), else `undefined`. */
function digitValue(code: number): number | undefined {
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  if (code >= 0x41 && code <= 0x5a) return code - 0x41;
  if (code >= 0x30 && code <= 0x39) return code - 0x30 + 26;
  return undefined;
}

/**
 * Decodes one Punycode string (a label without its `xn--` prefix) to Unicode, following the
 * decoding procedure of RFC 3492 §6.2. Returns `undefined` for input that is not valid Punycode
 * (a non-basic character, a bad digit, overflow, a code point beyond U+10FFFF or a surrogate).
 */
export function decodePunycode(input: string): string | undefined {
  const delimiter = input.lastIndexOf('-');
  const basicEnd = delimiter < 0 ? 0 : delimiter;
  const output: number[] = [];
  for (let index = 0; index < basicEnd; index += 1) {
    const code = input.charCodeAt(index);
    if (code >= 0x80) return undefined;
    output.push(code);
  }
  let n = INITIAL_N;
  let i = 0;
  let bias = INITIAL_BIAS;
  // Extended part: after the delimiter, or the whole input when there is none.
  let position = delimiter < 0 ? 0 : delimiter + 1;
  while (position < input.length) {
    const oldI = i;
    let weight = 1;
    for (let k = BASE; ; k += BASE) {
      if (position >= input.length) return undefined;
      const digit = digitValue(input.charCodeAt(position));
      position += 1;
      if (digit === undefined) return undefined;
      i += digit * weight;
      if (i > Number.MAX_SAFE_INTEGER) return undefined;
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < threshold) break;
      weight *= BASE - threshold;
      if (weight > Number.MAX_SAFE_INTEGER) return undefined;
    }
    const length = output.length + 1;
    bias = adapt(i - oldI, length, oldI === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > MAX_CODE_POINT || (n >= 0xd800 && n <= 0xdfff)) return undefined;
    output.splice(i, 0, n);
    i += 1;
  }
  return String.fromCodePoint(...output);
}

/** Scripts that legitimately share a label with Latin and each other (Japanese, Chinese, Korean names). */
const CJK_SETS: readonly (readonly string[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

/** The scripts the kit tells apart in a label; letters of any other script count as "Other". */
const SCRIPTS: readonly { name: string; pattern: RegExp }[] = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Cherokee',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
  'Thai',
  'Devanagari',
].map((name) => ({ name, pattern: new RegExp(`^\\p{Script=${name}}$`, 'u') }));

const LETTER = /^\p{L}$/u;

/** True when `label` holds letters of several scripts, beyond the CJK combinations. */
function mixesScripts(label: string): boolean {
  const found = new Set<string>();
  for (const char of label) {
    if (!LETTER.test(char)) continue;
    found.add(SCRIPTS.find(({ pattern }) => pattern.test(char))?.name ?? 'Other');
  }
  if (found.size < 2) return false;
  return !CJK_SETS.some((allowed) => [...found].every((script) => allowed.includes(script)));
}

/** A host the parser wrote as an IP address: it always normalises IPv4 to four decimal parts. */
function isIpHost(hostname: string): boolean {
  return hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}

/** Leading/trailing C0 controls or spaces, or tabs and newlines anywhere: what the parser drops. */
// eslint-disable-next-line no-control-regex -- C0 controls are exactly what the URL parser strips.
const PARSER_WHITESPACE = /^[\u0000-\u0020]|[\u0000-\u0020]$|[\t\n\r]/;

/** A frozen refusal. */
function refused(reason: UrlRefusal, message: string, scheme?: string): RefusedUrl {
  return Object.freeze({ ok: false, reason, message, ...defined({ scheme }) });
}

/**
 * Reads the `url` of a URL-mode elicitation for the consent view. Only `https:` and `http:` URLs
 * are offered; everything else is refused with a reason. Never throws, never fetches anything.
 */
export function inspectUrl(url: string): UrlInspection {
  if (typeof url !== 'string') return refused('unparseable', 'The URL is not text.');
  if (url.length > MAX_URL_LENGTH) {
    return refused(
      'too-long',
      `The URL is ${url.length} characters long; the kit opens URLs of at most ${MAX_URL_LENGTH}.`,
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refused('unparseable', 'The text is not a complete URL.');
  }
  const scheme = parsed.protocol.slice(0, -1);
  if (scheme !== 'https' && scheme !== 'http') {
    return refused(
      'scheme',
      `Links with the scheme "${scheme}:" are not opened; only https and http links are.`,
      scheme,
    );
  }
  const host = parsed.hostname;
  const ipHost = isIpHost(host);
  let punycode = false;
  let mixedScript = false;
  const displayLabels = ipHost
    ? [host]
    : host.split('.').map((label) => {
        if (!label.startsWith('xn--')) return label;
        punycode = true;
        const decoded = decodePunycode(label.slice(4));
        // An all-ASCII result is not a valid IDN label (`xn--abc-`): keep showing the ASCII form.
        // eslint-disable-next-line no-control-regex -- the range is all of ASCII, NUL included.
        if (decoded === undefined || !/[^\u0000-\u007f]/.test(decoded)) return label;
        if (mixesScripts(decoded)) mixedScript = true;
        return decoded;
      });
  const displayHost = displayLabels.join('.');
  const named = ipHost ? [] : displayLabels.filter((label) => label !== '');
  const flags: Record<UrlWarning, boolean> = {
    credentials: parsed.username !== '' || parsed.password !== '',
    'ip-host': ipHost,
    punycode,
    'mixed-script': mixedScript,
    'plain-http': scheme === 'http',
    whitespace: PARSER_WHITESPACE.test(url),
    long: parsed.href.length > LONG_URL_LENGTH,
  };
  const warnings = URL_WARNINGS.filter((warning) => flags[warning]);
  return Object.freeze({
    ok: true,
    href: parsed.href,
    scheme,
    host,
    displayHost,
    ...(parsed.port !== '' && { port: parsed.port }),
    ...(named.length >= 2 && { registrableHint: named.slice(-2).join('.') }),
    warnings: Object.freeze(warnings),
  });
}
