/**
 * What the public types of `mcp-elicit-kit/tools` are. Every type name is referenced through the
 * entry's namespace, so removing or renaming one fails to compile; the result shapes a host reads
 * are pinned exactly. The list of names itself is pinned in `exports.test.ts`.
 */
import { describe, expectTypeOf, test } from 'vitest';

import type * as tools from '../../src/tools/index.js';
import {
  compileToolSchema,
  countStructuredContentTargets,
  createToolSchemaCompiler,
  structuredContentTarget,
  validateToolResult,
} from '../../src/tools/index.js';

describe('given a tool schema to compile', () => {
  test('compileToolSchema takes anything, with optional limits, and gives a validator or an error', () => {
    expectTypeOf(compileToolSchema).toEqualTypeOf<
      (schema: unknown, limits?: tools.SchemaLimits) => tools.CompileToolSchemaResult
    >();
    expectTypeOf<tools.CompileToolSchemaResult>().toEqualTypeOf<
      tools.CompiledToolSchema | { ok: false; error: tools.ToolSchemaError }
    >();
    expectTypeOf<tools.CompiledToolSchema>().toEqualTypeOf<{
      ok: true;
      dialect: tools.ToolSchemaDialect;
      validate(value: unknown): tools.SchemaIssue[];
    }>();
    expectTypeOf<tools.SchemaIssue>().toEqualTypeOf<{ pointer: string; message: string; keyword: string }>();
    expectTypeOf<tools.ToolSchemaError>().toEqualTypeOf<{ code: tools.ToolSchemaErrorCode; message: string }>();
    expectTypeOf<tools.ToolSchemaErrorCode>().toEqualTypeOf<
      'dialect' | 'remote-ref' | 'invalid-id' | 'limit' | 'invalid-schema'
    >();
    expectTypeOf<tools.ToolSchemaDialect>().toEqualTypeOf<'2020-12' | '2019-09' | 'draft-07'>();
  });

  test('limits are all optional; a compiler of its own has stats and can be cleared', () => {
    expectTypeOf<tools.SchemaLimits>().toEqualTypeOf<{
      maxDepth?: number;
      maxSubschemas?: number;
      timeBudgetMs?: number;
      maxPatternInputLength?: number;
      maxPatternLength?: number;
    }>();
    expectTypeOf(createToolSchemaCompiler).toEqualTypeOf<
      (options?: tools.ToolSchemaCompilerOptions) => tools.ToolSchemaCompiler
    >();
    expectTypeOf<tools.ToolSchemaCompilerOptions>().toEqualTypeOf<{ clock?: () => number; cacheSize?: number }>();
    expectTypeOf<tools.ToolSchemaCompiler['compile']>().toEqualTypeOf<typeof compileToolSchema>();
    expectTypeOf<tools.ToolSchemaCompiler['stats']>().toEqualTypeOf<tools.ToolSchemaCompilerStats>();
    expectTypeOf<tools.ToolSchemaCompilerStats>().toEqualTypeOf<{ readonly compiles: number }>();
  });
});

describe('given a tools/call result to judge', () => {
  test('validateToolResult takes the tool and its result and gives a verdict', () => {
    expectTypeOf(validateToolResult).toEqualTypeOf<
      (
        tool: tools.Tool,
        result: tools.CallToolResult,
        options?: tools.ValidateToolResultOptions,
      ) => tools.ToolResultVerdict
    >();
    expectTypeOf<tools.ValidateToolResultOptions>().toEqualTypeOf<{
      limits?: tools.SchemaLimits;
      compiler?: tools.ToolSchemaCompiler;
    }>();
    expectTypeOf<tools.ToolResultVerdict>().toEqualTypeOf<{
      verdict: tools.ToolResultVerdictKind;
      issues: tools.SchemaIssue[];
      notes: string[];
      checked: 'structuredContent' | 'structuredContent.result' | 'nothing';
      schemaError?: tools.ToolSchemaError;
    }>();
    expectTypeOf<tools.ToolResultVerdictKind>().toEqualTypeOf<
      'valid' | 'invalid' | 'missing' | 'no-schema' | 'schema-error'
    >();
  });

  test('Tool and CallToolResult are the protocol shapes, loose where the protocol is', () => {
    expectTypeOf<tools.Tool['name']>().toEqualTypeOf<string>();
    expectTypeOf<tools.Tool['inputSchema']>().toEqualTypeOf<{
      type: 'object';
      $schema?: string;
      [key: string]: unknown;
    }>();
    expectTypeOf<tools.CallToolResult>().toEqualTypeOf<{
      content?: readonly tools.ContentBlock[];
      structuredContent?: unknown;
      isError?: boolean;
    }>();
    expectTypeOf<tools.ContentBlock>().toEqualTypeOf<{ type: string; text?: unknown }>();
  });
});

describe('given the audit gate', () => {
  test('structuredContentTarget picks one of four targets; the counts have one number per target and a total', () => {
    expectTypeOf(structuredContentTarget).toEqualTypeOf<
      (record: unknown, body: unknown) => tools.StructuredContentTarget
    >();
    expectTypeOf<tools.StructuredContentTarget>().toEqualTypeOf<
      'schema' | 'missing' | 'legacy_wrapper' | 'validate_root'
    >();
    expectTypeOf(countStructuredContentTargets).returns.toEqualTypeOf<tools.StructuredContentTargetCounts>();
    expectTypeOf<tools.StructuredContentTargetCounts>().toEqualTypeOf<
      Record<tools.StructuredContentTarget, number> & { total: number }
    >();
    expectTypeOf<tools.AuditRecord>().toEqualTypeOf<{
      tool: string;
      protocol: '2025-11-25' | '2026-07-28';
      metaIdTool: boolean;
    }>();
  });
});
