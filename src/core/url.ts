/**
 * `inspectUrl`: what a person must see before consenting to open a URL-mode elicitation (SPEC §3).
 * It shows the WHATWG parser's normalised `href`, exactly what `window.open` loads; like Chromium's IDN
 * policy (UTS #39), a look-alike, mixed-script or invisible-character host is shown as punycode first.
 */
import { decode } from 'punycode/punycode.es6.js';

import { defined } from '../shared/path.js';
import { LATIN_LOOKALIKES } from './lookalikes.js';

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
  const displayHost = mixedScript || wholeScript || invisible ? host : unicodeHost;
  const named = ipHost ? [] : displayHost.split('.').filter((label) => label !== '');
  const flags: Record<UrlWarning, boolean> = {
    credentials: parsed.username !== '' || parsed.password !== '',
    'ip-host': ipHost,
    punycode,
    'mixed-script': mixedScript,
    'whole-script-confusable': wholeScript,
    invisible,
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
    warnings: Object.freeze(warnings),
  });
}
