/** What a person may type as a number (trimmed): `12`, `-3.5`, `.5`, `1e3`; not `0x10`, `Infinity` or `1,5`. */
export const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
