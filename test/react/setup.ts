import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

import { loadCombobox } from '../../src/react/theme/widgets/enum-select-widget.js';

// Without vitest globals, Testing Library cannot register its own cleanup: unmount after each test.
afterEach(() => {
  cleanup();
});

// Long selects' combobox and the reader of forms of many options are chunks loaded on first use: tests
// draw them loaded (test/react/combobox-load.test.tsx shows the first use).
beforeAll(async () => {
  // Imported here, not at the top: a test file's vi.mock (of a widget, of the pattern engine) then
  // applies to the form module this loads.
  const { loadOptionReader } = await import('../../src/react/elicitation/elicitation-form.js');
  await Promise.all([loadCombobox(), loadOptionReader()]);
});
