/**
 * `inspectUrl`: what a person must see before consenting to open a URL-mode elicitation (SPEC §3:
 * show the full URL, make its host stand out, warn on suspicious URLs, never open other schemes).
 *
 * React-free and DOM-free: it uses only the WHATWG `URL` parser (Node and browsers), which already
 * normalises what a browser would open — `0x7f.1`, `2130706433` and `0177.0.0.1` become `127.0.0.1`,
 * Unicode hosts become punycode (UTS #46 processing: invalid labels, bidi controls and most
 * invisible characters are refused there), tabs and newlines inside the URL are dropped. The kit
 * shows that normalised `href`, because it is exactly what `window.open` will load.
 *
 * Parsers hand back ASCII hostnames only; the Unicode form is decoded here (`punycode`). Like
 * Chromium's IDN display policy (UTS #39), a host with a look-alike label, one mixing scripts or
 * written wholly in letters of another script that look Latin (`аррӏе.com`, all Cyrillic), or one
 * holding invisible characters, is shown as the browser sends it (`xn--80ak6aa92e.com`), the Unicode
 * form second, with a warning that says which.
 */
import { decode } from 'punycode/punycode.es6.js';

import { defined } from '../shared/path.js';
import { LATIN_LOOKALIKES } from './lookalikes.js';

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
  /**
   * A label is written only in letters of another script that look like Latin ones (UTS #39
   * whole-script confusable: `аррӏе`, all Cyrillic, reads as "apple").
   */
  'whole-script-confusable',
  /** A label holds invisible characters (zero-width joiners the parser lets through). */
  'invisible',
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
  /**
   * The hostname to show first: `unicodeHost`, or `host` (punycode) when a label is a look-alike
   * (`mixed-script`, `whole-script-confusable`) or holds `invisible` characters, as browsers show it.
   */
  readonly displayHost: string;
  /** Every punycode label decoded to Unicode, whatever it looks like. Equal to `host` when nothing was decoded. */
  readonly unicodeHost: string;
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

/**
 * One `xn--` label decoded to Unicode, or `undefined` when it is not valid Punycode or decodes to
 * ASCII only (`xn--abc-`: not an IDN label; the ASCII form is shown).
 */
function decodeLabel(label: string): string | undefined {
  try {
    const decoded = decode(label.slice(4));
    // eslint-disable-next-line no-control-regex -- the range is all of ASCII, NUL included.
    return /[^\u0000-\u007f]/.test(decoded) ? decoded : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Scripts that legitimately share a label with Latin and each other (Japanese, Chinese, Korean
 * names), by ISO 15924 code, which `\p{Script=…}` accepts as well as the long names.
 */
const CJK_SETS = ['Latn Hani Hira Kana', 'Latn Hani Bopo', 'Latn Hani Hang'].map((set) => set.split(' '));

/** The scripts the kit tells apart in a label (ISO 15924); letters of any other script count as "Other". */
const SCRIPTS = 'Latn Cyrl Grek Armn Geor Hebr Arab Cher Hani Hira Kana Hang Bopo Thai Deva'
  .split(' ')
  .map((name) => ({ name, pattern: new RegExp(`^\\p{sc=${name}}$`, 'u') }));

/** A letter of one script: Common and Inherited ones (the kana-Latin `ー`) belong to whatever surrounds them. */
const LETTER = /^(?![\p{Script=Common}\p{Script=Inherited}])\p{L}$/u;

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

const LOOKALIKE = new RegExp(`[${LATIN_LOOKALIKES}]`, 'gu');

/**
 * True when `label` is made only of letters of other scripts that look Latin (and digits, hyphens):
 * UTS #39's whole-script confusable with a Latin label, as Chromium shows it in punycode.
 */
function wholeScriptConfusable(label: string): boolean {
  const rest = label.replace(LOOKALIKE, '');
  return rest !== label && /^[\d-]*$/.test(rest);
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
