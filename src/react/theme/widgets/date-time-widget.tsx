import { localDateTimeToRfc3339 } from '../../../core/index.js';
import { emptyValue, InputField } from './input-field.js';
import { readLabels, type KitWidgetProps } from './parts.js';

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?$/;
const WITH_OFFSET = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function localText(instant: Date): string {
  const date = `${pad(instant.getFullYear(), 4)}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
  const seconds = instant.getSeconds() === 0 ? '' : `:${pad(instant.getSeconds())}`;
  return `${date}T${pad(instant.getHours())}:${pad(instant.getMinutes())}${seconds}`;
}

/** What a `datetime-local` input shows for `value`: local text as it is, an instant with an offset in local time. */
export function toLocalInput(value: unknown): string {
  if (typeof value !== 'string') return '';
  if (LOCAL.test(value)) return value;
  const match = WITH_OFFSET.exec(value);
  if (!match) return '';
  const [, date = '', time = '', fraction = '', offset = ''] = match;
  // Date parses `YYYY-MM-DDTHH:MM:SS.sss±HH:MM`; trim the fraction to milliseconds and upper-case T/Z.
  const instant = new Date(`${date}T${time}${fraction.slice(0, 4)}${offset.toUpperCase()}`);
  return Number.isNaN(instant.getTime()) ? '' : localText(instant);
}

// `local` may be empty or a time the clocks skip: then the offset now.
function offsetAt(local: string): string {
  const now = new Date();
  for (const candidate of [
    local,
    localText(new Date(now.getFullYear(), now.getMonth(), now.getDate(), now.getHours(), now.getMinutes())),
  ]) {
    const converted = localDateTimeToRfc3339(candidate);
    if (typeof converted === 'string') return converted.slice(-6);
  }
  return '';
}

/**
 * A local date-time picker that shows its time zone; core turns the text into RFC 3339. A value with an
 * offset (a default) is shown in local time and kept as it is until the person changes it.
 */
export function DateTimeWidget(props: KitWidgetProps) {
  const { registry, value, onChange } = props;
  const labels = readLabels(registry);
  const text = toLocalInput(value);
  const timeZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <InputField
      widget={props}
      type="datetime-local"
      text={text}
      hint={labels.timeZoneHint(timeZone, offsetAt(text))}
      // With the default step (60 s) a value with seconds would show as out of step.
      inputProps={{ step: /T\d{2}:\d{2}:\d{2}/.test(text) ? 1 : 60 }}
      // Engines differ on a zero fraction ("09:30:45" or "09:30:45.000"); both mean the same time.
      onText={(next) => onChange(next === '' ? emptyValue(props) : next.replace(/(:\d{2})\.0+$/, '$1'))}
    />
  );
}
