// Where the host's own controls sit, read from the laid-out page: "Cancel all from" inside the card of the
// prompt it ends, and a round's "Decline request n" set apart from the request's own controls.
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';

import { ElicitationHost } from '../../src/index.js';
import {
  createElicitationQueue,
  type ElicitationQueue,
  type ElicitationSnapshot,
  type SingleElicitationEntry,
} from '../../src/core/index.js';
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

describe('given a host whose remote queue shows an answer on its way (`sending`) in Chromium', () => {
  test('"Sending…" is a polite status above the form, every control is disabled, and the frame draws nothing of its own', async () => {
    const entry: SingleElicitationEntry = {
      id: 'a.1',
      kind: 'single',
      server: deployBot,
      serverKey: 'deploy',
      status: 'sending',
      prompt: {
        mode: 'form',
        request: {
          message: 'Deploy to staging?',
          requestedSchema: { type: 'object', properties: { note: { type: 'string', title: 'Note' } } },
        },
      },
    };
    const snapshot: ElicitationSnapshot = { entries: [entry], notices: [] };
    // The queue as the remote queue presents it: only what the server streamed.
    const queue: ElicitationQueue = {
      enqueue: () => Promise.reject(new Error('remote')),
      enqueueRound: () => Promise.reject(new Error('remote')),
      respond: () => 'ignored',
      respondRound: () => 'ignored',
      complete: () => false,
      dismiss: () => false,
      dismissNotice: () => false,
      cancelAll: () => 0,
      subscribe: () => () => undefined,
      getSnapshot: () => snapshot,
    };
    const container = mount(<ElicitationHost queue={queue} autoFocus={false} />);
    const status = page.getByText('Sending…');
    await expect.element(status).toBeVisible();
    await expect.element(status).toHaveAttribute('role', 'status');
    await expect.element(status).toHaveAttribute('aria-live', 'polite');
    await expect.element(page.getByRole('textbox', { name: 'Note' })).toBeDisabled();
    for (const name of ['Accept', 'Decline', 'Cancel']) {
      await expect.element(page.getByRole('button', { name, exact: true })).toBeDisabled();
    }
    const frame = container.querySelector('.mek-host-sending-frame');
    const card = frame?.firstElementChild;
    expect(frame).not.toBeNull();
    const [outer, inner] = [box(frame as Element), box(card as Element)];
    expect([outer.left, outer.right, outer.top, outer.bottom]).toEqual([
      inner.left,
      inner.right,
      inner.top,
      inner.bottom,
    ]);
    expect(box(status.element()).bottom <= outer.top).toBe(true);
  });
});
