// rjsf's shared theme suite (@rjsf/snapshot-tests: formTests) against the kit's theme, as rjsf's own
// themes run it; the snapshots beside this file are the kit's markup for each case.
import { withTheme } from '@rjsf/core';
import { formTests } from '@rjsf/snapshot-tests';

import { generateTheme } from '../../src/index.js';

formTests(withTheme(generateTheme()));
