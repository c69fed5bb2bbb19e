import { useCallback, useEffect, useState } from 'react';

import { isPatternEngineLoaded, loadPatternEngine } from '../../shared/pattern-engine.js';

/** Where a form stands with the pattern engine. */
export type PatternEngineStatus = 'ready' | 'loading' | 'failed';

/**
 * A form with a `pattern` waits for the linear-time engine, loaded once on demand; a form without one, or
 * any once it is loaded, is ready from its first render. `retry()` starts a failed load again.
 */
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
