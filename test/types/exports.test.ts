/**
 * The public TYPE names of every entry, exactly, read with the TypeScript compiler API (types are
 * erased at run time, so `test/<layer>/exports.test.ts*` can only pin values). A removed, renamed
 * or new type name fails here: change the list on purpose. What the types are is pinned beside
 * this file in `<entry>.test-d.ts`.
 */
import { fileURLToPath } from 'node:url';

import ts from 'typescript';
import { beforeAll, describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

const ENTRIES = {
  '.': 'src/index.ts',
  './core': 'src/core/index.ts',
  './tools': 'src/tools/index.ts',
  './tools/react': 'src/react/tools/index.ts',
  './sdk': 'src/sdk/index.ts',
  './acp': 'src/acp/index.ts',
  './bridge': 'src/bridge/index.ts',
  './bridge/redis': 'src/bridge/redis/index.ts',
  './rjsf-theme': 'src/react/rjsf-theme/index.ts',
} as const;

let program: ts.Program;

beforeAll(() => {
  // The options `npm run build` emits the declarations with.
  const config = ts.getParsedCommandLineOfConfigFile(
    `${root}tsconfig.build.json`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.build.json did not parse');
  program = ts.createProgram(
    Object.values(ENTRIES).map((entry) => `${root}${entry}`),
    config.options,
  );
}, 120_000);

/**
 * Names `entry` exports that have a type meaning and no value meaning (`export type`, interfaces,
 * type aliases), sorted by code unit like the runtime lists.
 */
function typeExports(entry: string): string[] {
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(`${root}${entry}`);
  if (!file) throw new Error(`${entry} is not in the program`);
  const module = checker.getSymbolAtLocation(file);
  if (!module) throw new Error(`${entry} is not a module`);
  return checker
    .getExportsOfModule(module)
    .filter((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return (target.flags & ts.SymbolFlags.Type) !== 0 && (target.flags & ts.SymbolFlags.Value) === 0;
    })
    .map((symbol) => symbol.name)
    .sort();
}

describe('given the entries as tsc sees them', () => {
  test('mcp-elicit-kit/core exports exactly these type names', () => {
    expect(typeExports(ENTRIES['./core'])).toEqual([
      'AnsweredBy',
      'BooleanField',
      'BooleanSchema',
      'CancelReason',
      'Draft',
      'DraftValue',
      'ElicitContent',
      'ElicitRequestFormParams',
      'ElicitRequestParams',
      'ElicitRequestURLParams',
      'ElicitResult',
      'ElicitValue',
      'ElicitationEntry',
      'ElicitationFormModel',
      'ElicitationFormModelOptions',
      'ElicitationNotice',
      'ElicitationOrigin',
      'ElicitationPrompt',
      'ElicitationQueue',
      'ElicitationQueueOptions',
      'ElicitationRecord',
      'ElicitationScope',
      'ElicitationServer',
      'ElicitationSnapshot',
      'EntryStatus',
      'EnumSchema',
      'Field',
      'FieldError',
      'FieldErrorCode',
      'FieldKind',
      'FieldState',
      'FileField',
      'FormReading',
      'FormSnapshot',
      'InspectUrlOptions',
      'InspectedUrl',
      'LegacyTitledEnumSchema',
      'MultiSelectField',
      'NumberField',
      'NumberSchema',
      'Option',
      'OptionSpelling',
      'ParseResult',
      'PatternSupport',
      'PrimitiveSchemaDefinition',
      'RefusedUrl',
      'RequestProblem',
      'RequestProblemCode',
      'RequestedSchema',
      'RespondStatus',
      'RjsfForm',
      'RoundElicitationEntry',
      'RoundPrompt',
      'SchemaProblem',
      'SchemaProblemCode',
      'SelectVariant',
      'SingleElicitationEntry',
      'SingleSelectField',
      'StringFormat',
      'StringSchema',
      'SubmitResult',
      'TextField',
      'TitledMultiSelectEnumSchema',
      'TitledOption',
      'TitledSingleSelectEnumSchema',
      'ToRjsfOptions',
      'UntitledMultiSelectEnumSchema',
      'UntitledSingleSelectEnumSchema',
      'UrlInspection',
      'UrlRefusal',
      'UrlWarning',
      'WidgetName',
    ]);
  });

  test("the React entry exports core's type names (but ElicitationPrompt, a component there) and its own", () => {
    const core = typeExports(ENTRIES['./core']).filter((name) => name !== 'ElicitationPrompt');
    const own = typeExports(ENTRIES['.']).filter((name) => !core.includes(name));
    expect(typeExports(ENTRIES['.'])).toEqual([...core, ...own].sort());
    expect(own).toEqual([
      'ElicitationFormProps',
      'ElicitationFormState',
      'ElicitationHostProps',
      'ElicitationLabels',
      'ElicitationPromptProps',
      'ElicitationRoundProps',
      'FilesState',
      'HostLabels',
      'KitFormContext',
      'KitLabels',
      'KitTheme',
      'KitWidget',
      'KitWidgetProps',
      'KitWidgets',
      'SecretPolicy',
      'SecretsState',
      'UrlElicitationProps',
      'UseElicitationFormOptions',
    ]);
  });

  test('mcp-elicit-kit/tools exports exactly these type names', () => {
    expect(typeExports(ENTRIES['./tools'])).toEqual([
      'AuditRecord',
      'CallToolResult',
      'CompileToolSchemaResult',
      'CompiledToolSchema',
      'ContentBlock',
      'PatternSupport',
      'SchemaIssue',
      'SchemaLimits',
      'StructuredContentTarget',
      'StructuredContentTargetCounts',
      'Tool',
      'ToolResultVerdict',
      'ToolResultVerdictKind',
      'ToolSchemaCompiler',
      'ToolSchemaCompilerOptions',
      'ToolSchemaCompilerStats',
      'ToolSchemaDialect',
      'ToolSchemaError',
      'ToolSchemaErrorCode',
      'ValidateToolResultOptions',
    ]);
  });

  test('mcp-elicit-kit/tools/react exports exactly these type names', () => {
    expect(typeExports(ENTRIES['./tools/react'])).toEqual([
      'ToolCallFormLabels',
      'ToolCallFormProps',
      'ToolResultViewLabels',
      'ToolResultViewProps',
    ]);
  });

  test('mcp-elicit-kit/sdk exports exactly these type names', () => {
    expect(typeExports(ENTRIES['./sdk'])).toEqual([
      'AttachAiSdkElicitationOptions',
      'AttachElicitationOptions',
      'ClientAiSdk',
      'ClientV1',
      'ClientV2',
      'DetachElicitation',
      'ElicitationMode',
    ]);
  });

  test('mcp-elicit-kit/acp exports exactly these type names', () => {
    expect(typeExports(ENTRIES['./acp'])).toEqual([
      'AttachElicitationOptions',
      'ClientAcp',
      'DetachElicitation',
      'ElicitationMode',
    ]);
  });

  test('mcp-elicit-kit/bridge exports exactly these type names', () => {
    expect(typeExports(ENTRIES['./bridge'])).toEqual([
      'BridgeCommand',
      'BridgeOutcome',
      'BridgePart',
      'BridgeView',
      'BrokerView',
      'CommandExecutor',
      'ElicitationBridge',
      'ElicitationBridgeOptions',
      'ElicitationBroker',
      'NodeHandlerOptions',
      'NodeRequestLike',
      'NodeResponseLike',
      'PublishedPart',
      'RemoteElicitationQueue',
      'RemoteElicitationQueueOptions',
    ]);
  });

  test('mcp-elicit-kit/bridge/redis exports exactly these type names', () => {
    expect(typeExports(ENTRIES['./bridge/redis'])).toEqual([
      'RedisBrokerOptions',
      'RedisClientLike',
      'RedisElicitationBroker',
      'RedisMultiLike',
    ]);
  });

  test('mcp-elicit-kit/rjsf-theme exports exactly these type names', () => {
    expect(typeExports(ENTRIES['./rjsf-theme'])).toEqual(['RjsfThemeOptions']);
  });
});
