// Long selects' combobox is a chunk loaded on first use (test/react/combobox-load.test.tsx shows that
// step): browser tests draw it loaded.
import { beforeAll } from 'vitest';

import { loadCombobox } from '../../src/react/theme/widgets/enum-select-widget.js';

beforeAll(async () => {
  await loadCombobox();
});
