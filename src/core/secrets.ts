/**
 * Which text fields are secrets, and how an answer is kept from showing them. MCP 2025-11-25 and 2026-07-28,
 * "Elicitation" → "Security Considerations": servers MUST NOT ask for passwords, API keys, access tokens or
 * payment credentials in form mode. Servers ask anyway, so the kit recognises such fields, masks them and
 * keeps their values out of drafts, previews and transcripts.
 */
import { hasOwn, isRecord, ownValue, propertyKeys, setOwn } from '../shared/path.js';
import { NOT_SECRET_AFTER, NOT_SECRET_BEFORE, NOT_SECRET_PHRASES, SECRET_PHRASES } from './secret-words.js';
import type { SubmitResult } from './draft.js';
import type { Field } from './fields.js';
import type { ElicitContent, ElicitResult } from './types.js';
import { fileKeys, redactFileValue } from './files.js';

/** What a secret value is replaced with wherever the kit hands a value on that is not the answer itself. */
export const SECRET_MASK = '[secret]';

/** Each phrase as its words, and a phrase of several words also as one word (`api key` → `apikey`). */
const phrases = (list: readonly string[]): string[][] =>
  list.flatMap((phrase) => (phrase.includes(' ') ? [phrase.split(' '), [phrase.replaceAll(' ', '')]] : [[phrase]]));
const SECRETS = phrases(SECRET_PHRASES);
const NOT_SECRETS = phrases(NOT_SECRET_PHRASES);
const AFTER: ReadonlySet<string> = new Set(NOT_SECRET_AFTER);
const BEFORE: ReadonlySet<string> = new Set(NOT_SECRET_BEFORE);

/** The lowercase words of a key, title or description: `x-api-key`, `apiKey`, `API_KEY` all read `api key`. */
export function wordsOf(text: string): string[] {
  return (
    text
      // camelCase and PascalCase: `apiKey` → `api Key`, `APIKey` → `API Key`.
      .replace(/(\p{Ll}|\d)(\p{Lu})/gu, '$1 $2')
      .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word !== '')
  );
}

function startsAt(words: readonly string[], phrase: readonly string[], at: number): boolean {
  return phrase.every((word, offset) => words[at + offset] === word);
}

/** Whether `text` names a credential (`SECRET_PHRASES`), outside the near misses the word lists name. */
export function namesCredential(text: string): boolean {
  const words = wordsOf(text);
  // Near-miss phrases ("PIN code") are taken out first, so their words match nothing else.
  for (let at = 0; at < words.length; at++) {
    const near = NOT_SECRETS.find((phrase) => startsAt(words, phrase, at));
    if (near) words.splice(at, near.length, '');
  }
  for (let at = 0; at < words.length; at++) {
    for (const phrase of SECRETS) {
      if (!startsAt(words, phrase, at)) continue;
      const before = words[at - 1];
      const after = words[at + phrase.length];
      if ((before === undefined || !BEFORE.has(before)) && (after === undefined || !AFTER.has(after))) return true;
    }
  }
  return false;
}

/**
 * Whether the property `key` with schema `schema` asks for a secret: a free-text string (no options) with
 * `format: "password"`, `writeOnly: true`, or a key, title or description that names a credential.
 */
export function isSecretProperty(key: string, schema: unknown): boolean {
  if (!isRecord(schema) || schema.type !== 'string') return false;
  if (hasOwn(schema, 'enum') || hasOwn(schema, 'oneOf') || hasOwn(schema, 'anyOf')) return false;
  if (schema.format === 'password' || schema.writeOnly === true) return true;
  const texts = [key, ownValue(schema, 'title'), ownValue(schema, 'description')];
  return texts.some((text) => typeof text === 'string' && namesCredential(text));
}

/** The keys of `requestedSchema` whose values are secrets. Reads the raw schema: a refused one still redacts. */
export function secretKeys(requestedSchema: unknown): Set<string> {
  return propertyKeys(requestedSchema, isSecretProperty);
}

/** The keys of the parsed fields that ask for a secret (`Field.secret`, set from `isSecretProperty`), in form order. */
export function secretFieldKeys(fields: readonly Field[]): string[] {
  return fields.filter((field) => field.kind === 'text' && field.secret).map((field) => field.key);
}

const NONE: ReadonlySet<string> = new Set();

/**
 * What a host may keep of `values` (a draft, an answer's content): a copy with each secret value replaced by
 * `SECRET_MASK` and each file value by its type and size (`redactFileValue`; SEP-2356: file bytes stay out of
 * drafts and model context); `values` itself when it holds neither (absent stays absent).
 */
export function maskValues<T>(
  values: Readonly<Record<string, T>>,
  secrets: ReadonlySet<string>,
  files: ReadonlySet<string> = NONE,
): Record<string, T | string> {
  if (![...secrets, ...files].some((key) => hasOwn(values, key))) return values;
  const copy: Record<string, T | string> = {};
  for (const key of Object.keys(values))
    setOwn(
      copy,
      key,
      secrets.has(key) ? SECRET_MASK : files.has(key) ? redactFileValue(values[key]) : (values[key] as T),
    );
  return copy;
}

/** `verdict` with its answer's secret and file values hidden (`maskValues`); a refusal is returned as it is. */
export function maskVerdict(
  verdict: SubmitResult,
  secrets: ReadonlySet<string>,
  files: ReadonlySet<string> = NONE,
): SubmitResult {
  if (!verdict.ok || (secrets.size === 0 && files.size === 0)) return verdict;
  const content = maskValues(verdict.result.content, secrets, files) as ElicitContent;
  return { ok: true, result: { ...verdict.result, content } };
}

/**
 * `result` with the value of every secret field of `requestedSchema` replaced by `SECRET_MASK`, and every file
 * field's `data:` URI by its type and size (`data:image/png;base64,[2048 bytes]`; SEP-2356: the value MUST NOT
 * enter model context, and logs redact it): what a transcript, a log or anything that may reach a model should
 * keep of an answer. Other fields, the action and `_meta` are kept; a result without `content` is returned as it is.
 */
export function redactElicitResult(requestedSchema: unknown, result: ElicitResult): ElicitResult {
  if (!isRecord(result) || !isRecord(result.content)) return result;
  const content = maskValues(result.content, secretKeys(requestedSchema), fileKeys(requestedSchema)) as ElicitContent;
  return content === result.content ? result : { ...result, content };
}
