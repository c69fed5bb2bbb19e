// Long selects' combobox and the reader of forms of many options are chunks loaded on first use
// (test/react/combobox-load.test.tsx shows that step): browser tests draw them loaded.
import { beforeAll } from 'vitest';

import { loadOptionReader } from '../../src/react/elicitation/elicitation-form.js';
import { loadCombobox } from '../../src/react/theme/widgets/enum-select-widget.js';
import { stopMotion } from './settle.js';

beforeAll(async () => {
  // What axe and the clicks judge is a page's final state, never a frame of a kit's or a theme's transition.
  stopMotion();
  await Promise.all([loadCombobox(), loadOptionReader()]);
});
