/**
 * No answer to a prompt the person has not seen. A prompt can appear under the pointer or the
 * focus at any moment (the next one of a queue takes the place of the one just answered), so the
 * second click of a double-click, a held key's repeats, or a click already on its way would answer
 * it unseen. As browsers do for their permission prompts, an answering control therefore ignores
 * activation:
 * - for `ARMING_MS` after it appears (its mount);
 * - when the press that leads to it began too early: a pointer pressed on it before it was armed,
 *   or an Enter or Space that is a key repeat or was pressed before it was armed (for Space, the
 *   click comes with the release); so a key held since before the prompt never answers it.
 * Only input from the person is judged (`isTrusted`): a click a script dispatches is the host's own
 * doing, which could answer through the queue anyway. A click with no press before it (a screen
 * reader's default action) is taken once the control is armed.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';

/**
 * How long a newly shown answering control ignores a person's activation, in milliseconds: longer
 * than the usual double-click interval (500 ms by default on Windows and macOS; Chromium arms its
 * permission prompts for that long), so both clicks of a double-click can never answer two prompts.
 */
export const ARMING_MS = 500;

const ArmingTimeContext = createContext(ARMING_MS);

/**
 * Sets the arming time (ms) of the answering controls below it; `ARMING_MS` without it. Internal:
 * tests of what happens inside the arming time use a longer one, so a slow machine cannot let it
 * run out between two key presses.
 */
export const ArmingTime = ArmingTimeContext.Provider;

/** Keys that activate a button. */
const ACTIVATING_KEYS = new Set(['Enter', ' ']);

/** What `useAnswerGuard` gives an answering control. */
export interface AnswerGuard {
  /** Notes when a pointer press began; spread on the control. */
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  /** Notes whether an Enter or Space press is fresh; spread on the control. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** Whether this activation (the click, or an Enter key press) may answer. */
  allows: (event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>) => boolean;
  /** `false` during the arming time (also after a re-render), for `data-arming`. */
  armed: boolean;
}

/**
 * The arming of one answering control (or of a form whose Enter key answers), counted from its
 * mount. See the file comment for the rules.
 */
export function useAnswerGuard(): AnswerGuard {
  // Until the first layout effect no event can reach the control: Infinity keeps it unarmed.
  const armedAt = useRef(Number.POSITIVE_INFINITY);
  const pressTooEarly = useRef(false);
  const keyTooEarly = useRef(false);
  const [armed, setArmed] = useState(false);
  // The arming time is the one in force when the control appeared; a later change does not re-arm it.
  const arming = useRef(useContext(ArmingTimeContext));
  useLayoutEffect(() => {
    armedAt.current = performance.now() + arming.current;
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => setArmed(true), arming.current);
    return () => clearTimeout(timer);
  }, []);

  const onPointerDown = useCallback((event: PointerEvent<HTMLElement>) => {
    if (event.nativeEvent.isTrusted) pressTooEarly.current = event.timeStamp < armedAt.current;
  }, []);
  const onKeyDown = useCallback((event: KeyboardEvent<HTMLElement>) => {
    if (!event.nativeEvent.isTrusted || !ACTIVATING_KEYS.has(event.key)) return;
    keyTooEarly.current = event.repeat || event.timeStamp < armedAt.current;
  }, []);
  const allows = useCallback((event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>) => {
    if (!event.nativeEvent.isTrusted) return true;
    if (event.timeStamp < armedAt.current) return false;
    if ('repeat' in event) return !event.repeat;
    // A click with a count comes from a pointer; without one, from a key (or assistive technology).
    return event.detail > 0 ? !pressTooEarly.current : !keyTooEarly.current;
  }, []);
  return { onPointerDown, onKeyDown, allows, armed };
}

/** The props of `AnswerButton`: a button's, with `onClick` called only for an activation that may answer. */
export interface AnswerButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'> {
  /** Called when the person (or a script) activates the armed button. */
  onClick: () => void;
}

/** A `type="button"` that answers a prompt: it ignores activation until it is armed (see the file comment). */
export function AnswerButton({ onClick, onPointerDown, onKeyDown, ...rest }: AnswerButtonProps) {
  const guard = useAnswerGuard();
  return (
    <button
      {...rest}
      type="button"
      data-arming={guard.armed ? undefined : ''}
      onPointerDown={(event) => {
        guard.onPointerDown(event);
        onPointerDown?.(event);
      }}
      onKeyDown={(event) => {
        guard.onKeyDown(event);
        onKeyDown?.(event);
      }}
      onClick={(event) => {
        if (guard.allows(event)) onClick();
      }}
    />
  );
}
