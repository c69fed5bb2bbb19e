// Where the host's own controls sit, read from the laid-out page: "Cancel all from" inside the card of the
// prompt it ends, and a round's "Decline request n" set apart from the request's own controls.
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';

import { ElicitationHost } from '../../src/index.js';
import { createElicitationQueue } from '../../src/core/index.js';
import '../../src/react/theme/elicit-kit.css';
import { mount } from './mount.js';

const deployBot = { name: 'Deploy bot', id: 'deploy' };

function round() {
  const queue = createElicitationQueue();
  void queue.enqueueRound(
    {
      confirm: {
        mode: 'form',
        message: 'Deploy to staging?',
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean', title: 'I understand' } } },
      },
      login: { mode: 'url', message: 'Sign in', url: 'https://github.com/login', elicitationId: 'e1' },
    },
    { server: deployBot },
  );
  return queue;
}

const box = (element: Element) => element.getBoundingClientRect();

describe('given a host showing a round in Chromium', () => {
  test('"Cancel all from" is drawn inside the round\'s card, below its answers', async () => {
    await page.viewport(760, 1000);
    const container = mount(<ElicitationHost queue={round()} autoFocus={false} />);
    await expect.element(page.getByRole('button', { name: 'Decline all' }), { timeout: 15_000 }).toBeVisible();
    const card = container.querySelector('.mek-round');
    const cancelAll = page.getByRole('button', { name: 'Cancel all from Deploy bot' }).element();
    const declineAll = page.getByRole('button', { name: 'Decline all' }).element();
    expect(card).not.toBeNull();
    const outer = box(card as Element);
    const inner = box(cancelAll);
    expect([inner.left >= outer.left, inner.right <= outer.right, inner.bottom <= outer.bottom]).toEqual([
      true,
      true,
      true,
    ]);
    expect(inner.top > box(declineAll).bottom).toBe(true);
  });

  test('each "Decline request n" sits under a divider, apart from "Open in new tab" and the fields', async () => {
    await page.viewport(760, 1000);
    const container = mount(<ElicitationHost queue={round()} autoFocus={false} />);
    await expect.element(page.getByRole('button', { name: 'Open in new tab' }), { timeout: 15_000 }).toBeVisible();
    const declines = [...container.querySelectorAll('.mek-round-decline')];
    expect(
      declines.map((label) => {
        const style = getComputedStyle(label);
        return [style.marginTop, style.paddingTop, style.borderTopWidth, style.borderTopStyle];
      }),
    ).toEqual([
      ['12px', '12px', '1px', 'solid'],
      ['12px', '12px', '1px', 'solid'],
    ]);
    const open = page.getByRole('button', { name: 'Open in new tab' }).element();
    // The divider 12 px below "Open in new tab", the checkbox 12 px below the divider.
    expect(box(declines[1] as Element).top - box(open).bottom).toBe(12);
  });
});
