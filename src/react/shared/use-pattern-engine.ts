/**
 * `usePatternEngine`: a form whose schema has a `pattern` waits for the pattern engine before it
 * can be answered (`loadPatternEngine`, which loads the linear-time engine once, on demand). A form
 * without one, or any form once the engine is loaded, is ready from its first render.
 */
import { useCallback, useEffect, useState } from 'react';

import { isPatternEngineLoaded, loadPatternEngine } from '../../shared/pattern-engine.js';

/** Where a form stands with the pattern engine. */
export type PatternEngineStatus = 'ready' | 'loading' | 'failed';

/** Loads the engine when `needed`; `retry()` starts a failed load again. */
export function usePatternEngine(needed: boolean): { status: PatternEngineStatus; retry: () => void } {
  const [status, setStatus] = useState<PatternEngineStatus>(() =>
    !needed || isPatternEngineLoaded() ? 'ready' : 'loading',
  );
  useEffect(() => {
    if (status !== 'loading') return undefined;
    let live = true;
    loadPatternEngine().then(
      () => live && setStatus('ready'),
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [status]);
  const retry = useCallback(() => setStatus((now) => (now === 'failed' ? 'loading' : now)), []);
  return { status, retry };
}
