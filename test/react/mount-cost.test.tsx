/**
 * What a small prompt costs React at mount and in its first second: commits, and timers left running. Exact
 * counts, so a second render or a timer that shows nothing fails here (bench/README.md has the time).
 */
import { act, render, screen } from '@testing-library/react';
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

import { ElicitationForm, type ElicitRequestFormParams } from '../../src/index.js';
import { ARMING_MS } from '../../src/react/shared/answer-button.js';

/** A titled multi-select of `count` options, as a server would send it. */
function choose(count: number): ElicitRequestFormParams {
  const anyOf = Array.from({ length: count }, (_, index) => ({ const: `opt-${index}`, title: `Option ${index + 1}` }));
  return {
    message: 'Choose',
    requestedSchema: { type: 'object', properties: { pick: { type: 'array', title: 'Items', items: { anyOf } } } },
  };
}

/** The form drawn in a Profiler: the phase of each commit, in order. */
function mount(request: ElicitRequestFormParams): {
  commits: string[];
  rerender: (next: ElicitRequestFormParams) => void;
} {
  const commits: string[] = [];
  const onRender: ProfilerOnRenderCallback = (_id, phase) => commits.push(phase);
  const ui = (shown: ElicitRequestFormParams) => (
    <Profiler id="prompt" onRender={onRender}>
      <ElicitationForm request={shown} server={{ name: 'Bench' }} onRespond={() => {}} />
    </Profiler>
  );
  const view = render(ui(request));
  return { commits, rerender: (next) => view.rerender(ui(next)) };
}

const arming = () => screen.getAllByRole('button').map((button) => button.hasAttribute('data-arming'));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe.each([2, 50])('given a %i-option prompt', (count) => {
  test('it commits once on mount, with one arming timer per answer button and none for the form’s Enter', () => {
    const { commits } = mount(choose(count));
    expect(commits).toEqual(['mount']);
    expect(arming()).toEqual([true, true, true]);
    expect(vi.getTimerCount()).toBe(3);
  });

  test('its buttons arm together after ARMING_MS, not before, in one more commit, and no timer is left', () => {
    const { commits } = mount(choose(count));
    act(() => {
      vi.advanceTimersByTime(ARMING_MS - 1);
    });
    expect(arming()).toEqual([true, true, true]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(vi.getTimerCount()).toBe(0);
    expect(arming()).toEqual([false, false, false]);
    expect(commits).toEqual(['mount', 'update']);
  });
});

describe('given a prompt whose request is replaced after it appeared', () => {
  test('the new request’s buttons arm from their own mount, not from the prompt’s', () => {
    const { rerender } = mount(choose(2));
    act(() => {
      vi.advanceTimersByTime(300);
    });
    rerender(choose(2));
    // At 500 ms the prompt has been shown for ARMING_MS: the buttons drawn at 300 ms are still arming.
    act(() => {
      vi.advanceTimersByTime(ARMING_MS - 300);
    });
    expect(arming()).toEqual([true, true, true]);
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(arming()).toEqual([true, true, true]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(arming()).toEqual([false, false, false]);
  });
});
