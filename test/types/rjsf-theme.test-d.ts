/**
 * What the public types of `mcp-elicit-kit/rjsf-theme` are: an rjsf theme in, `ElicitationForm`'s
 * `widgets` out. The list of names itself is pinned in `exports.test.ts`.
 */
import type { ThemeProps } from '@rjsf/core';
import type { Registry } from '@rjsf/utils';
import { describe, expectTypeOf, test } from 'vitest';

import type { ElicitationFormProps, WidgetName } from '../../src/index.js';
import type * as rjsfTheme from '../../src/react/rjsf-theme/index.js';
import { DEFAULT_KIT_CONTROLS, widgetsFromRjsfTheme } from '../../src/react/rjsf-theme/index.js';

describe('given widgetsFromRjsfTheme', () => {
  test("takes any rjsf theme and gives what ElicitationForm's widgets prop takes", () => {
    expectTypeOf(widgetsFromRjsfTheme).parameters.toEqualTypeOf<
      [theme: ThemeProps, options?: rjsfTheme.RjsfThemeOptions]
    >();
    expectTypeOf(widgetsFromRjsfTheme).returns.toExtend<NonNullable<ElicitationFormProps['widgets']>>();
  });

  test('options name controls by the names core gives them, and an rjsf string translator', () => {
    expectTypeOf<rjsfTheme.RjsfThemeOptions['kitControls']>().toEqualTypeOf<readonly WidgetName[] | undefined>();
    expectTypeOf<rjsfTheme.RjsfThemeOptions['translateString']>().toEqualTypeOf<
      Registry['translateString'] | undefined
    >();
    expectTypeOf(DEFAULT_KIT_CONTROLS).toEqualTypeOf<readonly WidgetName[]>();
  });
});
