/** Local date-times made RFC 3339, with the offset the host's time zone has at that instant. */
import { isDate } from './formats.js';

/** Why a local date-time cannot be sent. */
export interface DateTimeIssue {
  code: 'format' | 'nonexistent-time';
  message: string;
}

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?$/;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function formatOffset(minutesEast: number): string {
  const sign = minutesEast < 0 ? '-' : '+';
  const abs = Math.abs(minutesEast);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * A local `YYYY-MM-DDTHH:MM[:SS[.fff]]` as RFC 3339 with the host's offset at that instant;
 * `undefined` for text of another shape, an issue for a time that does not exist locally.
 */
export function localDateTimeToRfc3339(text: string): string | DateTimeIssue | undefined {
  const match = LOCAL_DATE_TIME.exec(text);
  if (!match) return undefined;
  const [, date = '', hh = '', mm = '', ss = '00', fraction = ''] = match;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const hour = Number(hh);
  const minute = Number(mm);
  const second = Number(ss);
  if (!isDate(date) || hour > 23 || minute > 59 || second > 59) {
    return { code: 'format', message: 'Enter a real date and time.' };
  }
  // new Date(y, …) maps years 0–99 to 1900–1999; setFullYear does not.
  const instant = new Date(2000, 0, 1, 0, 0, 0, 0);
  instant.setFullYear(year, month - 1, day);
  instant.setHours(hour, minute, second, 0);
  if (instant.getHours() !== hour || instant.getMinutes() !== minute || instant.getDate() !== day) {
    return {
      code: 'nonexistent-time',
      message: 'This time does not exist in your time zone (the clocks skip it); choose another.',
    };
  }
  return `${date}T${hh}:${mm}:${ss}${fraction}${formatOffset(-instant.getTimezoneOffset())}`;
}
