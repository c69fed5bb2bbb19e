// ElicitationPrompt (picks the view by mode) and ElicitationHost (a real queue): the head, the
// count, answers reaching the queue's promises exactly once, rounds answered as one set, URL
// consent and completion, notices, "Cancel all from", and where focus goes.
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';

import {
  ElicitationHost,
  ElicitationPrompt,
  type ElicitRequestFormParams,
  type ElicitRequestParams,
  type ElicitResult,
} from '../../src/index.js';
import {
  createElicitationQueue,
  type ElicitationNotice,
  type ElicitationQueue,
  type ElicitationSnapshot,
  type SingleElicitationEntry,
} from '../../src/core/index.js';
import { stubWindowOpen, violations } from './helpers.js';

const open = stubWindowOpen();

function nameRequest(message: string): ElicitRequestFormParams {
  return {
    message,
    requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] },
  };
}

const colourRequest: ElicitRequestFormParams = {
  message: 'Pick a colour.',
  requestedSchema: {
    type: 'object',
    properties: {
      colour: {
        type: 'string',
        title: 'Colour',
        oneOf: [
          { const: 'r', title: 'Red' },
          { const: 'g', title: 'Green' },
        ],
      },
    },
    required: ['colour'],
  },
};

/** Settles `promise` into a readable record, so a test can look without awaiting. */
function track<T>(promise: Promise<T>): { value?: T } {
  const box: { value?: T } = {};
  void promise.then((value) => {
    box.value = value;
  });
  return box;
}

describe('given ElicitationPrompt', () => {
  test('a request without mode is a form', () => {
    render(<ElicitationPrompt request={nameRequest('Who?')} server={{ name: 'S' }} onRespond={vi.fn()} />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Accept', 'Decline', 'Cancel']);
  });

  test('mode url is the consent view', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(
      <ElicitationPrompt
        request={{ mode: 'url', message: 'Sign in.', url: 'https://example.com/' }}
        server={{ name: 'S' }}
        onRespond={onRespond}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Open in new tab' }, { timeout: 10_000 }));
    expect(open.mock.calls).toStrictEqual([['https://example.com/', '_blank', 'noopener,noreferrer']]);
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept' }]]);
  });

  test.each([
    {
      name: 'an unknown mode',
      request: { mode: 'voice', message: 'Say it.' },
      problem: 'The mode "voice" is not "form" or "url".',
      message: 'Say it.',
    },
    {
      name: 'a URL request without url',
      request: { mode: 'url', message: 'Open it.' },
      problem: 'The URL request has no url text.',
      message: 'Open it.',
    },
    { name: 'not an object', request: 'hello', problem: 'The request is not an object.', message: undefined },
  ])('$name is refused with only Decline and Cancel', async ({ request, problem, message }) => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    const { container } = render(
      <ElicitationPrompt
        request={request as unknown as ElicitRequestParams}
        server={{ name: 'S' }}
        onRespond={onRespond}
      />,
    );
    // The refused request's view loads on first use.
    expect(await screen.findByText('This request cannot be shown')).toBeInTheDocument();
    expect(screen.getByText(problem)).toBeInTheDocument();
    if (message !== undefined)
      expect(screen.getByRole('group', { name: 'Request from S' })).toHaveAccessibleDescription(message);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Decline', 'Cancel']);
    expect(await violations(container)).toEqual([]);
    await user.keyboard('{Escape}');
    expect(onRespond).not.toHaveBeenCalled();
    screen.getByRole('button', { name: 'Decline' }).focus();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'cancel' }]]);
  });
});

describe('given a host and a queue with requests from two servers', () => {
  test('shows the head only, the count, and passes each answer to its own promise', async () => {
    const user = userEvent.setup({ delay: null });
    const queue = createElicitationQueue();
    render(<ElicitationHost queue={queue} />);
    expect(screen.getByRole('status')).toHaveTextContent('');
    const first = track(queue.enqueue(nameRequest('First, from Alpha.'), { server: { name: 'Alpha' } }));
    const second = track(queue.enqueue(nameRequest('Second, from Beta.'), { server: { name: 'Beta', id: 'beta-1' } }));
    const third = track(queue.enqueue(nameRequest('Third, from Alpha.'), { server: { name: 'Alpha' } }));
    await act(async () => {});
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('3 pending');
    expect(screen.getByRole('group', { name: 'Request from Alpha' })).toHaveAccessibleDescription('First, from Alpha.');
    expect(screen.getAllByRole('textbox')).toHaveLength(1);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(first.value).toEqual({ action: 'accept', content: { name: 'Ada' } });
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('2 pending');
    expect(screen.getByRole('group', { name: 'Request from Beta (ID: beta-1)' })).toHaveAccessibleDescription(
      'Second, from Beta.',
    );

    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(second.value).toEqual({ action: 'decline' });
    expect(screen.getByRole('group', { name: 'Request from Alpha' })).toHaveAccessibleDescription('Third, from Alpha.');
    // A fresh form: nothing typed for the first request leaks into the third.
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(third.value).toEqual({ action: 'cancel' });
    expect(queue.getSnapshot().entries).toEqual([]);
    expect(screen.queryByRole('group')).toBeNull();
  });

  test('"Cancel all from" cancels that server only', async () => {
    const user = userEvent.setup({ delay: null });
    const queue = createElicitationQueue();
    render(<ElicitationHost queue={queue} />);
    const a1 = track(queue.enqueue(nameRequest('a1'), { server: { name: 'Alpha' } }));
    const b1 = track(queue.enqueue(nameRequest('b1'), { server: { name: 'Beta' } }));
    const a2 = track(queue.enqueue(nameRequest('a2'), { server: { name: 'Alpha' } }));
    await act(async () => {});
    await user.click(screen.getByRole('button', { name: 'Cancel all from Alpha' }));
    expect([a1.value, a2.value, b1.value]).toEqual([{ action: 'cancel' }, { action: 'cancel' }, undefined]);
    expect(screen.getByRole('group', { name: 'Request from Beta' })).toHaveAccessibleDescription('b1');
    expect(screen.getByRole('button', { name: 'Cancel all from Beta' })).toBeInTheDocument();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('1 pending');
  });

  test('"Cancel all from" sits inside the frame of the prompt it ends, after that prompt\'s own answers', async () => {
    const queue = createElicitationQueue();
    render(<ElicitationHost queue={queue} />);
    track(queue.enqueue(nameRequest('a1'), { server: { name: 'Alpha' } }));
    track(queue.enqueue(nameRequest('b1'), { server: { name: 'Beta' } }));
    await act(async () => {});
    const frame = screen.getByRole('group', { name: 'Request from Alpha' });
    expect(
      within(frame)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Accept', 'Decline', 'Cancel', 'Cancel all from Alpha']);
    expect(screen.getAllByRole('button', { name: /^Cancel all/ })).toHaveLength(1);
  });

  test('in a round, "Cancel all from" is in the set\'s frame only, not in its requests\' frames', async () => {
    const queue = createElicitationQueue();
    render(<ElicitationHost queue={queue} />);
    track(queue.enqueueRound({ one: nameRequest('first'), two: nameRequest('second') }, { server: { name: 'Alpha' } }));
    // Until the round's view has loaded, the host holds "Cancel all" itself.
    await screen.findByRole('button', { name: 'Decline all' }, { timeout: 10_000 });
    const cancelAll = screen.getByRole('button', { name: 'Cancel all from Alpha' });
    const frames = screen.getAllByRole('group', { name: /Alpha/ });
    expect(
      frames
        .filter((frame) => frame.contains(cancelAll))
        .map((frame) => frame.getAttribute('aria-label') ?? frame.className),
    ).toEqual(['mek-root mek-round']);
  });

  test('a server that stops waiting: its entry goes, a notice says so, Dismiss removes it', async () => {
    const user = userEvent.setup({ delay: null });
    const queue = createElicitationQueue({ noticeDurationMs: Infinity });
    const { container } = render(<ElicitationHost queue={queue} />);
    const controller = new AbortController();
    const asked = track(
      queue.enqueue(nameRequest('Deploy now?'), { server: { name: 'Deployer' }, signal: controller.signal }),
    );
    await act(async () => {});
    expect(screen.getByRole('group', { name: 'Request from Deployer' })).toBeInTheDocument();
    act(() => controller.abort());
    await act(async () => {});
    expect(asked.value).toEqual({ action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'aborted' } });
    expect(screen.queryByRole('group')).toBeNull();
    const notice = screen.getByRole('listitem');
    expect(notice).toHaveTextContent('Deployer stopped waitingDeploy now?Dismiss');
    expect(within(notice).getByRole('button', { name: 'Dismiss' })).toHaveAccessibleDescription(
      'Deployer stopped waiting',
    );
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(queue.getSnapshot().notices).toEqual([]);
  });

  test('has no axe violations with a prompt shown', async () => {
    const queue = createElicitationQueue();
    const { container } = render(<ElicitationHost queue={queue} />);
    void queue.enqueue(colourRequest, { server: { name: 'Alpha' } });
    void queue.enqueue(nameRequest('Next'), { server: { name: 'Beta' } });
    await act(async () => {});
    expect(await violations(container)).toEqual([]);
  });
});

describe('given nothing to show', () => {
  test('says so in a quiet line, which goes while a request is shown and comes back after', async () => {
    const user = userEvent.setup({ delay: null });
    const queue = createElicitationQueue();
    const { container } = render(<ElicitationHost queue={queue} />);
    const host = screen.getByRole('region', { name: 'Requests from MCP servers' });
    expect(host).toHaveTextContent(/^No requests waiting\.$/);
    void queue.enqueue(nameRequest('One'), { server: { name: 'A' } });
    await act(async () => {});
    expect(screen.queryByText('No requests waiting.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(host).toHaveTextContent(/^No requests waiting\.$/);
    expect(await violations(container)).toEqual([]);
  });

  test('a host that sets hostEmpty to "" gets an empty region', () => {
    render(<ElicitationHost queue={createElicitationQueue()} labels={{ hostEmpty: '' }} />);
    const host = screen.getByRole('region', { name: 'Requests from MCP servers' });
    expect(host).toHaveTextContent(/^$/);
    expect(host.querySelectorAll('p').length).toBe(1);
  });
});

describe('given a URL request with an elicitationId in the host', () => {
  test('Open consents; the entry waits; the completion notification shows done; Close dismisses', async () => {
    const user = userEvent.setup({ delay: null });
    const queue = createElicitationQueue();
    render(<ElicitationHost queue={queue} />);
    const asked = track(
      queue.enqueue(
        { mode: 'url', message: 'Authorise GitHub.', url: 'https://github.com/login/oauth', elicitationId: 'e-7' },
        { server: { name: 'GitHub' } },
      ),
    );
    await act(async () => {});
    expect(open).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Open in new tab' }));
    expect(open.mock.calls).toStrictEqual([['https://github.com/login/oauth', '_blank', 'noopener,noreferrer']]);
    expect(asked.value).toEqual({ action: 'accept' });
    expect(queue.getSnapshot().entries.map((entry) => entry.status)).toEqual(['consented']);
    const waiting = within(screen.getByRole('group', { name: 'Request from GitHub' })).getByRole('status');
    expect(waiting).toHaveTextContent('Finish in the new tab…');
    expect(waiting).toHaveFocus();
    // Nothing pending: the count is empty, "Cancel all" is gone.
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('');
    expect(screen.queryByRole('button', { name: 'Cancel all from GitHub' })).toBeNull();

    act(() => {
      queue.complete('e-7', 'GitHub');
    });
    expect(within(screen.getByRole('group', { name: 'Request from GitHub' })).getByRole('status')).toHaveTextContent(
      'Done: the server confirmed it is finished.',
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(queue.getSnapshot().entries).toEqual([]);
    expect(screen.queryByRole('group')).toBeNull();
  });

  test('a waiting URL stays visible while the next request is shown below it', async () => {
    const user = userEvent.setup({ delay: null });
    const queue = createElicitationQueue();
    render(<ElicitationHost queue={queue} />);
    void queue.enqueue(
      { mode: 'url', message: 'Sign in.', url: 'https://example.com/', elicitationId: 'e-1' },
      { server: { name: 'A' } },
    );
    void queue.enqueue(nameRequest('Then this.'), { server: { name: 'B' } });
    await act(async () => {});
    await user.click(screen.getByRole('button', { name: 'Open in new tab' }));
    expect(
      screen
        .getAllByRole('group')
        .map((group) => group.getAttribute('aria-labelledby') && group.textContent?.slice(0, 14)),
    ).toEqual(['Request from A', 'Request from B']);
    expect(screen.getByRole('group', { name: 'Request from B' })).toHaveFocus();
  });
});

describe('given focus', () => {
  test('moves into each new head prompt and returns to the element focused before', async () => {
    const user = userEvent.setup({ delay: null });
    const queue = createElicitationQueue();
    render(
      <>
        <button type="button">Chat input</button>
        <ElicitationHost queue={queue} />
      </>,
    );
    const before = screen.getByRole('button', { name: 'Chat input' });
    before.focus();
    void queue.enqueue(nameRequest('One'), { server: { name: 'A' } });
    await act(async () => {});
    expect(screen.getByRole('group', { name: 'Request from A' })).toHaveFocus();

    // A second request does not steal focus from the one being answered.
    void queue.enqueue(nameRequest('Two'), { server: { name: 'B' } });
    await act(async () => {});
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(screen.getByRole('group', { name: 'Request from B' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(before).toHaveFocus();
  });

  test('a URL request as the head takes the focus once its view, loaded on demand, is shown', async () => {
    const queue = createElicitationQueue();
    render(
      <>
        <button type="button">Chat input</button>
        <ElicitationHost queue={queue} />
      </>,
    );
    screen.getByRole('button', { name: 'Chat input' }).focus();
    void queue.enqueue({ mode: 'url', message: 'Sign in.', url: 'https://example.com/' }, { server: { name: 'A' } });
    expect(await screen.findByRole('group', { name: 'Request from A' })).toHaveFocus();
  });

  test('does not pull focus back when the person moved it elsewhere', async () => {
    const queue = createElicitationQueue();
    render(
      <>
        <button type="button">Chat input</button>
        <button type="button">Elsewhere</button>
        <ElicitationHost queue={queue} />
      </>,
    );
    screen.getByRole('button', { name: 'Chat input' }).focus();
    const controller = new AbortController();
    void queue.enqueue(nameRequest('One'), { server: { name: 'A' }, signal: controller.signal });
    await act(async () => {});
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    act(() => controller.abort());
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  test('with autoFocus false, neither a mounted queue nor a new request moves the focus', async () => {
    const queue = createElicitationQueue();
    void queue.enqueue(nameRequest('Waiting before mount'), { server: { name: 'A' } });
    render(
      <>
        <button type="button">Chat input</button>
        <ElicitationHost queue={queue} autoFocus={false} />
      </>,
    );
    await act(async () => {});
    expect(screen.getByRole('group', { name: 'Request from A' })).toBeInTheDocument();
    expect(document.body).toHaveFocus();
    const before = screen.getByRole('button', { name: 'Chat input' });
    before.focus();
    act(() => queue.cancelAll(queue.getSnapshot().entries[0]!.serverKey));
    void queue.enqueue(nameRequest('Later'), { server: { name: 'B' } });
    await act(async () => {});
    expect(screen.getByRole('group', { name: 'Request from B' })).toBeInTheDocument();
    expect(before).toHaveFocus();
  });
});

describe('given a 2026-07-28 round in the host', () => {
  const round = {
    profile: nameRequest('Your name, please.'),
    colour: colourRequest,
    login: { mode: 'url', message: 'Sign in to the tracker.', url: 'https://tracker.example.com/auth' },
    broken: {
      mode: 'form',
      message: 'Broken.',
      requestedSchema: { type: 'object', properties: { x: { type: 'object' } } },
    },
  };

  test('shows the requests as one set and answers them together with one Accept', async () => {
    const user = userEvent.setup({ delay: null });
    const queue = createElicitationQueue();
    const { container } = render(<ElicitationHost queue={queue} />);
    const answers = track(queue.enqueueRound(round, { server: { name: 'Tracker' } }));
    await act(async () => {});
    const set = screen.getByRole('group', { name: 'Request from Tracker' });
    expect(set).toHaveAccessibleDescription(
      '4 requests, answered together with one Accept. Tick “Decline request …” to say no to one of them.',
    );
    // Each request is its own named group inside the set, with its message.
    expect(within(set).getAllByRole('group')).toHaveLength(4);
    expect(screen.getByRole('group', { name: 'Request 1 of 4 from Tracker' })).toHaveAccessibleDescription(
      'Your name, please.',
    );
    expect(screen.getByRole('group', { name: 'Request 2 of 4 from Tracker' })).toHaveAccessibleDescription(
      'Pick a colour.',
    );
    expect(screen.getByRole('group', { name: 'Request 3 of 4 from Tracker' })).toHaveAccessibleDescription(
      'Sign in to the tracker.',
    );
    expect(screen.getByRole('group', { name: 'Request 4 of 4 from Tracker' })).toHaveAccessibleDescription('Broken.');
    expect(screen.getByText('This request cannot be answered; it will be cancelled.')).toBeInTheDocument();
    // Four requests wait, shown as one set.
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('4 pending');
    expect(await violations(container)).toEqual([]);

    // Accept with nothing done: nothing is sent, the summary says what is missing.
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(answers.value).toBeUndefined();
    // The set's summary first; then each wrong form shows its own (its answers are "marked below").
    const [alert, ...formAlerts] = screen.getAllByRole('alert');
    expect(formAlerts).toHaveLength(2);
    expect(alert).toHaveTextContent(
      'Before accepting:Request 1: fix the answers marked below, or decline it.Request 2: fix the answers marked below, or decline it.Request 3: open the link, or decline it.',
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Grace');
    await user.click(screen.getByRole('checkbox', { name: 'Decline request 2' }));
    await user.click(screen.getByRole('button', { name: 'Open in new tab' }));
    expect(open.mock.calls).toStrictEqual([['https://tracker.example.com/auth', '_blank', 'noopener,noreferrer']]);
    expect(answers.value).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(answers.value).toEqual({
      profile: { action: 'accept', content: { name: 'Grace' } },
      colour: { action: 'decline' },
      login: { action: 'accept' },
      broken: { action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'refused' } },
    });
    expect(queue.getSnapshot().entries).toEqual([]);
  });

  test('Accept with only a URL left unopened focuses the summary', async () => {
    const user = userEvent.setup({ delay: null });
    const queue = createElicitationQueue();
    render(<ElicitationHost queue={queue} />);
    const answers = track(queue.enqueueRound({ login: round.login, pick: colourRequest }, { server: { name: 'S' } }));
    await act(async () => {});
    await user.click(screen.getByRole('radio', { name: 'Red' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Before accepting:Request 1: open the link, or decline it.');
    expect(screen.getByRole('alert')).toHaveFocus();
    await user.click(screen.getByRole('checkbox', { name: 'Decline request 1' }));
    expect(screen.getByText('Request 1 of 2 from S: declined.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(answers.value).toEqual({
      login: { action: 'decline' },
      pick: { action: 'accept', content: { colour: 'r' } },
    });
    expect(open).not.toHaveBeenCalled();
  });

  test('a declined request can be taken back: its answers survive', async () => {
    const user = userEvent.setup({ delay: null });
    const queue = createElicitationQueue();
    render(<ElicitationHost queue={queue} />);
    const answers = track(queue.enqueueRound({ a: nameRequest('A'), b: colourRequest }, { server: { name: 'S' } }));
    await act(async () => {});
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Lin');
    const declineA = screen.getByRole('checkbox', { name: 'Decline request 1' });
    await user.click(declineA);
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    await user.click(declineA);
    await user.click(screen.getByRole('radio', { name: 'Green' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(answers.value).toEqual({
      a: { action: 'accept', content: { name: 'Lin' } },
      b: { action: 'accept', content: { colour: 'g' } },
    });
  });

  test.each([
    { button: 'Decline all', action: 'decline' },
    { button: 'Cancel', action: 'cancel' },
  ] as const)('$button answers $action for every key', async ({ button, action }) => {
    const user = userEvent.setup({ delay: null });
    const queue = createElicitationQueue();
    render(<ElicitationHost queue={queue} />);
    const answers = track(queue.enqueueRound({ a: nameRequest('A'), b: colourRequest }, { server: { name: 'S' } }));
    await act(async () => {});
    await user.click(screen.getByRole('button', { name: button }));
    const expected: Record<string, ElicitResult> = { a: { action }, b: { action } };
    expect(answers.value).toEqual(expected);
  });

  test('Escape cancels the whole set', async () => {
    const user = userEvent.setup({ delay: null });
    const queue = createElicitationQueue();
    render(<ElicitationHost queue={queue} />);
    const answers = track(queue.enqueueRound({ a: nameRequest('A'), b: colourRequest }, { server: { name: 'S' } }));
    await act(async () => {});
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('{Escape}');
    expect(answers.value).toEqual({ a: { action: 'cancel' }, b: { action: 'cancel' } });
  });

  test('Enter in a one-field form while another form is incomplete: the set waits, and Escape from that form still cancels it', async () => {
    const user = userEvent.setup({ delay: null });
    const queue = createElicitationQueue();
    render(<ElicitationHost queue={queue} />);
    const answers = track(queue.enqueueRound({ a: nameRequest('A'), b: nameRequest('B') }, { server: { name: 'S' } }));
    await act(async () => {});
    const [, second] = screen.getAllByRole('textbox', { name: 'Name' });
    await user.type(second!, 'Two{Enter}');
    expect(answers.value).toBeUndefined();
    expect(screen.getByText('Before accepting:')).toBeInTheDocument();
    await user.click(second!);
    await user.keyboard('{Escape}');
    expect(answers.value).toEqual({ a: { action: 'cancel' }, b: { action: 'cancel' } });
  });

  test('Enter in a form with two text fields is nobody’s Accept: the set waits, with no summary', async () => {
    const user = userEvent.setup({ delay: null });
    const queue = createElicitationQueue();
    render(<ElicitationHost queue={queue} />);
    const twoFields: ElicitRequestFormParams = {
      message: 'Who?',
      requestedSchema: {
        type: 'object',
        properties: { name: { type: 'string', title: 'Name' }, team: { type: 'string', title: 'Team' } },
      },
    };
    const answers = track(queue.enqueueRound({ a: twoFields, b: colourRequest }, { server: { name: 'S' } }));
    await act(async () => {});
    await user.click(screen.getByRole('radio', { name: 'Red' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada{Enter}');
    expect(answers.value).toBeUndefined();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(answers.value).toEqual({
      a: { action: 'accept', content: { name: 'Ada' } },
      b: { action: 'accept', content: { colour: 'r' } },
    });
  });

  test('Enter in a one-field form is the set’s Accept', async () => {
    const user = userEvent.setup({ delay: null });
    const queue = createElicitationQueue();
    render(<ElicitationHost queue={queue} />);
    const answers = track(queue.enqueueRound({ a: nameRequest('A'), b: nameRequest('B') }, { server: { name: 'S' } }));
    await act(async () => {});
    const [first, second] = screen.getAllByRole('textbox', { name: 'Name' });
    await user.type(first!, 'One');
    await user.type(second!, 'Two{Enter}');
    expect(answers.value).toEqual({
      a: { action: 'accept', content: { name: 'One' } },
      b: { action: 'accept', content: { name: 'Two' } },
    });
  });
});

describe('given a remote queue whose answer is on its way (an entry `sending`)', () => {
  /** A queue as the bridge's remote queue presents it: its snapshot is what the server streamed. */
  function streamedQueue(first: ElicitationSnapshot) {
    let snapshot = first;
    const listeners = new Set<() => void>();
    const answers: unknown[] = [];
    const queue: ElicitationQueue = {
      enqueue: () => Promise.reject(new Error('not here')),
      enqueueRound: () => Promise.reject(new Error('not here')),
      respond: (id, result) => (answers.push([id, result]), 'answered'),
      respondRound: () => 'ignored',
      complete: () => false,
      dismiss: () => false,
      dismissNotice: () => false,
      cancelAll: () => 0,
      subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
      getSnapshot: () => snapshot,
    };
    return {
      queue,
      answers,
      stream(next: ElicitationSnapshot) {
        snapshot = next;
        for (const listener of [...listeners]) listener();
      },
    };
  }
  const transfer: SingleElicitationEntry = {
    id: 'a.1',
    kind: 'single',
    server: { name: 'Bank' },
    serverKey: 'Bank',
    status: 'pending',
    prompt: { mode: 'form', request: nameRequest('Who gets 100 EUR?') },
  };
  const later: SingleElicitationEntry = {
    ...transfer,
    id: 'a.2',
    server: { name: 'Mail' },
    serverKey: 'Mail',
    prompt: { mode: 'form', request: nameRequest('Who to write to?') },
  };

  test('says "Sending…" politely, disables its form, and shows the next request to answer', async () => {
    const { queue } = streamedQueue({ entries: [{ ...transfer, status: 'sending' }, later], notices: [] });
    const { container } = render(<ElicitationHost queue={queue} />);
    await act(async () => {});
    const sending = screen.getByText('Sending…');
    const [bank, mail] = [
      screen.getByRole('group', { name: 'Request from Bank' }),
      screen.getByRole('group', { name: 'Request from Mail' }),
    ];
    expect({
      role: sending.getAttribute('role'),
      live: sending.getAttribute('aria-live'),
      bankName: within(bank).getByRole('textbox', { name: 'Name' }).matches(':disabled'),
      bankButtons: within(bank)
        .getAllByRole('button')
        .map((button) => [button.textContent, button.matches(':disabled')]),
      mailName: within(mail).getByRole('textbox', { name: 'Name' }).matches(':disabled'),
      count: container.querySelector('.mek-host-count')?.textContent,
    }).toEqual({
      role: 'status',
      live: 'polite',
      bankName: true,
      bankButtons: [
        ['Accept', true],
        ['Decline', true],
        ['Cancel', true],
      ],
      mailName: false,
      count: '1 pending',
    });
    expect(await violations(container)).toEqual([]);
  });

  test('an answer shown as sending does not take the focus from where the person is', async () => {
    const { queue, stream } = streamedQueue({ entries: [], notices: [] });
    render(
      <>
        <button type="button">Elsewhere</button>
        <ElicitationHost queue={queue} />
      </>,
    );
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();
    act(() => stream({ entries: [{ ...transfer, status: 'sending' }], notices: [] }));
    await act(async () => {});
    expect([screen.getByText('Sending…').textContent, document.activeElement === elsewhere]).toEqual([
      'Sending…',
      true,
    ]);
  });

  test('an answer that did not go through: the prompt is back, enabled, under a notice that says so', async () => {
    const { queue, stream } = streamedQueue({ entries: [{ ...transfer, status: 'sending' }], notices: [] });
    render(<ElicitationHost queue={queue} />);
    await act(async () => {});
    const notice: ElicitationNotice = {
      id: 'b.9',
      kind: 'not-sent',
      reason: 'not-sent',
      server: transfer.server,
      serverKey: transfer.serverKey,
      entry: transfer,
      at: 1,
    };
    act(() => stream({ entries: [transfer], notices: [notice] }));
    await act(async () => {});
    expect({
      sending: screen.queryByText('Sending…'),
      notice: screen.getByRole('listitem').textContent,
      name: screen.getByRole('textbox', { name: 'Name' }).matches(':disabled'),
    }).toEqual({
      sending: null,
      notice: 'Your answer did not reach Bank. Please answer again.Who gets 100 EUR?Dismiss',
      name: false,
    });
  });

  test('an answer the bridge refused: its notice adds why, in a sentence for the person', async () => {
    const notice: ElicitationNotice = {
      id: 'refused.1',
      kind: 'not-sent',
      reason: 'not-sent',
      server: transfer.server,
      serverKey: transfer.serverKey,
      entry: transfer,
      at: 1,
      message: 'The answer is larger than this app can send.',
    };
    const { queue } = streamedQueue({ entries: [transfer], notices: [notice] });
    render(<ElicitationHost queue={queue} />);
    await act(async () => {});
    expect(screen.getByRole('listitem').textContent).toBe(
      'Your answer did not reach Bank. Please answer again. The answer is larger than this app can send.' +
        'Who gets 100 EUR?Dismiss',
    );
  });
});
