/** What a person may type as a number (trimmed): `12`, `-3.5`, `.5`, `1e3`; not `0x10`, `Infinity` or `1,5`. */
export const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A decimal's value as one comparable string: sign, significant digits, power of ten of the first
 * digit (`-1.50e2` and `-150` both give `-15e3`); `0` for every zero.
 */
function decimalKey(text: string): string {
  const [, sign = '', whole = '', fraction = '', exponent = '0'] =
    /^([+-]?)(\d*)\.?(\d*)(?:e([+-]?\d+))?$/i.exec(text) ?? [];
  const digits = whole + fraction;
  const first = digits.search(/[1-9]/);
  if (first < 0) return '0';
  return `${sign === '-' ? '-' : ''}${digits.slice(first).replace(/0+$/, '')}e${whole.length - first + Number(exponent)}`;
}

/**
 * The number `text` (matching `NUMBER_TEXT`) means, when a JavaScript number holds that decimal
 * value exactly as JSON will write it: `Number(text)`, whose shortest decimal form (what
 * `JSON.stringify` sends) has the same value as the text. `0.1` and `1e21` pass; `9007199254740993`
 * (sent as `…992`), `0.1000000000000000055511` and `1e-400` (sent as `0`) do not, nor does `1e400`.
 */
export function exactNumber(text: string): number | undefined {
  const number = Number(text);
  return Number.isFinite(number) && decimalKey(text) === decimalKey(String(number)) ? number : undefined;
}

/**
 * The one reading of typed number text, for the elicitation form's rjsf path, a host's rjsf form and
 * the tool form alike: the number when the trimmed text is one that JSON sends exactly (`NUMBER_TEXT`
 * and `exactNumber`), `undefined` when it is blank, the text itself otherwise (never coerced or
 * rounded: `0x10` stays `"0x10"`, `9007199254740993` stays text and is reported on submit).
 */
export function readNumberText(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!NUMBER_TEXT.test(trimmed)) return text;
  return exactNumber(trimmed) ?? text;
}
