/**
 * `ElicitationHost` stories: a real queue (`createElicitationQueue`) filled as the SDK adapters would
 * fill it, from several servers, with a 2026-07-28 round and a "stopped waiting" notice. Every answer
 * the host passes back settles its request's promise; the story reports each settled answer to
 * `onSettled` (under Events). Each story shows its prompts unanswered, as a person opening it meets them;
 * the test-only story after it (tagged `!dev`, so not in the sidebar) answers them and asserts exactly
 * those answers. Form requests come from the shared fixtures. `window.open` is a spy in every story.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { expect, fn, within } from 'storybook/test';

import { ElicitationHost, type ElicitationHostProps, type ElicitationQueue } from '../src/index.js';
import { createElicitationQueue } from '../src/core/index.js';
import { fixtureRequest } from './fixtures.js';
import { stubWindowOpen } from './windowOpen.js';

/** How long a play waits for a view that loads on first use: Vite may be transforming it for the first time. */
const VIEW_LOAD = { timeout: 15_000 };

/** What a story puts in the queue: one promise per label (a request, or a round). */
type Build = (queue: ElicitationQueue) => Record<string, Promise<unknown>>;

/**
 * The args of these stories: the host's own props, plus where the settled answers go. The `queue`
 * arg is the docs' default (an empty queue); each story renders its own fresh queue instead.
 */
type HostStoryArgs = ElicitationHostProps & {
  /** Called with the label and the answer of every request (or round) once it settles. */
  onSettled: (label: string, answer: unknown) => void;
};

/** A fresh queue per mount, filled by `build`, shown by `ElicitationHost`. */
function QueueStory({ build, onSettled, theme, labels, autoFocus }: HostStoryArgs & { build: Build }) {
  const [queue] = useState(() => {
    const fresh = createElicitationQueue({ noticeDurationMs: Infinity });
    for (const [label, promise] of Object.entries(build(fresh)))
      void promise.then((answer) => onSettled(label, answer));
    return fresh;
  });
  return <ElicitationHost queue={queue} theme={theme} labels={labels} autoFocus={autoFocus} />;
}

/**
 * The host takes the focus for its first request, as it would in an app. On the Docs page, where
 * every story mounts at once, that would scroll the page to the last one: there it does not, unless
 * the `autoFocus` control says so.
 */
function autoFocusIn(args: HostStoryArgs, viewMode: string): boolean {
  return args.autoFocus ?? viewMode !== 'docs';
}

const meta = {
  title: 'ElicitationHost',
  component: ElicitationHost,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { queue: createElicitationQueue(), onSettled: fn() },
  argTypes: {
    queue: { control: false },
    onSettled: { table: { category: 'Events' } },
    theme: { control: 'inline-radio', options: ['light', 'dark'] },
    density: { control: 'inline-radio', options: ['comfortable', 'compact'] },
  },
  beforeEach: stubWindowOpen,
} satisfies Meta<HostStoryArgs>;

export default meta;

type Story = StoryObj<HostStoryArgs>;

const alpha = { name: 'Alpha deploys' };
const beta = { name: 'Beta auth', id: 'beta-1' };
const gamma = { name: 'Gamma db' };

/**
 * A queue with `unseenTimeoutMs` and no view: its first request is cancelled as not shown (reason
 * `"not-shown"`, what the server receives). The host mounts only then, shows a notice of it, and the next
 * request waits for the person.
 */
function UnwatchedQueueStory({ onSettled, theme, labels, autoFocus }: HostStoryArgs) {
  const [queue] = useState(() => {
    const fresh = createElicitationQueue({ unseenTimeoutMs: 50, noticeDurationMs: Infinity });
    void fresh.enqueue(fixtureRequest('boolean/with-default'), { server: gamma }).then((answer) => {
      onSettled('unseen', answer);
      // Arrives as the view mounts (in the same task): a person is there for this one.
      void fresh
        .enqueue(fixtureRequest('boolean/required'), { server: alpha })
        .then((next) => onSettled('watched', next));
    });
    return fresh;
  });
  const subscribe = useCallback((listener: () => void) => queue.subscribe(listener), [queue]);
  const watching = useSyncExternalStore(subscribe, () => queue.getSnapshot().notices.length > 0);
  return watching ? (
    <ElicitationHost queue={queue} theme={theme} labels={labels} autoFocus={autoFocus} />
  ) : (
    <p>Nobody is watching this queue yet.</p>
  );
}

/** Four requests from three servers: one at a time, oldest first, "N pending", cancel all from one. */
export const SeveralServers: Story = {
  name: 'Several servers',
  render: (args, { viewMode }) => (
    <QueueStory
      {...args}
      autoFocus={autoFocusIn(args, viewMode)}
      build={(queue) => ({
        'alpha-name': queue.enqueue(fixtureRequest('text/required-bounds'), { server: alpha }),
        'beta-link': queue.enqueue(
          {
            mode: 'url',
            message: 'Sign in to Beta to continue.',
            url: 'https://auth.beta.example/authorize?client=kit',
            elicitationId: 'b-1',
          },
          { server: beta },
        ),
        'gamma-migrate': queue.enqueue(fixtureRequest('boolean/required'), { server: gamma }),
        'alpha-environment': queue.enqueue(fixtureRequest('titled-single/one-of-required'), { server: alpha }),
      })}
    />
  ),
  play: async ({ canvas }) => {
    const host = canvas.getByRole('region', { name: 'Requests from MCP servers' });
    await expect(within(host).getAllByRole('status')[0]).toHaveTextContent('4 pending');
    const first = canvas.getByRole('group', { name: 'Request from Alpha deploys' });
    await expect(first).toHaveAccessibleDescription('What should the new project be called?');
    await expect(first).toHaveFocus();
  },
};

/**
 * The four answered in turn: Accept, consent to the URL (which then waits above the next one), "Cancel
 * all" from one server, Decline; each server gets exactly its answer, and Close leaves the empty host.
 */
export const SeveralServersAnswered: Story = {
  ...SeveralServers,
  name: 'Several servers: answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await SeveralServers.play?.(context);
    const { args, canvas, userEvent } = context;
    const count = within(canvas.getByRole('region', { name: 'Requests from MCP servers' })).getAllByRole('status')[0]!;
    await userEvent.type(canvas.getByRole('textbox', { name: 'Project name' }), 'Apollo');
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onSettled).toHaveBeenLastCalledWith('alpha-name', {
      action: 'accept',
      content: { projectName: 'Apollo' },
    });
    await expect(count).toHaveTextContent('3 pending');

    // The URL request (its view loads on demand): consent opens it; the entry then waits for completion above
    // the next one.
    const beta = await canvas.findByRole('group', { name: 'Request from Beta auth (ID: beta-1)' }, VIEW_LOAD);
    await expect(beta).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: 'Open in new tab' }));
    await expect(window.open).toHaveBeenCalledTimes(1);
    await expect(window.open).toHaveBeenCalledWith(
      'https://auth.beta.example/authorize?client=kit',
      '_blank',
      'noopener,noreferrer',
    );
    await expect(args.onSettled).toHaveBeenLastCalledWith('beta-link', { action: 'accept' });
    await expect(
      within(canvas.getByRole('group', { name: 'Request from Beta auth (ID: beta-1)' })).getByRole('status'),
    ).toHaveTextContent('Finish in the new tab…');
    await expect(count).toHaveTextContent('2 pending');

    await expect(canvas.getByRole('group', { name: 'Request from Gamma db' })).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel all from Gamma db' }));
    await expect(args.onSettled).toHaveBeenLastCalledWith('gamma-migrate', { action: 'cancel' });

    await userEvent.click(
      within(canvas.getByRole('group', { name: 'Request from Alpha deploys' })).getByRole('button', {
        name: 'Decline',
      }),
    );
    await expect(args.onSettled).toHaveBeenLastCalledWith('alpha-environment', { action: 'decline' });
    await expect(args.onSettled).toHaveBeenCalledTimes(4);
    await expect(count).toHaveTextContent('');

    await userEvent.click(canvas.getByRole('button', { name: 'Close' }));
    await expect(canvas.queryByRole('group')).toBeNull();
    // Everything answered: the host says so rather than leaving a blank canvas.
    await expect(canvas.getByText('No requests waiting.')).toBeVisible();
  },
};

/** One 2026-07-28 round: a form, a select, a URL and a request the kit cannot read, answered together. */
export const Round: Story = {
  name: 'Round (2026-07-28)',
  render: (args, { viewMode }) => (
    <QueueStory
      {...args}
      autoFocus={autoFocusIn(args, viewMode)}
      build={(queue) => ({
        round: queue.enqueueRound(
          {
            project: fixtureRequest('text/required-bounds'),
            environment: fixtureRequest('titled-single/one-of-required'),
            login: {
              mode: 'url',
              message: 'Authorise the deploy bot on the tracker.',
              url: 'https://tracker.example.com/oauth',
            },
            broken: { mode: 'voice', message: 'Say the password.' },
          },
          { server: alpha },
        ),
      })}
    />
  ),
  play: async ({ canvas, userEvent }) => {
    // The round's view loads on demand, with the first round.
    const set = await canvas.findByRole('group', { name: 'Request from Alpha deploys' }, VIEW_LOAD);
    await expect(set).toHaveAccessibleDescription(
      '4 requests, answered together with one Accept. Tick “Decline request …” to say no to one of them.',
    );
    await expect(canvas.getByRole('group', { name: 'Request 4 of 4 from Alpha deploys' })).toHaveTextContent(
      'The mode "voice" is not "form" or "url".',
    );
    await userEvent.type(canvas.getByRole('textbox', { name: 'Project name' }), 'Hermes');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Decline request 2' }));
  },
};

/**
 * Consent to the URL answers nothing yet; the one Accept then sends the whole round at once: the form's
 * content, the declined request, the URL's consent, and the kit's own cancel (reason "refused") for the request
 * it cannot read: only a person declines.
 */
export const RoundAnswered: Story = {
  ...Round,
  name: 'Round (2026-07-28): answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await Round.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Open in new tab' }));
    await expect(window.open).toHaveBeenCalledWith(
      'https://tracker.example.com/oauth',
      '_blank',
      'noopener,noreferrer',
    );
    await expect(args.onSettled).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onSettled).toHaveBeenCalledTimes(1);
    await expect(args.onSettled).toHaveBeenCalledWith('round', {
      project: { action: 'accept', content: { projectName: 'Hermes' } },
      environment: { action: 'decline' },
      login: { action: 'accept' },
      broken: { action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'refused' } },
    });
    await expect(canvas.queryByRole('group')).toBeNull();
    await expect(canvas.getByText('No requests waiting.')).toBeVisible();
  },
};

/** A server gave up on its request: the entry is gone, a notice says who stopped waiting. */
export const Notice: Story = {
  name: 'Notice: a server stopped waiting',
  render: (args, { viewMode }) => (
    <QueueStory
      {...args}
      autoFocus={autoFocusIn(args, viewMode)}
      build={(queue) => {
        const controller = new AbortController();
        const abandoned = queue.enqueue(fixtureRequest('boolean/with-default'), {
          server: gamma,
          signal: controller.signal,
        });
        controller.abort();
        return { abandoned, waiting: queue.enqueue(fixtureRequest('boolean/required'), { server: alpha }) };
      }}
    />
  ),
  play: async ({ args, canvas }) => {
    await expect(args.onSettled).toHaveBeenCalledWith('abandoned', {
      action: 'cancel',
      _meta: { 'mcp-elicit-kit/reason': 'aborted' },
    });
    const notice = canvas.getByRole('listitem');
    await expect(notice).toHaveTextContent(
      'Gamma db stopped waitingKeep the previous version around for a quick rollback?Dismiss',
    );
    await expect(canvas.getByRole('group', { name: 'Request from Alpha deploys' })).toHaveAccessibleDescription(
      'Should the deployment run database migrations?',
    );
  },
};

/** Dismiss removes the notice; the request still waiting is then answered (`false`, the box left alone). */
export const NoticeAnswered: Story = {
  ...Notice,
  name: 'Notice: a server stopped waiting: answered',
  tags: ['!dev', '!autodocs'],
  play: async (context) => {
    await Notice.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(canvas.queryByRole('listitem')).toBeNull();
    // A required boolean left unticked is answered false.
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onSettled).toHaveBeenLastCalledWith('waiting', {
      action: 'accept',
      content: { runMigrations: false },
    });
  },
};

/**
 * Nobody watching: a request arrived while no view was open and was answered `cancel` with reason
 * `"not-shown"` after `unseenTimeoutMs`; the host that opens later says what was cancelled, and shows the
 * request that came while it is open.
 */
export const NobodyWatching: Story = {
  name: 'Nobody watching',
  render: (args, { viewMode }) => <UnwatchedQueueStory {...args} autoFocus={autoFocusIn(args, viewMode)} />,
  play: async ({ args, canvas }) => {
    const notice = await canvas.findByRole('listitem');
    await expect(notice).toHaveTextContent(
      'Cancelled while nobody was looking: a request from Gamma dbKeep the previous version around for a quick rollback?Dismiss',
    );
    await expect(args.onSettled).toHaveBeenCalledWith('unseen', {
      action: 'cancel',
      _meta: { 'mcp-elicit-kit/reason': 'not-shown' },
    });
    const waiting = await canvas.findByRole('group', { name: 'Request from Alpha deploys' });
    await expect(waiting).toHaveAccessibleDescription('Should the deployment run database migrations?');
    await expect(args.onSettled).toHaveBeenCalledTimes(1);
  },
};
