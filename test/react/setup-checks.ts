import { beforeAll } from 'vitest';

import { loadPatternEngine, loadSchemaValidator } from '../../src/core/index.js';

// The pattern engine and the complete validator are loaded on first use, and until they are an Accept waits for
// them: in the `react` project (files share one module graph per worker) they are loaded before every file, so an
// Accept answers at once whichever file ran first. A form whose engine was still loading once answered only after
// its test had looked. The waiting Accept itself is shown in test/react/tools/tool-call-form-engine.test.tsx
// (project `react-mocks`, which does not load this file).
beforeAll(async () => {
  await Promise.all([loadPatternEngine(), loadSchemaValidator()]);
});
