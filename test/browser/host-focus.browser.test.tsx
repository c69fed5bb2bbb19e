// Where the host puts the focus when it mounts in a container that is shown only once it has mounted: a panel
// its app reveals in the same commit, as Storybook's preview reveals a story's root. Chromium does not move the
// focus to an element that is not displayed, so this is read in a real browser.
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';

import { ElicitationHost } from '../../src/index.js';
import { createElicitationQueue, type ElicitationQueue } from '../../src/core/index.js';
import { mount } from './mount.js';

const deployBot = { name: 'Deploy bot' };

function queueOfOne(): ElicitationQueue {
  const queue = createElicitationQueue();
  void queue.enqueue(
    {
      mode: 'form',
      message: 'Deploy to staging?',
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean', title: 'I understand' } } },
    },
    { server: deployBot },
  );
  return queue;
}

/**
 * Hides its children until it has mounted, then shows them from its own layout effect, which React runs after
 * those of its children: the host's first layout effect finds itself not displayed.
 */
function RevealedOnMount({ children }: { children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    panel.current!.style.display = 'block';
  }, []);
  return (
    <div ref={panel} style={{ display: 'none' }}>
      {children}
    </div>
  );
}

describe('given a host mounted in a panel its app shows in the same commit', () => {
  test('the first request takes the focus once the panel is shown', async () => {
    mount(
      <RevealedOnMount>
        <ElicitationHost queue={queueOfOne()} />
      </RevealedOnMount>,
    );
    const group = page.getByRole('group', { name: 'Request from Deploy bot' });
    await expect.element(group).toBeVisible();
    await expect.element(group).toHaveFocus();
  });

  test('with `autoFocus={false}` the focus stays where it was', async () => {
    const before = document.createElement('button');
    before.textContent = 'Elsewhere';
    document.body.append(before);
    before.focus();
    mount(
      <RevealedOnMount>
        <ElicitationHost queue={queueOfOne()} autoFocus={false} />
      </RevealedOnMount>,
    );
    await expect.element(page.getByRole('group', { name: 'Request from Deploy bot' })).toBeVisible();
    expect(document.activeElement).toBe(before);
    before.remove();
  });
});
