// The React entry's public surface, exactly: a new export is a decision, made here on purpose.
import { describe, expect, test } from 'vitest';

import * as core from '../../src/core/index.js';
import * as entry from '../../src/index.js';
import * as rjsfTheme from '../../src/react/rjsf-theme/index.js';
import * as toolsReact from '../../src/react/tools/index.js';

describe('given the React entry (src/index.ts)', () => {
  test('exports exactly these runtime names', () => {
    expect(Object.keys(entry).sort()).toEqual([
      'BooleanWidget',
      'DateTimeWidget',
      'DateWidget',
      'DescriptionFieldTemplate',
      'ElicitationForm',
      'ElicitationHost',
      'ElicitationPrompt',
      'ElicitationRound',
      'EmailWidget',
      'EnumRadioWidget',
      'EnumSelectWidget',
      'ErrorListTemplate',
      'FieldErrorTemplate',
      'FieldTemplate',
      'MultiSelectWidget',
      'NumberWidget',
      'ObjectFieldTemplate',
      'SubmitButton',
      'TextWidget',
      'TitleFieldTemplate',
      'UriWidget',
      'UrlElicitation',
      'defaultHostLabels',
      'defaultLabels',
      'generateTheme',
      'loadElicitationViews',
      'useElicitationForm',
    ]);
  });

  test("re-exports none of the core entry's functions or constants: each name has one import path", () => {
    const values: Record<string, unknown> = entry;
    expect(Object.keys(core).filter((name) => name in values)).toEqual([]);
  });
});

describe('given the tools/react entry (src/react/tools/index.ts)', () => {
  test('exports exactly these runtime names', () => {
    expect(Object.keys(toolsReact).sort()).toEqual(['ToolCallForm', 'ToolResultView']);
  });
});

describe('given the rjsf-theme entry (src/react/rjsf-theme/index.ts)', () => {
  test('exports exactly these runtime names', () => {
    expect(Object.keys(rjsfTheme).sort()).toEqual(['DEFAULT_KIT_CONTROLS', 'widgetsFromRjsfTheme']);
  });
});
