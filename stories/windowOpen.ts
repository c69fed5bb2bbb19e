/**
 * A story `beforeEach` that makes `window.open` a spy while the story is shown, and puts the real
 * one back when it is left: nothing opens from a story, and a play function can check the call.
 */
import { fn } from 'storybook/test';

export function stubWindowOpen(): () => void {
  const original = window.open;
  window.open = fn<typeof window.open>(() => null).mockName('window.open');
  return () => {
    window.open = original;
  };
}
