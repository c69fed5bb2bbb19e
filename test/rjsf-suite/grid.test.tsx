// rjsf's shared theme suite (@rjsf/snapshot-tests: gridTests) against the kit's theme. The kit has
// no grid of its own: rjsf's `GridTemplate` draws the rows and columns with these class names.
import { withTheme } from '@rjsf/core';
import { gridTests } from '@rjsf/snapshot-tests';

import { generateTheme } from '../../src/index.js';

gridTests(withTheme(generateTheme()), {
  ColumnWidthAll: { className: 'mek-col-12' },
  ColumnWidth4: { className: 'mek-col-4' },
  ColumnWidth6: { className: 'mek-col-6' },
  ColumnWidth8: { className: 'mek-col-8' },
});
