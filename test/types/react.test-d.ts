/**
 * What the public types of the React entry (`mcp-elicit-kit`) are. Every type name is referenced
 * through the entry's namespace, so removing or renaming one fails to compile; core's names are
 * the very same types as in `mcp-elicit-kit/core`, and the component props keep the names and
 * shapes the README documents. The list of names itself is pinned in `exports.test.ts`.
 */
import type { ReactNode } from 'react';
import { describe, expectTypeOf, test } from 'vitest';

import type * as core from '../../src/core/index.js';
import type * as entry from '../../src/index.js';
import {
  ElicitationForm,
  ElicitationHost,
  ElicitationPrompt,
  ElicitationRound,
  generateTheme,
  UrlElicitation,
} from '../../src/index.js';

describe("given core's names re-exported by the React entry", () => {
  test('each is the same type as in mcp-elicit-kit/core', () => {
    expectTypeOf<entry.BooleanField>().toEqualTypeOf<core.BooleanField>();
    expectTypeOf<entry.BooleanSchema>().toEqualTypeOf<core.BooleanSchema>();
    expectTypeOf<entry.Draft>().toEqualTypeOf<core.Draft>();
    expectTypeOf<entry.DraftValue>().toEqualTypeOf<core.DraftValue>();
    expectTypeOf<entry.ElicitContent>().toEqualTypeOf<core.ElicitContent>();
    expectTypeOf<entry.ElicitRequestFormParams>().toEqualTypeOf<core.ElicitRequestFormParams>();
    expectTypeOf<entry.ElicitRequestParams>().toEqualTypeOf<core.ElicitRequestParams>();
    expectTypeOf<entry.ElicitRequestURLParams>().toEqualTypeOf<core.ElicitRequestURLParams>();
    expectTypeOf<entry.ElicitResult>().toEqualTypeOf<core.ElicitResult>();
    expectTypeOf<entry.ElicitValue>().toEqualTypeOf<core.ElicitValue>();
    expectTypeOf<entry.ElicitationEntry>().toEqualTypeOf<core.ElicitationEntry>();
    expectTypeOf<entry.ElicitationNotice>().toEqualTypeOf<core.ElicitationNotice>();
    expectTypeOf<entry.ElicitationOrigin>().toEqualTypeOf<core.ElicitationOrigin>();
    expectTypeOf<entry.ElicitationQueue>().toEqualTypeOf<core.ElicitationQueue>();
    expectTypeOf<entry.ElicitationQueueOptions>().toEqualTypeOf<core.ElicitationQueueOptions>();
    expectTypeOf<entry.ElicitationServer>().toEqualTypeOf<core.ElicitationServer>();
    expectTypeOf<entry.ElicitationSnapshot>().toEqualTypeOf<core.ElicitationSnapshot>();
    expectTypeOf<entry.EntryStatus>().toEqualTypeOf<core.EntryStatus>();
    expectTypeOf<entry.EnumSchema>().toEqualTypeOf<core.EnumSchema>();
    expectTypeOf<entry.Field>().toEqualTypeOf<core.Field>();
    expectTypeOf<entry.FieldError>().toEqualTypeOf<core.FieldError>();
    expectTypeOf<entry.FieldErrorCode>().toEqualTypeOf<core.FieldErrorCode>();
    expectTypeOf<entry.FieldKind>().toEqualTypeOf<core.FieldKind>();
    expectTypeOf<entry.InspectedUrl>().toEqualTypeOf<core.InspectedUrl>();
    expectTypeOf<entry.LegacyTitledEnumSchema>().toEqualTypeOf<core.LegacyTitledEnumSchema>();
    expectTypeOf<entry.MultiSelectField>().toEqualTypeOf<core.MultiSelectField>();
    expectTypeOf<entry.NumberField>().toEqualTypeOf<core.NumberField>();
    expectTypeOf<entry.NumberSchema>().toEqualTypeOf<core.NumberSchema>();
    expectTypeOf<entry.Option>().toEqualTypeOf<core.Option>();
    expectTypeOf<entry.OptionSpelling>().toEqualTypeOf<core.OptionSpelling>();
    expectTypeOf<entry.ParseResult>().toEqualTypeOf<core.ParseResult>();
    expectTypeOf<entry.PrimitiveSchemaDefinition>().toEqualTypeOf<core.PrimitiveSchemaDefinition>();
    expectTypeOf<entry.RefusedUrl>().toEqualTypeOf<core.RefusedUrl>();
    expectTypeOf<entry.RequestProblem>().toEqualTypeOf<core.RequestProblem>();
    expectTypeOf<entry.RequestProblemCode>().toEqualTypeOf<core.RequestProblemCode>();
    expectTypeOf<entry.RequestedSchema>().toEqualTypeOf<core.RequestedSchema>();
    expectTypeOf<entry.RespondStatus>().toEqualTypeOf<core.RespondStatus>();
    expectTypeOf<entry.RjsfForm>().toEqualTypeOf<core.RjsfForm>();
    expectTypeOf<entry.RoundElicitationEntry>().toEqualTypeOf<core.RoundElicitationEntry>();
    expectTypeOf<entry.RoundPrompt>().toEqualTypeOf<core.RoundPrompt>();
    expectTypeOf<entry.SchemaProblem>().toEqualTypeOf<core.SchemaProblem>();
    expectTypeOf<entry.SchemaProblemCode>().toEqualTypeOf<core.SchemaProblemCode>();
    expectTypeOf<entry.SelectVariant>().toEqualTypeOf<core.SelectVariant>();
    expectTypeOf<entry.SingleElicitationEntry>().toEqualTypeOf<core.SingleElicitationEntry>();
    expectTypeOf<entry.SingleSelectField>().toEqualTypeOf<core.SingleSelectField>();
    expectTypeOf<entry.StringFormat>().toEqualTypeOf<core.StringFormat>();
    expectTypeOf<entry.StringSchema>().toEqualTypeOf<core.StringSchema>();
    expectTypeOf<entry.SubmitResult>().toEqualTypeOf<core.SubmitResult>();
    expectTypeOf<entry.TextField>().toEqualTypeOf<core.TextField>();
    expectTypeOf<entry.TitledMultiSelectEnumSchema>().toEqualTypeOf<core.TitledMultiSelectEnumSchema>();
    expectTypeOf<entry.TitledOption>().toEqualTypeOf<core.TitledOption>();
    expectTypeOf<entry.TitledSingleSelectEnumSchema>().toEqualTypeOf<core.TitledSingleSelectEnumSchema>();
    expectTypeOf<entry.ToRjsfOptions>().toEqualTypeOf<core.ToRjsfOptions>();
    expectTypeOf<entry.UntitledMultiSelectEnumSchema>().toEqualTypeOf<core.UntitledMultiSelectEnumSchema>();
    expectTypeOf<entry.UntitledSingleSelectEnumSchema>().toEqualTypeOf<core.UntitledSingleSelectEnumSchema>();
    expectTypeOf<entry.UrlInspection>().toEqualTypeOf<core.UrlInspection>();
    expectTypeOf<entry.UrlRefusal>().toEqualTypeOf<core.UrlRefusal>();
    expectTypeOf<entry.UrlWarning>().toEqualTypeOf<core.UrlWarning>();
  });
});

describe('given the components', () => {
  test('each takes its own props type and renders a React node', () => {
    expectTypeOf(ElicitationForm).parameters.toEqualTypeOf<[props: entry.ElicitationFormProps]>();
    expectTypeOf(UrlElicitation).parameters.toEqualTypeOf<[props: entry.UrlElicitationProps]>();
    expectTypeOf(ElicitationPrompt).parameters.toEqualTypeOf<[props: entry.ElicitationPromptProps]>();
    expectTypeOf(ElicitationHost).parameters.toEqualTypeOf<[props: entry.ElicitationHostProps]>();
    expectTypeOf(ElicitationRound).parameters.toEqualTypeOf<[props: entry.ElicitationRoundProps]>();
    expectTypeOf(ElicitationForm).returns.toExtend<ReactNode>();
    expectTypeOf(ElicitationHost).returns.toExtend<ReactNode>();
  });

  test('ElicitationForm: a form request, its server, and onRespond with an ElicitResult; labels optional', () => {
    expectTypeOf<entry.ElicitationFormProps['request']>().toEqualTypeOf<core.ElicitRequestFormParams>();
    expectTypeOf<entry.ElicitationFormProps['server']>().toEqualTypeOf<core.ElicitationServer>();
    expectTypeOf<entry.ElicitationFormProps['onRespond']>().toEqualTypeOf<(result: core.ElicitResult) => void>();
    expectTypeOf<entry.ElicitationFormProps['labels']>().toEqualTypeOf<Partial<entry.ElicitationLabels> | undefined>();
  });

  test('UrlElicitation and ElicitationPrompt: the same trio, for a URL request and for either mode', () => {
    expectTypeOf<entry.UrlElicitationProps['request']>().toEqualTypeOf<core.ElicitRequestURLParams>();
    expectTypeOf<entry.UrlElicitationProps['server']>().toEqualTypeOf<core.ElicitationServer>();
    expectTypeOf<entry.UrlElicitationProps['onRespond']>().toEqualTypeOf<(result: core.ElicitResult) => void>();
    expectTypeOf<entry.ElicitationPromptProps['request']>().toEqualTypeOf<core.ElicitRequestParams>();
    expectTypeOf<entry.ElicitationPromptProps['server']>().toEqualTypeOf<core.ElicitationServer>();
    expectTypeOf<entry.ElicitationPromptProps['onRespond']>().toEqualTypeOf<(result: core.ElicitResult) => void>();
    expectTypeOf<entry.ElicitationPromptProps['labels']>().toEqualTypeOf<Partial<entry.KitLabels> | undefined>();
  });

  test('ElicitationHost takes a queue (local or remote: anything with the queue API)', () => {
    expectTypeOf<entry.ElicitationHostProps['queue']>().toEqualTypeOf<core.ElicitationQueue>();
    expectTypeOf<entry.ElicitationHostProps['labels']>().toEqualTypeOf<Partial<entry.KitLabels> | undefined>();
    expectTypeOf<entry.ElicitationHostProps['theme']>().toEqualTypeOf<'light' | 'dark' | undefined>();
    expectTypeOf<entry.ElicitationHostProps['density']>().toEqualTypeOf<'comfortable' | 'compact' | undefined>();
    expectTypeOf<entry.ElicitationFormProps['density']>().toEqualTypeOf<'comfortable' | 'compact' | undefined>();
  });

  test('ElicitationRound answers a round entry key by key, or all at once', () => {
    expectTypeOf<entry.ElicitationRoundProps['entry']>().toEqualTypeOf<core.RoundElicitationEntry>();
    expectTypeOf<entry.ElicitationRoundProps['onRespondRound']>().toEqualTypeOf<
      (results: Record<string, core.ElicitResult>) => void
    >();
    expectTypeOf<entry.ElicitationRoundProps['onRespondAll']>().toEqualTypeOf<(result: core.ElicitResult) => void>();
  });

  test("ElicitationPrompt, ElicitationRound and ElicitationHost take ElicitationForm's widgets, of the same type", () => {
    type Widgets = Partial<entry.KitWidgets> | undefined;
    expectTypeOf<entry.ElicitationFormProps['widgets']>().toEqualTypeOf<Widgets>();
    expectTypeOf<entry.ElicitationPromptProps['widgets']>().toEqualTypeOf<Widgets>();
    expectTypeOf<entry.ElicitationRoundProps['widgets']>().toEqualTypeOf<Widgets>();
    expectTypeOf<entry.ElicitationHostProps['widgets']>().toEqualTypeOf<Widgets>();
  });
});

describe('given labels and the rjsf theme', () => {
  test('KitLabels is the form labels and the host labels together', () => {
    expectTypeOf<entry.KitLabels>().toEqualTypeOf<entry.ElicitationLabels & entry.HostLabels>();
    expectTypeOf<entry.ElicitationLabels['requestFrom']>().toEqualTypeOf<string>();
    expectTypeOf<entry.HostLabels['urlIntro']>().toEqualTypeOf<string>();
    // File fields' strings are optional: their English defaults load with the file picker, not with the entry.
    expectTypeOf<entry.ElicitationLabels['chooseFile']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<entry.ElicitationLabels['fileCannotBeFilled']>().toEqualTypeOf<
      ((fieldLabel: string) => string) | undefined
    >();
  });

  test("generateTheme gives rjsf's fields, widgets and templates; the form context carries labels", () => {
    expectTypeOf(generateTheme).toEqualTypeOf<() => entry.KitTheme>();
    expectTypeOf<keyof entry.KitTheme>().toEqualTypeOf<'fields' | 'widgets' | 'templates'>();
    expectTypeOf<entry.KitFormContext>().toEqualTypeOf<{ labels?: Partial<entry.ElicitationLabels> }>();
  });
});
