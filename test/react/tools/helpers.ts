/** What the ToolCallForm test files share: a tool from a bare input schema, and the submit button. */
import { screen } from '@testing-library/react';

import type { Tool } from '../../../src/tools/index.js';

/** A tool named `name` with `inputSchema` and nothing else. */
export function tool(inputSchema: Tool['inputSchema'], name = 'search'): Tool {
  return { name, inputSchema };
}

/** The form's submit button, by its default label. */
export function submitButton(): HTMLElement {
  return screen.getByRole('button', { name: 'Call tool' });
}

/** The error on an empty tuple position before a filled one. */
export const GAP =
  'Empty, but a later position is filled. Fill this one in, or clear the ones after it: positions cannot be skipped.';
