/**
 * Finding 3 (adversarial review): with two queued prompts of the same layout ("Deploy to
 * staging?", then "Delete production DB?"), one double-click on Accept accepted both: the second
 * prompt's Accept appeared under the pointer between the two clicks. In real Chromium, with real
 * input (Playwright through `userEvent`), a newly shown answering control now ignores activation
 * for `ARMING_MS` and any press that began before it was armed; a held key's repeats never answer.
 * Each test checks structure, not time: which prompts got which answer, and that the next one is
 * still there and can be answered once armed.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { ReactNode } from 'react';
import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { page, userEvent, type Locator } from 'vitest/browser';

import {
  ElicitationHost,
  ElicitationPrompt,
  type ElicitationQueue,
  type ElicitRequestFormParams,
  type ElicitResult,
} from '../../src/index.js';
import { createElicitationQueue } from '../../src/core/index.js';
import { ArmingTime } from '../../src/react/shared/answer-button.js';

/**
 * The arming time of these tests: longer than the kit's 500 ms, so that two presses meant to fall
 * inside it (a double click, Enter then Tab then Enter) still do when 2 busy cores stall the browser
 * between them. What is tested is the rule, not the length.
 */
const ARMING = 3000;

function mount(ui: ReactNode): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(<ArmingTime value={ARMING}>{ui}</ArmingTime>));
  onTestFinished(() => {
    root.unmount();
    container.remove();
  });
  return container;
}

/** A yes/no request: a message and no fields, so Accept is the prompt's first control. */
function confirmation(message: string): ElicitRequestFormParams {
  return { message, requestedSchema: { type: 'object', properties: {} } };
}

const deployBot = { name: 'Deploy bot' };
const MESSAGES = ['Deploy to staging?', 'Delete production DB?'] as const;

/** A host over a queue of the two same-layout confirmations; `answers` fills in as they settle. */
function hostOfTwo(server = deployBot): { queue: ElicitationQueue; answers: (ElicitResult | undefined)[] } {
  const queue = createElicitationQueue();
  const answers: (ElicitResult | undefined)[] = [undefined, undefined];
  MESSAGES.forEach((message, index) => {
    void queue.enqueue(confirmation(message), { server }).then((result) => {
      answers[index] = result;
    });
  });
  mount(<ElicitationHost queue={queue} />);
  return { queue, answers };
}

/** The prompt that shows `message`. */
function prompt(message: string): Locator {
  return page.getByRole('group', { name: `Request from ${deployBot.name}` }).filter({ hasText: message });
}

/** Waits until the control is armed (its `data-arming` mark is gone). */
async function armed(control: Locator): Promise<void> {
  await expect.element(control, { timeout: ARMING + 10_000 }).not.toHaveAttribute('data-arming');
}

/** Lets any answer the last input could still cause settle: a task and two frames. */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

/** The pending requests' messages, in queue order. */
function pendingMessages(queue: ElicitationQueue): unknown[] {
  return queue
    .getSnapshot()
    .entries.filter((entry) => entry.status === 'pending')
    .map((entry) => {
      if (entry.kind === 'round') return 'round';
      const request: unknown = entry.prompt.request;
      return typeof request === 'object' && request !== null && 'message' in request ? request.message : undefined;
    });
}

const accept = { action: 'accept', content: {} };

describe('given a queue of two same-layout prompts', () => {
  test('a double click on Accept answers exactly the first; the second waits, and answers once armed', async () => {
    const { queue, answers } = hostOfTwo();
    const first = prompt(MESSAGES[0]).getByRole('button', { name: 'Accept' });
    await armed(first);
    await userEvent.dblClick(first);
    await settle();
    expect(answers).toEqual([accept, undefined]);
    expect(pendingMessages(queue)).toEqual([MESSAGES[1]]);
    await expect.element(page.getByRole('status')).toHaveTextContent(/^1 pending$/);

    const second = prompt(MESSAGES[1]).getByRole('button', { name: 'Accept' });
    await armed(second);
    await userEvent.click(second);
    await expect.poll(() => answers).toEqual([accept, accept]);
  });

  test('a double click on Decline declines exactly the first', async () => {
    const { queue, answers } = hostOfTwo();
    const first = prompt(MESSAGES[0]).getByRole('button', { name: 'Decline' });
    await armed(first);
    await userEvent.dblClick(first);
    await settle();
    expect(answers).toEqual([{ action: 'decline' }, undefined]);
    expect(pendingMessages(queue)).toEqual([MESSAGES[1]]);
  });

  test('Enter held down on Accept (key repeat) answers exactly the first', async () => {
    const { queue, answers } = hostOfTwo();
    const first = prompt(MESSAGES[0]).getByRole('button', { name: 'Accept' });
    await armed(first);
    (first.element() as HTMLElement).focus();
    // One press and seven repeats, then the release.
    await userEvent.keyboard('{Enter>8/}');
    await settle();
    expect(answers).toEqual([accept, undefined]);
    expect(pendingMessages(queue)).toEqual([MESSAGES[1]]);
  });

  test('a fast Enter, Tab, Enter answers exactly the first: the next Accept is not armed yet', async () => {
    const { queue, answers } = hostOfTwo();
    const first = prompt(MESSAGES[0]).getByRole('button', { name: 'Accept' });
    await armed(first);
    (first.element() as HTMLElement).focus();
    // The host moves focus to the next prompt's group; Tab reaches its Accept, Enter presses it.
    await userEvent.keyboard('{Enter}{Tab}{Enter}{Enter}');
    await settle();
    expect(answers).toEqual([accept, undefined]);
    expect(pendingMessages(queue)).toEqual([MESSAGES[1]]);
    const second = prompt(MESSAGES[1]).getByRole('button', { name: 'Accept' });
    await expect.element(second).toHaveFocus();

    // A keyboard user answers the next one as soon as it is armed.
    await armed(second);
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => answers).toEqual([accept, accept]);
  });

  test('Enter in a text field is armed as Accept is: the next form ignores it until armed', async () => {
    const queue = createElicitationQueue();
    const answers: ElicitResult[] = [];
    for (const message of MESSAGES) {
      const request: ElicitRequestFormParams = {
        message,
        requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
      };
      void queue.enqueue(request, { server: deployBot }).then((result) => answers.push(result));
    }
    mount(<ElicitationHost queue={queue} />);
    const field = (message: string) => prompt(message).getByRole('textbox', { name: 'Name' });
    await armed(prompt(MESSAGES[0]).getByRole('button', { name: 'Accept' }));
    await userEvent.fill(field(MESSAGES[0]), 'staging');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => answers).toEqual([{ action: 'accept', content: { name: 'staging' } }]);

    await userEvent.fill(field(MESSAGES[1]), 'prod');
    await userEvent.keyboard('{Enter}');
    await settle();
    expect([answers.length, pendingMessages(queue)]).toEqual([1, [MESSAGES[1]]]);
    await armed(prompt(MESSAGES[1]).getByRole('button', { name: 'Accept' }));
    await userEvent.keyboard('{Enter}');
    await expect
      .poll(() => answers)
      .toEqual([
        { action: 'accept', content: { name: 'staging' } },
        { action: 'accept', content: { name: 'prod' } },
      ]);
  });

  test('Escape held down cancels exactly the first (a repeat never cancels the next prompt)', async () => {
    const { queue, answers } = hostOfTwo();
    await expect.element(prompt(MESSAGES[0])).toHaveFocus();
    await userEvent.keyboard('{Escape>8/}');
    await settle();
    expect(answers).toEqual([{ action: 'cancel' }, undefined]);
    expect(pendingMessages(queue)).toEqual([MESSAGES[1]]);
    // A fresh Escape is a decision: it cancels at once, armed or not (cancel is the safe answer).
    await expect.element(prompt(MESSAGES[1])).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => answers).toEqual([{ action: 'cancel' }, { action: 'cancel' }]);
  });

  test('a double click on "Cancel all from A" cancels only A: the button is armed anew for B', async () => {
    const queue = createElicitationQueue();
    const answers: (ElicitResult | undefined)[] = [undefined, undefined];
    [{ name: 'A' }, { name: 'B' }].forEach((server, index) => {
      void queue.enqueue(confirmation('Go ahead?'), { server }).then((result) => {
        answers[index] = result;
      });
    });
    mount(<ElicitationHost queue={queue} />);
    const cancelAll = page.getByRole('button', { name: 'Cancel all from A' });
    await armed(cancelAll);
    await userEvent.dblClick(cancelAll);
    await settle();
    expect(answers).toEqual([{ action: 'cancel' }, undefined]);
    await expect.element(page.getByRole('button', { name: 'Cancel all from B' })).toBeInTheDocument();
  });

  test('a round: a double click on its Accept answers that round only', async () => {
    const queue = createElicitationQueue();
    const answers: (Record<string, ElicitResult> | undefined)[] = [undefined, undefined];
    for (const index of [0, 1]) {
      void queue.enqueueRound({ go: confirmation(MESSAGES[index] ?? '') }, { server: deployBot }).then((results) => {
        answers[index] = results;
      });
    }
    mount(<ElicitationHost queue={queue} />);
    const first = page.getByRole('button', { name: 'Accept', exact: true });
    await armed(first);
    await userEvent.dblClick(first);
    await settle();
    expect(answers).toEqual([{ go: accept }, undefined]);
    expect(pendingMessages(queue)).toEqual(['round']);
  });
});

describe('given one prompt that has just appeared', () => {
  test('a press that began before the button was armed does not answer when released after', async () => {
    const onRespond = vi.fn<(result: ElicitResult) => void>();
    mount(<ElicitationPrompt request={confirmation(MESSAGES[0])} server={deployBot} onRespond={onRespond} />);
    const button = page.getByRole('button', { name: 'Accept' });
    // Pressed at once, released after the arming time.
    await userEvent.click(button, { delay: ARMING + 500 });
    await settle();
    expect(onRespond).not.toHaveBeenCalled();
    await armed(button);
    await userEvent.click(button);
    await expect.poll(() => onRespond.mock.calls).toStrictEqual([[accept]]);
  });

  test('a double click on "Open in new tab" opens one tab: "Open again" takes its place unarmed', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    onTestFinished(() => open.mockRestore());
    const onRespond = vi.fn<(result: ElicitResult) => void>();
    mount(
      <ElicitationPrompt
        request={{ mode: 'url', message: 'Sign in', url: 'https://example.com/login', elicitationId: 'e1' }}
        server={deployBot}
        onRespond={onRespond}
      />,
    );
    const button = page.getByRole('button', { name: 'Open in new tab' });
    await armed(button);
    await userEvent.dblClick(button);
    await settle();
    expect(open.mock.calls).toStrictEqual([['https://example.com/login', '_blank', 'noopener,noreferrer']]);
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept' }]]);
    await expect.element(page.getByRole('button', { name: 'Open again' })).toBeInTheDocument();
  });

  test("a script's click is the host's own doing: it answers at once, unarmed", async () => {
    const onRespond = vi.fn<(result: ElicitResult) => void>();
    mount(<ElicitationPrompt request={confirmation(MESSAGES[0])} server={deployBot} onRespond={onRespond} />);
    const button = page.getByRole('button', { name: 'Decline' });
    await expect.element(button).toHaveAttribute('data-arming');
    (button.element() as HTMLButtonElement).click();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'decline' }]]);
  });
});
