/**
 * The four string formats of the elicitation schema, as their RFCs define them (JSON Schema 2020-12
 * §7.3). No RegExp backtracks over the input: each check is a single left-to-right scan.
 */
/** The string formats an elicitation field may carry. */
export type StringFormat = 'email' | 'uri' | 'date' | 'date-time';

/** Counts Unicode code points, as JSON Schema's `minLength`/`maxLength` do (a surrogate pair is one). */
export function codePointLength(value: string): number {
  let length = 0;
  for (const _ of value) length++;
  return length;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** RFC 3339 `full-date`: `YYYY-MM-DD` naming a real calendar day. */
export function isDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * RFC 3339 `date-time`: a full date, `T`, a time and an offset (`Z` or `±HH:MM`). `T` and `Z` may be
 * lower case (RFC 3339 §5.6 note). Second 60 is allowed only where it is 23:59:60 in UTC.
 */
export function isDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (!match || !isDate(match[1] as string)) return false;
  const hour = Number(match[2]);
  const minute = Number(match[3]);
  const second = Number(match[4]);
  if (hour > 23 || minute > 59 || second > 60) return false;
  let offsetMinutes = 0;
  if (match[6] !== undefined) {
    const offsetHour = Number(match[7]);
    const offsetMinute = Number(match[8]);
    if (offsetHour > 23 || offsetMinute > 59) return false;
    offsetMinutes = (match[6] === '+' ? 1 : -1) * (offsetHour * 60 + offsetMinute);
  }
  if (second === 60) {
    // A leap second is inserted at 23:59:60 UTC; local time is UTC + offset.
    const utcMinutes = (((hour * 60 + minute - offsetMinutes) % 1440) + 1440) % 1440;
    return utcMinutes === 23 * 60 + 59;
  }
  return true;
}

const ATEXT = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/** `local@domain`: an RFC 5322 dot-atom, then 2+ host-name labels; no quoted parts or literals, as most servers. */
export function isEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!local.split('.').every((atom) => ATEXT.test(atom))) return false;
  const labels = domain.split('.');
  return labels.length >= 2 && labels.every((label) => LABEL.test(label));
}

/** Unreserved, sub-delims (RFC 3986 §2), `%HH`, `extra`: one search for a breaking character, no backtracking. */
function onlyAllowed(extra: string): (text: string) => boolean {
  const breaksRule = new RegExp(`[^A-Za-z0-9\\-._~!$&'()*+,;=%${extra}]|%(?![0-9A-Fa-f]{2})`);
  return (text) => !breaksRule.test(text);
}

const isRegName = onlyAllowed('');
const isUserinfo = onlyAllowed(':');
const isPath = onlyAllowed(':@/');
const isQuery = onlyAllowed(':@/?');
const IP_FUTURE = /^[vV][0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/;

function isIPv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => /^(?:0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255);
}

/** RFC 3986 §3.2.2 IPv6address, including `::` compression and a trailing IPv4. */
export function isIPv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = (half: string): string[] | undefined => {
    if (half === '') return [];
    const parts = half.split(':');
    return parts.some((part) => part === '') ? undefined : parts;
  };
  const head = groups(halves[0] as string);
  const tail = halves.length === 2 ? groups(halves[1] as string) : [];
  if (!head || !tail) return false;
  const all = [...head, ...tail];
  let units = 0;
  for (let i = 0; i < all.length; i++) {
    const part = all[i] as string;
    if (i === all.length - 1 && part.includes('.')) {
      if (!isIPv4(part)) return false;
      units += 2;
    } else {
      if (!/^[0-9A-Fa-f]{1,4}$/.test(part)) return false;
      units += 1;
    }
  }
  return halves.length === 2 ? units <= 7 : units === 8;
}

function isHost(host: string): boolean {
  if (host.startsWith('[')) {
    if (!host.endsWith(']')) return false;
    const literal = host.slice(1, -1);
    return IP_FUTURE.test(literal) || isIPv6(literal);
  }
  // reg-name covers IPv4address too (digits and dots are unreserved).
  return isRegName(host);
}

function isAuthority(authority: string): boolean {
  const at = authority.lastIndexOf('@');
  if (!isUserinfo(at >= 0 ? authority.slice(0, at) : '')) return false;
  let hostPort = authority.slice(at + 1);
  const portMatch = /:(\d*)$/.exec(hostPort);
  if (portMatch && !(hostPort.startsWith('[') && !hostPort.slice(0, portMatch.index).endsWith(']'))) {
    hostPort = hostPort.slice(0, portMatch.index);
  }
  return isHost(hostPort);
}

/** RFC 3986 §3 `URI`: `scheme ":" hier-part [ "?" query ] [ "#" fragment ]` (absolute, no relative refs). */
export function isUri(value: string): boolean {
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(value);
  if (!scheme) return false;
  let rest = value.slice(scheme[0].length);
  for (const mark of ['#', '?']) {
    const start = rest.indexOf(mark);
    if (start >= 0) {
      if (!isQuery(rest.slice(start + 1))) return false;
      rest = rest.slice(0, start);
    }
  }
  // RFC 3986 allows an empty hier-part (`a:`), but nothing can be visited there and the SDK
  // server's check refuses it, so the kit does too.
  if (rest === '') return false;
  let path = rest;
  if (rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2);
    const authority = slash >= 0 ? rest.slice(2, slash) : rest.slice(2);
    if (!isAuthority(authority)) return false;
    path = slash >= 0 ? rest.slice(slash) : '';
  }
  return isPath(path);
}

/** Checks `value` against one of the four formats; an unknown format matches nothing. */
export function matchesFormat(format: StringFormat, value: string): boolean {
  switch (format) {
    case 'email':
      return isEmail(value);
    case 'uri':
      return isUri(value);
    case 'date':
      return isDate(value);
    case 'date-time':
      return isDateTime(value);
    default:
      format satisfies never;
      return false;
  }
}

/** The formats the kit understands, in the spec's order. */
export const STRING_FORMATS: readonly StringFormat[] = ['email', 'uri', 'date', 'date-time'];
