/**
 * The suite's tests only snapshot; this makes each of them also fail on anything React or rjsf
 * logs as an error or a warning while the kit's theme draws the case (rjsf's default theme logs
 * none for the suite).
 */
import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, vi, type MockInstance } from 'vitest';

import { loadCombobox } from '../../src/react/theme/widgets/enum-select-widget.js';

let errors: MockInstance<typeof console.error>;
let warnings: MockInstance<typeof console.warn>;

beforeEach(() => {
  errors = vi.spyOn(console, 'error');
  warnings = vi.spyOn(console, 'warn');
});

afterEach(() => {
  cleanup();
  const logged = [...errors.mock.calls, ...warnings.mock.calls];
  errors.mockRestore();
  warnings.mockRestore();
  expect(logged).toEqual([]);
});

// Long selects' combobox is a chunk loaded on first use: tests draw it loaded (test/react/combobox-load.test.tsx
// shows the first use).
beforeAll(async () => {
  await loadCombobox();
});
