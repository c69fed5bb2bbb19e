import { useCallback, useEffect, useState } from 'react';

import { isPatternEngineLoaded, loadPatternEngine } from '../../shared/pattern-engine.js';

/** Where a form stands with the checkers it loads on demand (the pattern engine, the complete validator). */
export type PatternEngineStatus = 'ready' | 'loading' | 'failed';

/** Another checker loaded on demand: the elicitation form's complete JSON Schema validator. */
export interface OnDemandChecker {
  isLoaded: () => boolean;
  load: () => Promise<void>;
}

/**
 * A form with a `pattern` waits for the linear-time engine, and one given `validator` (rules core does not
 * check) for that too, each loaded once on demand; a form that needs neither, or any once they are loaded, is
 * ready from its first render. `retry()` starts a failed load again.
 */
export function usePatternEngine(
  needed: boolean,
  validator?: OnDemandChecker,
): { status: PatternEngineStatus; retry: () => void } {
  const [status, setStatus] = useState<PatternEngineStatus>(() =>
    (!needed || isPatternEngineLoaded()) && (!validator || validator.isLoaded()) ? 'ready' : 'loading',
  );
  useEffect(() => {
    if (status !== 'loading') return undefined;
    let live = true;
    Promise.all([needed ? loadPatternEngine() : undefined, validator?.load()]).then(
      () => live && setStatus('ready'),
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [status, needed, validator]);
  const retry = useCallback(() => setStatus((now) => (now === 'failed' ? 'loading' : now)), []);
  return { status, retry };
}
