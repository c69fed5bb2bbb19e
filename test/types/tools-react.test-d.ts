/**
 * What the public types of `mcp-elicit-kit/tools/react` are. Every type name is referenced through
 * the entry's namespace, so removing or renaming one fails to compile. The list of names itself is
 * pinned in `exports.test.ts`.
 */
import { describe, expectTypeOf, test } from 'vitest';

import type * as tools from '../../src/tools/index.js';
import type * as toolsReact from '../../src/react/tools/index.js';
import { ToolCallForm, ToolResultView } from '../../src/react/tools/index.js';

describe('given the tool components', () => {
  test('ToolCallForm takes a tool and hands onSubmit the arguments object', () => {
    expectTypeOf(ToolCallForm).parameters.toEqualTypeOf<[props: toolsReact.ToolCallFormProps]>();
    expectTypeOf<toolsReact.ToolCallFormProps['tool']>().toEqualTypeOf<tools.Tool>();
    expectTypeOf<toolsReact.ToolCallFormProps['onSubmit']>().toEqualTypeOf<(args: Record<string, unknown>) => void>();
    expectTypeOf<toolsReact.ToolCallFormProps['labels']>().toEqualTypeOf<
      Partial<toolsReact.ToolCallFormLabels> | undefined
    >();
    expectTypeOf<toolsReact.ToolCallFormProps['limits']>().toEqualTypeOf<tools.SchemaLimits | undefined>();
  });

  test('ToolResultView takes a tool and its result', () => {
    expectTypeOf(ToolResultView).parameters.toEqualTypeOf<[props: toolsReact.ToolResultViewProps]>();
    expectTypeOf<toolsReact.ToolResultViewProps['tool']>().toEqualTypeOf<tools.Tool>();
    expectTypeOf<toolsReact.ToolResultViewProps['result']>().toEqualTypeOf<tools.CallToolResult>();
    expectTypeOf<toolsReact.ToolResultViewProps['labels']>().toEqualTypeOf<
      Partial<toolsReact.ToolResultViewLabels> | undefined
    >();
    expectTypeOf<toolsReact.ToolResultViewLabels['verdict']>().toEqualTypeOf<
      (verdict: tools.ToolResultVerdictKind) => string
    >();
  });
});
