/**
 * No answer to a prompt the person has not seen: an answering control ignores activation for `ARMING_MS`
 * after it appears, and any press begun before then (a double-click's second click, a held key). See `../README.md`.
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

/** How long (ms) a new answering control ignores activation: a double-click's interval, as Chromium's prompts. */
export const ARMING_MS = 500;

const ArmingTimeContext = createContext(ARMING_MS);

/** Sets the arming time of the controls below it. Internal: tests use a longer one a slow machine cannot outlast. */
export const ArmingTime = ArmingTimeContext.Provider;

const AnsweredContext = createContext(false);

/** Marks the answering controls below it as spent: a prompt that has sent its answer disables them. */
export const PromptAnswered = AnsweredContext.Provider;

const ACTIVATING_KEYS = new Set(['Enter', ' ']);

/** What `useAnswerGuard` gives an answering control: spread `onPointerDown` and `onKeyDown` on it. */
export interface AnswerGuard {
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** Whether this activation (the click, or an Enter key press) may answer. */
  allows: (event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>) => boolean;
  /** `false` during the arming time (also after a re-render), for `data-arming`; always `false` when not `marked`. */
  armed: boolean;
}

/**
 * The arming of one answering control (or of a form whose Enter key answers), counted from its mount. Only a
 * `marked` control (one that shows `data-arming`) starts a timer and draws again when armed: a form's Enter
 * guard needs neither.
 */
export function useAnswerGuard(marked = true): AnswerGuard {
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
    if (!marked) return undefined;
    const timer = setTimeout(() => setArmed(true), arming.current);
    return () => clearTimeout(timer);
  }, [marked]);

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
  onClick: () => void;
}

/** A `type="button"` that answers a prompt: it ignores activation until it is armed. */
export function AnswerButton({ onClick, onPointerDown, onKeyDown, disabled, ...rest }: AnswerButtonProps) {
  const guard = useAnswerGuard();
  const answered = useContext(AnsweredContext);
  return (
    <button
      {...rest}
      disabled={disabled === true || answered || undefined}
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
