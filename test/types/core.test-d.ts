/**
 * What the public types of `mcp-elicit-kit/core` are. Every type name of the entry is imported
 * here, so removing or renaming one fails to compile; the shapes a host relies on (the result it
 * sends, the field union it switches on, the queue it drives) are pinned exactly. The list of
 * names itself is pinned in `exports.test.ts`.
 */
import type { ElicitResult as ClientElicitResult } from '@modelcontextprotocol/client';
import type { ElicitResult as SdkElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { describe, expectTypeOf, test } from 'vitest';

import type {
  BooleanField,
  BooleanSchema,
  Draft,
  DraftValue,
  ElicitContent,
  ElicitRequestFormParams,
  ElicitRequestParams,
  ElicitRequestURLParams,
  ElicitResult,
  ElicitValue,
  ElicitationEntry,
  ElicitationNotice,
  ElicitationOrigin,
  ElicitationPrompt,
  ElicitationQueue,
  ElicitationQueueOptions,
  ElicitationScope,
  ElicitationServer,
  ElicitationSnapshot,
  EntryStatus,
  EnumSchema,
  Field,
  FieldError,
  FieldErrorCode,
  FieldKind,
  InspectedUrl,
  InspectUrlOptions,
  LegacyTitledEnumSchema,
  MultiSelectField,
  FileField,
  NumberField,
  NumberSchema,
  Option,
  OptionSpelling,
  ParseResult,
  PrimitiveSchemaDefinition,
  RefusedUrl,
  RequestProblem,
  RequestProblemCode,
  RequestedSchema,
  RespondStatus,
  RjsfForm,
  RoundElicitationEntry,
  RoundPrompt,
  SchemaProblem,
  SchemaProblemCode,
  SelectVariant,
  SingleElicitationEntry,
  SingleSelectField,
  StringFormat,
  StringSchema,
  SubmitResult,
  TextField,
  TitledMultiSelectEnumSchema,
  TitledOption,
  TitledSingleSelectEnumSchema,
  ToRjsfOptions,
  UntitledMultiSelectEnumSchema,
  UntitledSingleSelectEnumSchema,
  UrlInspection,
  UrlRefusal,
  UrlWarning,
} from '../../src/core/index.js';
import {
  createElicitationQueue,
  initialDraft,
  inspectUrl,
  parseRequestedSchema,
  submitDraft,
  toRjsf,
  validateElicitContent,
} from '../../src/core/index.js';

describe('given the result a host sends back', () => {
  test('ElicitResult is an action, optional content of flat values, optional _meta', () => {
    expectTypeOf<ElicitValue>().toEqualTypeOf<string | number | boolean | string[]>();
    expectTypeOf<ElicitContent>().toEqualTypeOf<{ [key: string]: ElicitValue }>();
    expectTypeOf<ElicitResult>().toEqualTypeOf<{
      action: 'accept' | 'decline' | 'cancel';
      content?: ElicitContent;
      _meta?: { [key: string]: unknown };
    }>();
  });

  test('ElicitResult is accepted as the result by both SDK lines', () => {
    expectTypeOf<ElicitResult>().toExtend<SdkElicitResult>();
    expectTypeOf<ElicitResult>().toExtend<ClientElicitResult>();
  });

  test('submitDraft accepts with content always present, or refuses with field errors', () => {
    expectTypeOf(submitDraft).toEqualTypeOf<(schema: RequestedSchema, draft: Draft) => SubmitResult>();
    expectTypeOf<SubmitResult>().toEqualTypeOf<
      | { ok: true; result: ElicitResult & { action: 'accept'; content: ElicitContent } }
      | { ok: false; errors: FieldError[] }
    >();
    expectTypeOf<FieldError>().toEqualTypeOf<{ field: string; message: string; code: FieldErrorCode }>();
    expectTypeOf(validateElicitContent).returns.toEqualTypeOf<FieldError[]>();
    expectTypeOf<DraftValue>().toEqualTypeOf<ElicitValue>();
    expectTypeOf<Draft>().toEqualTypeOf<{ [key: string]: DraftValue | undefined }>();
    expectTypeOf(initialDraft).toEqualTypeOf<(schema: RequestedSchema) => Draft>();
  });
});

describe('given the requested schema and the fields parsed from it', () => {
  test('Field is a union discriminated on kind, one member per kind', () => {
    expectTypeOf<Field>().toEqualTypeOf<
      TextField | NumberField | BooleanField | SingleSelectField | MultiSelectField | FileField
    >();
    expectTypeOf<FieldKind>().toEqualTypeOf<
      'text' | 'number' | 'boolean' | 'single-select' | 'multi-select' | 'file'
    >();
    expectTypeOf<Extract<Field, { kind: 'file' }>>().toEqualTypeOf<FileField>();
    expectTypeOf<Extract<Field, { kind: 'text' }>>().toEqualTypeOf<TextField>();
    expectTypeOf<Extract<Field, { kind: 'number' }>>().toEqualTypeOf<NumberField>();
    expectTypeOf<Extract<Field, { kind: 'boolean' }>>().toEqualTypeOf<BooleanField>();
    expectTypeOf<Extract<Field, { kind: 'single-select' }>>().toEqualTypeOf<SingleSelectField>();
    expectTypeOf<Extract<Field, { kind: 'multi-select' }>>().toEqualTypeOf<MultiSelectField>();
  });

  test('every field has key, label, required; each kind carries its own value type as default', () => {
    expectTypeOf<Field>().toHaveProperty('key').toEqualTypeOf<string>();
    expectTypeOf<Field>().toHaveProperty('label').toEqualTypeOf<string>();
    expectTypeOf<Field>().toHaveProperty('required').toEqualTypeOf<boolean>();
    expectTypeOf<TextField['default']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<TextField['format']>().toEqualTypeOf<StringFormat | undefined>();
    expectTypeOf<StringFormat>().toEqualTypeOf<'email' | 'uri' | 'date' | 'date-time'>();
    expectTypeOf<NumberField['default']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<NumberField['integer']>().toEqualTypeOf<boolean>();
    expectTypeOf<BooleanField['default']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<SingleSelectField['default']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<MultiSelectField['default']>().toEqualTypeOf<string[] | undefined>();
  });

  test('selects carry variant, spelling and { value, label } options; a multi select is never legacy', () => {
    expectTypeOf<Option>().toEqualTypeOf<{ value: string; label: string }>();
    expectTypeOf<SelectVariant>().toEqualTypeOf<'untitled' | 'titled' | 'legacy'>();
    expectTypeOf<OptionSpelling>().toEqualTypeOf<'enum' | 'oneOf' | 'anyOf'>();
    expectTypeOf<SingleSelectField['variant']>().toEqualTypeOf<SelectVariant>();
    expectTypeOf<MultiSelectField['variant']>().toEqualTypeOf<'untitled' | 'titled'>();
    expectTypeOf<SingleSelectField['spelling']>().toEqualTypeOf<OptionSpelling>();
    expectTypeOf<SingleSelectField['options']>().toEqualTypeOf<Option[]>();
    expectTypeOf<MultiSelectField['options']>().toEqualTypeOf<Option[]>();
  });

  test('parseRequestedSchema takes anything and gives fields (with warnings and the root answer count) or problems', () => {
    expectTypeOf(parseRequestedSchema).toEqualTypeOf<(input: unknown) => ParseResult>();
    expectTypeOf<ParseResult>().toEqualTypeOf<
      | { ok: true; fields: Field[]; warnings: SchemaProblem[]; minProperties?: number; maxProperties?: number }
      | { ok: false; problems: SchemaProblem[] }
    >();
    expectTypeOf<SchemaProblem>().toEqualTypeOf<{
      path: string;
      message: string;
      code: SchemaProblemCode;
      severity: 'error' | 'warning';
    }>();
  });

  test('the schema types follow the spec: a flat object of primitives and the five enum spellings', () => {
    expectTypeOf<RequestedSchema['type']>().toEqualTypeOf<'object'>();
    expectTypeOf<RequestedSchema['properties']>().toEqualTypeOf<{ [key: string]: PrimitiveSchemaDefinition }>();
    expectTypeOf<PrimitiveSchemaDefinition>().toEqualTypeOf<StringSchema | NumberSchema | BooleanSchema | EnumSchema>();
    expectTypeOf<EnumSchema>().toEqualTypeOf<
      | UntitledSingleSelectEnumSchema
      | TitledSingleSelectEnumSchema
      | LegacyTitledEnumSchema
      | UntitledMultiSelectEnumSchema
      | TitledMultiSelectEnumSchema
    >();
    expectTypeOf<TitledOption>().toEqualTypeOf<{ const: string; title: string }>();
    expectTypeOf<TitledSingleSelectEnumSchema['oneOf']>().toEqualTypeOf<readonly TitledOption[]>();
    expectTypeOf<TitledMultiSelectEnumSchema['items']>().toEqualTypeOf<{ anyOf: readonly TitledOption[] }>();
    expectTypeOf<UntitledMultiSelectEnumSchema['items']>().toEqualTypeOf<{ type: 'string'; enum: readonly string[] }>();
    expectTypeOf<LegacyTitledEnumSchema['enumNames']>().toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf<NumberSchema['type']>().toEqualTypeOf<'number' | 'integer'>();
  });

  test('request params: form (mode optional) or url (mode required), told apart by mode', () => {
    expectTypeOf<ElicitRequestParams>().toEqualTypeOf<ElicitRequestFormParams | ElicitRequestURLParams>();
    expectTypeOf<ElicitRequestFormParams['mode']>().toEqualTypeOf<'form' | undefined>();
    expectTypeOf<ElicitRequestFormParams['requestedSchema']>().toEqualTypeOf<RequestedSchema>();
    expectTypeOf<ElicitRequestURLParams['mode']>().toEqualTypeOf<'url'>();
    expectTypeOf<ElicitRequestURLParams['url']>().toEqualTypeOf<string>();
  });

  test('toRjsf gives rjsf a schema and uiSchema, plus the draft converters', () => {
    expectTypeOf(toRjsf).toEqualTypeOf<(schema: RequestedSchema, options?: ToRjsfOptions) => RjsfForm>();
    expectTypeOf<ToRjsfOptions>().toEqualTypeOf<{ radioLimit?: number }>();
    expectTypeOf<RjsfForm['schema']>().toEqualTypeOf<RJSFSchema>();
    expectTypeOf<RjsfForm['uiSchema']>().toEqualTypeOf<UiSchema>();
    expectTypeOf<RjsfForm['toDraft']>().returns.toEqualTypeOf<Draft>();
  });
});

describe('given the queue a host drives', () => {
  test('createElicitationQueue gives an ElicitationQueue', () => {
    expectTypeOf(createElicitationQueue).returns.toEqualTypeOf<ElicitationQueue>();
    expectTypeOf(createElicitationQueue).parameters.toEqualTypeOf<[options?: ElicitationQueueOptions]>();
  });

  test('the queue API: enqueue settles with an ElicitResult; the rest answer synchronously', () => {
    expectTypeOf<ElicitationQueue['enqueue']>().toEqualTypeOf<
      (request: unknown, origin: ElicitationOrigin) => Promise<ElicitResult>
    >();
    expectTypeOf<ElicitationQueue['enqueueRound']>().toEqualTypeOf<
      (requests: Readonly<Record<string, unknown>>, origin: ElicitationOrigin) => Promise<Record<string, ElicitResult>>
    >();
    expectTypeOf<ElicitationQueue['respond']>().toEqualTypeOf<
      (entryId: string, result: ElicitResult) => RespondStatus
    >();
    expectTypeOf<ElicitationQueue['respondRound']>().toEqualTypeOf<
      (entryId: string, results: Readonly<Record<string, ElicitResult>>) => RespondStatus
    >();
    expectTypeOf<ElicitationQueue['complete']>().toEqualTypeOf<
      (elicitationId: string, serverKey?: string) => boolean
    >();
    expectTypeOf<ElicitationQueue['dismiss']>().toEqualTypeOf<(entryId: string) => boolean>();
    expectTypeOf<ElicitationQueue['dismissNotice']>().toEqualTypeOf<(noticeId: string) => boolean>();
    expectTypeOf<ElicitationQueue['cancelAll']>().toEqualTypeOf<
      (serverKey?: string, options?: { byPerson?: boolean }) => number
    >();
    expectTypeOf<ElicitationQueue['markShown']>().toEqualTypeOf<((id: string) => () => void) | undefined>();
    expectTypeOf<ElicitationQueue['subscribe']>().toEqualTypeOf<(listener: () => void) => () => void>();
    expectTypeOf<ElicitationQueue['getSnapshot']>().toEqualTypeOf<() => ElicitationSnapshot>();
    // A queue's own file cap (a bridge's maxFileBytes), and why a bridge refused an answer.
    expectTypeOf<ElicitationQueue['maxFileBytes']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ElicitationNotice['message']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<RespondStatus>().toEqualTypeOf<'answered' | 'ignored' | 'invalid'>();
  });

  test('the snapshot: entries (single or round) and notices, all read-only', () => {
    expectTypeOf<ElicitationSnapshot>().toEqualTypeOf<{
      readonly entries: readonly ElicitationEntry[];
      readonly notices: readonly ElicitationNotice[];
    }>();
    expectTypeOf<ElicitationEntry>().toEqualTypeOf<SingleElicitationEntry | RoundElicitationEntry>();
    expectTypeOf<SingleElicitationEntry['kind']>().toEqualTypeOf<'single'>();
    expectTypeOf<SingleElicitationEntry['prompt']>().toEqualTypeOf<ElicitationPrompt>();
    expectTypeOf<SingleElicitationEntry['status']>().toEqualTypeOf<EntryStatus>();
    expectTypeOf<EntryStatus>().toEqualTypeOf<'pending' | 'consented' | 'completed' | 'sending'>();
    expectTypeOf<RoundElicitationEntry['status']>().toEqualTypeOf<'pending' | 'sending'>();
    expectTypeOf<RoundElicitationEntry['kind']>().toEqualTypeOf<'round'>();
    expectTypeOf<RoundElicitationEntry['prompts']>().toEqualTypeOf<readonly RoundPrompt[]>();
    expectTypeOf<RoundPrompt>().toEqualTypeOf<ElicitationPrompt & { readonly key: string }>();
    expectTypeOf<ElicitationEntry['serverKey']>().toEqualTypeOf<string>();
    expectTypeOf<ElicitationNotice['kind']>().toEqualTypeOf<'stopped-waiting' | 'not-sent'>();
    expectTypeOf<ElicitationNotice['reason']>().toEqualTypeOf<'aborted' | 'deadline' | 'not-shown' | 'not-sent'>();
  });

  test('a prompt is a form, a url, or an invalid request with its problem', () => {
    expectTypeOf<ElicitationPrompt['mode']>().toEqualTypeOf<'form' | 'url' | 'invalid'>();
    expectTypeOf<Extract<ElicitationPrompt, { mode: 'form' }>['request']>().toEqualTypeOf<ElicitRequestFormParams>();
    expectTypeOf<Extract<ElicitationPrompt, { mode: 'url' }>['request']>().toEqualTypeOf<ElicitRequestURLParams>();
    expectTypeOf<Extract<ElicitationPrompt, { mode: 'invalid' }>['problem']>().toEqualTypeOf<RequestProblem>();
    expectTypeOf<RequestProblem>().toEqualTypeOf<{ readonly code: RequestProblemCode; readonly message: string }>();
  });

  test('the origin names the server and may carry its connection key, an abort signal and a deadline', () => {
    expectTypeOf<ElicitationServer>().toEqualTypeOf<{
      readonly name: string;
      readonly id?: string;
      readonly scope?: ElicitationScope;
    }>();
    expectTypeOf<ElicitationScope>().toEqualTypeOf<{
      readonly sessionId?: string;
      readonly toolCallId?: string;
      readonly requestId?: string;
    }>();
    expectTypeOf<ElicitationOrigin>().toEqualTypeOf<{
      readonly server: ElicitationServer;
      readonly serverKey?: string;
      readonly signal?: AbortSignal;
      readonly deadline?: number;
    }>();
  });
});

describe('given a URL to show', () => {
  test('inspectUrl gives an inspected URL with warnings, or a refusal with its reason', () => {
    expectTypeOf(inspectUrl).toEqualTypeOf<(url: string, options?: InspectUrlOptions) => UrlInspection>();
    expectTypeOf<UrlInspection>().toEqualTypeOf<InspectedUrl | RefusedUrl>();
    expectTypeOf<InspectedUrl['ok']>().toEqualTypeOf<true>();
    expectTypeOf<InspectedUrl['warnings']>().toEqualTypeOf<readonly UrlWarning[]>();
    expectTypeOf<RefusedUrl['ok']>().toEqualTypeOf<false>();
    expectTypeOf<RefusedUrl['reason']>().toEqualTypeOf<UrlRefusal>();
  });
});
