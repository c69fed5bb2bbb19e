/** What a person may type as a number (trimmed): `12`, `-3.5`, `.5`, `1e3`; not `0x10`, `Infinity` or `1,5`. */
export const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

// `-1.50e2` and `-150` both give `-15e3`; every zero gives `0`.
function decimalKey(text: string): string {
  const [, sign = '', whole = '', fraction = '', exponent = '0'] =
    /^([+-]?)(\d*)\.?(\d*)(?:e([+-]?\d+))?$/i.exec(text) ?? [];
  const digits = whole + fraction;
  const first = digits.search(/[1-9]/);
  if (first < 0) return '0';
  return `${sign === '-' ? '-' : ''}${digits.slice(first).replace(/0+$/, '')}e${whole.length - first + Number(exponent)}`;
}

/** `Number(text)` when JSON sends that same decimal: `0.1`, `1e21`; not `9007199254740993` (sent as `…992`). */
export function exactNumber(text: string): number | undefined {
  const number = Number(text);
  return Number.isFinite(number) && decimalKey(text) === decimalKey(String(number)) ? number : undefined;
}

/** Typed number text as every form reads it: the exact number, `undefined` if blank, else the text, never coerced. */
export function readNumberText(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!NUMBER_TEXT.test(trimmed)) return text;
  return exactNumber(trimmed) ?? text;
}
