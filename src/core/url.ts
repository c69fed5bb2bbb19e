/**
 * `inspectUrl`: what a person must see before consenting to open a URL-mode elicitation (MCP 2025-11-25, "Elicitation" → "Security Considerations").
 * It shows the WHATWG parser's normalised `href`, exactly what `window.open` loads; like Chromium's IDN
 * policy (UTS #39), a look-alike, mixed-script or invisible-character host is shown as punycode first.
 */
import { decode } from 'punycode/punycode.es6.js';

import { defined } from '../shared/path.js';
import { IDENTIFIER_ALLOWED_RANGES } from './identifier-allowed.js';
import { LATIN_LOOKALIKES } from './lookalikes.js';
import { codePointName } from './visible-text.js';

/** Why a URL cannot be offered at all; the view then offers only Decline and Cancel. */
export const URL_REFUSALS = [
  'unparseable',
  /** A scheme other than `https:` or `http:` (`javascript:`, `data:`, `file:`, `blob:`, `ftp:`, custom). */
  'scheme',
  /** Too long to read, and longer than browsers reliably open. */
  'too-long',
] as const;

/** A refusal code (`URL_REFUSALS`). */
export type UrlRefusal = (typeof URL_REFUSALS)[number];

/** What makes a URL suspicious, in the order the view lists them. */
export const URL_WARNINGS = [
  /** `user:pass@` before the host: `https://bank.com@evil.example` goes to `evil.example`. */
  'credentials',
  'ip-host',
  'punycode',
  /** One label mixes letters of several scripts (e.g. Latin and Cyrillic), a classic look-alike trick. */
  'mixed-script',
  /** All letters of another script that look Latin (UTS #39 whole-script confusable: `аррӏе`, all Cyrillic). */
  'whole-script-confusable',
  /** A label holds invisible characters (zero-width joiners the parser lets through). */
  'invisible',
  /**
   * A label holds a character outside UTS #39's Allowed identifier set, or a slash look-alike: `⁄` (U+2044)
   * or `∕` (U+2215) read as a slash, `ɡ`, `ɑ`, `ᴀ` as Latin letters. Chromium's IDN policy shows it as punycode.
   */
  'disallowed-character',
  /** Plain Latin letters but for one that looks like another (`ı` for `i`): a UTS #39 skeleton of an ASCII name. */
  'lookalike-letters',
  /** The URL as sent wrote dots of another kind (`。` U+3002, `．` U+FF0E, `｡` U+FF61); they are read as dots. */
  'lookalike-dots',
  /** `http:`: neither the page nor what the person types there is protected in transit. */
  'plain-http',
  /** The text held spaces, tabs or line breaks that the parser removed: the URL shown is the one opened. */
  'whitespace',
  'long',
] as const;

/** A warning code (`URL_WARNINGS`). */
export type UrlWarning = (typeof URL_WARNINGS)[number];

/** Above this many characters (of `href`) a URL gets the `long` warning. */
export const LONG_URL_LENGTH = 2048;

/** Above this many characters (of the text as sent) a URL is refused as `too-long`. */
export const MAX_URL_LENGTH = 65_536;

/** A URL that may be offered to the person. */
export interface InspectedUrl {
  readonly ok: true;
  /** The normalised URL: exactly what opening it loads. Show all of it. */
  readonly href: string;
  readonly scheme: 'https' | 'http';
  /** The hostname as the browser uses it: ASCII (punycode), lower case; IPv6 in brackets. No port. */
  readonly host: string;
  /**
   * `unicodeHost`, or `host` (punycode) when a label is a look-alike or holds invisible characters,
   * as browsers show it.
   */
  readonly displayHost: string;
  /** Every punycode label decoded to Unicode; equal to `host` when nothing was decoded. */
  readonly unicodeHost: string;
  /** The port when it is not the scheme's default, else absent. */
  readonly port?: string;
  /** The last two labels of `displayHost`, to highlight: a hint only (no public-suffix list). Absent for IP hosts. */
  readonly registrableHint?: string;
  /**
   * The registrable domain of `displayHost` (its public suffix and one label more), when `inspectUrl` was
   * given a public-suffix lookup (`getDomain`): what the site line emphasises. Absent for IP hosts and
   * for a host that is itself a public suffix.
   */
  readonly registrableDomain?: string;
  /** Every warning that applies, in `URL_WARNINGS` order; `[]` when none. */
  readonly warnings: readonly UrlWarning[];
}

/** A URL that must not be opened. */
export interface RefusedUrl {
  readonly ok: false;
  readonly reason: UrlRefusal;
  readonly message: string;
  /** The scheme (lower case, without the colon) when the text parsed, e.g. `javascript`. */
  readonly scheme?: string;
}

/** What `inspectUrl` returns. */
export type UrlInspection = InspectedUrl | RefusedUrl;

/** `undefined` when not valid Punycode or ASCII only (`xn--abc-` is not an IDN label). */
function decodeLabel(label: string): string | undefined {
  try {
    const decoded = decode(label.slice(4));
    // eslint-disable-next-line no-control-regex -- the range is all of ASCII, NUL included.
    return /[^\u0000-\u007f]/.test(decoded) ? decoded : undefined;
  } catch {
    return undefined;
  }
}

/** Scripts that legitimately share a label (Japanese, Chinese, Korean names), by ISO 15924 code. */
const CJK_SETS = ['Latn Hani Hira Kana', 'Latn Hani Bopo', 'Latn Hani Hang'].map((set) => set.split(' '));

/** The scripts the kit tells apart in a label (ISO 15924); letters of any other script count as "Other". */
const SCRIPTS = 'Latn Cyrl Grek Armn Geor Hebr Arab Cher Hani Hira Kana Hang Bopo Thai Deva'
  .split(' ')
  .map((name) => ({ name, pattern: new RegExp(`^\\p{sc=${name}}$`, 'u') }));

/** A letter of one script: Common and Inherited ones (the kana-Latin `ー`) belong to whatever surrounds them. */
const LETTER = /^(?![\p{Script=Common}\p{Script=Inherited}])\p{L}$/u;

function mixesScripts(label: string): boolean {
  const found = new Set<string>();
  for (const char of label) {
    if (!LETTER.test(char)) continue;
    found.add(SCRIPTS.find(({ pattern }) => pattern.test(char))?.name ?? 'Other');
  }
  if (found.size < 2) return false;
  return !CJK_SETS.some((allowed) => [...found].every((script) => allowed.includes(script)));
}

const LOOKALIKE = new RegExp(`[${LATIN_LOOKALIKES}]`, 'gu');

/** Only letters of other scripts that look Latin: UTS #39's whole-script confusable, shown as punycode by Chromium. */
function wholeScriptConfusable(label: string): boolean {
  const rest = label.replace(LOOKALIKE, '');
  return rest !== label && /^[\d-]*$/.test(rest);
}

/** Text of UTS #39 Identifier_Status=Allowed characters only, as one character class (ranges decoded from `identifier-allowed.ts`). */
const ALLOWED = /* @__PURE__ */ (() => {
  const steps = IDENTIFIER_ALLOWED_RANGES.split(' ').map((step) => parseInt(step, 36));
  let last = 0;
  let ranges = '';
  for (let index = 0; index < steps.length; index += 2) {
    const first = last + (steps[index] ?? 0);
    last = first + (steps[index + 1] ?? 0);
    ranges += `\\u{${first.toString(16)}}-\\u{${last.toString(16)}}`;
  }
  return new RegExp(`^[${ranges}]*$`, 'u');
})();

/**
 * Allowed characters Chromium's IDN policy still shows as punycode, as they pass for separators: U+0338 (a
 * combining slash), U+02BB and U+02BC (apostrophes), U+058A (Armenian hyphen), U+2027 (hyphenation point, a
 * dot), U+30A0 (a double hyphen); and a middle dot anywhere but between two `l` (Catalan `l·l`).
 */
const DANGEROUS = /[\u0338\u02bb\u02bc\u058a\u2027\u30a0]|(?<!l)\u00b7|\u00b7(?!l)/u;

/** Whether a character may be shown in a host label: UTS #39 Allowed, and not one of the dangerous few. */
export function allowedInHost(char: string): boolean {
  return ALLOWED.test(char) && !DANGEROUS.test(char);
}

/** A decoded host with every character that may not be shown in a label written out: `github.com<U+2044>login`. */
export function revealInHost(unicodeHost: string): string {
  return unicodeHost.replace(/[^.]/gu, (char) => (allowedInHost(char) ? char : `<${codePointName(char)}>`));
}

/**
 * Latin letters whose UTS #39 prototype (confusables.txt) is one ASCII letter: `ı` (U+0131) → `i`. A label of
 * ASCII and these reads as an ASCII name it is not (`gıthub`).
 */
const LATIN_ASCII_LOOKALIKE = /^[a-z\d\u0131-]*\u0131[a-z\d\u0131-]*$/;

/** The parser always normalises IPv4 to four decimal parts. */
function isIpHost(hostname: string): boolean {
  return hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}

/** Leading/trailing C0 controls or spaces, or tabs and newlines anywhere: what the parser drops. */
// eslint-disable-next-line no-control-regex -- C0 controls are exactly what the URL parser strips.
const PARSER_WHITESPACE = /^[\u0000-\u0020]|[\u0000-\u0020]$|[\t\n\r]/;

function refused(reason: UrlRefusal, message: string, scheme?: string): RefusedUrl {
  return Object.freeze({ ok: false, reason, message, ...defined({ scheme }) });
}

/**
 * Reads a URL-mode elicitation's `url` for the consent view: only `https:` and `http:` are offered,
 * everything else is refused with a reason. Never throws, never fetches.
 */
/** What `inspectUrl` may be given. */
export interface InspectUrlOptions {
  /**
   * The registrable domain of a host name by the Public Suffix List, or `null` when it has none (tldts'
   * `getDomain` with `allowPrivateDomains`): fills `registrableDomain`.
   */
  getDomain?: (hostname: string) => string | null;
}

export function inspectUrl(url: string, options: InspectUrlOptions = {}): UrlInspection {
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
  const decoded: string[] = [];
  const unicodeLabels = ipHost
    ? [host]
    : host.split('.').map((label) => {
        if (!label.startsWith('xn--')) return label;
        punycode = true;
        const unicode = decodeLabel(label);
        if (unicode !== undefined) decoded.push(unicode);
        return unicode ?? label;
      });
  const unicodeHost = unicodeLabels.join('.');
  const mixedScript = decoded.some(mixesScripts);
  // Under a top-level domain of another script (`.рф`) the whole name reads as that script, not as Latin.
  const tld = unicodeLabels.filter((label) => label !== '').at(-1) ?? '';
  const wholeScript = /^[\w-]*$/.test(tld) && decoded.some(wholeScriptConfusable);
  // UTS #46 (in the parser) refuses every other invisible character in a host; the joiners pass in context.
  const invisible = decoded.some((label) => /[\u200c\u200d]/.test(label));
  const disallowed = decoded.some((label) => DANGEROUS.test(label) || !ALLOWED.test(label));
  const latinLookalike = decoded.some((label) => LATIN_ASCII_LOOKALIKE.test(label));
  const displayHost = mixedScript || wholeScript || invisible || disallowed || latinLookalike ? host : unicodeHost;
  const named = ipHost ? [] : displayHost.split('.').filter((label) => label !== '');
  // Looked up in Unicode, the Public Suffix List's own form, then as many labels taken from what is shown.
  const domainLabels = ipHost ? 0 : (options.getDomain?.(unicodeHost)?.split('.').length ?? 0);
  const flags: Record<UrlWarning, boolean> = {
    credentials: parsed.username !== '' || parsed.password !== '',
    'ip-host': ipHost,
    punycode,
    'mixed-script': mixedScript,
    'whole-script-confusable': wholeScript,
    invisible,
    'disallowed-character': disallowed,
    'lookalike-letters': latinLookalike,
    // The host as sent: what follows `//` up to the path, query or fragment.
    'lookalike-dots': /[\u3002\uff0e\uff61]/.test(url.split(/[/?#\\]/, 3)[2] ?? ''),
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
    unicodeHost,
    ...(parsed.port !== '' && { port: parsed.port }),
    ...(named.length >= 2 && { registrableHint: named.slice(-2).join('.') }),
    ...(domainLabels > 0 && { registrableDomain: named.slice(-domainLabels).join('.') }),
    warnings: Object.freeze(warnings),
  });
}
