import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

import { loadCombobox } from '../../src/react/theme/widgets/enum-select-widget.js';

// Without vitest globals, Testing Library cannot register its own cleanup: unmount after each test.
afterEach(() => {
  cleanup();
});

// Long selects' combobox is a chunk loaded on first use: tests draw it loaded (test/react/combobox-load.test.tsx
// shows the first use).
beforeAll(async () => {
  await loadCombobox();
});
