// rjsf's shared theme suite (@rjsf/snapshot-tests: arrayTests) against the kit's theme, as rjsf's own
// themes run it; the snapshots beside this file are the kit's markup for each case.
import { withTheme } from '@rjsf/core';
import { arrayTests } from '@rjsf/snapshot-tests';

import { generateTheme } from '../../src/index.js';

arrayTests(withTheme(generateTheme()));
