import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

import { loadOptionReader } from '../../src/react/elicitation/elicitation-form.js';
import { loadCombobox } from '../../src/react/theme/widgets/enum-select-widget.js';

// Without vitest globals, Testing Library cannot register its own cleanup: unmount after each test.
afterEach(() => {
  cleanup();
});

// Long selects' combobox and the reader of forms of many options are chunks loaded on first use: tests
// draw them loaded (test/react/combobox-load.test.tsx shows the first use).
beforeAll(async () => {
  await Promise.all([loadCombobox(), loadOptionReader()]);
});
