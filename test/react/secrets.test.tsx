// The host's `secrets` policy reaches every view that draws a form (the headless hook, ElicitationPrompt,
// ElicitationRound, ElicitationHost), and a seeded draft never refills a secret.
import { act, render, renderHook, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';

import {
  ElicitationForm,
  ElicitationHost,
  ElicitationPrompt,
  ElicitationRound,
  useElicitationForm,
  type ElicitRequestFormParams,
  type RoundElicitationEntry,
} from '../../src/index.js';
import { createElicitationQueue } from '../../src/core/index.js';

const server = { name: 'Bank of Tests' };
const login: ElicitRequestFormParams = {
  message: 'Sign in.',
  requestedSchema: {
    type: 'object',
    properties: {
      user: { type: 'string', title: 'User name' },
      pin: { type: 'string', title: 'PIN' },
    },
  },
};
const city: ElicitRequestFormParams = {
  message: 'Your city?',
  requestedSchema: { type: 'object', properties: { city: { type: 'string', title: 'City' } } },
};
const WARNING = 'asks for what looks like a password or key in this form.';

describe('given the headless hook', () => {
  test("'refuse' reports the secret and accept sends nothing; decline still answers", () => {
    const onRespond = vi.fn();
    const { result } = renderHook(() => useElicitationForm(login, { onRespond, secrets: 'refuse' }));
    expect(result.current.secrets).toEqual({ keys: ['pin'], policy: 'refuse', refused: true, warn: false });
    act(() => result.current.setValue('pin', '1234'));
    let verdict;
    act(() => {
      verdict = result.current.accept();
    });
    expect(verdict).toEqual({
      ok: false,
      errors: [
        {
          field: '',
          code: 'secret-refused',
          message: 'This form asks for a password or key, which the host refuses; decline or cancel instead.',
        },
      ],
    });
    act(() => result.current.decline());
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'decline' }]]);
  });

  test("the default is 'warn'; a form without a secret neither warns nor refuses", () => {
    const { result } = renderHook(() => useElicitationForm(login));
    expect(result.current.secrets).toEqual({ keys: ['pin'], policy: 'warn', refused: false, warn: true });
    const plain = renderHook(() => useElicitationForm(city, { secrets: 'refuse' }));
    expect(plain.result.current.secrets).toEqual({ keys: [], policy: 'refuse', refused: false, warn: false });
  });
});

describe('given the views that draw forms', () => {
  test("ElicitationPrompt with 'refuse' offers only Decline and Cancel", async () => {
    render(<ElicitationPrompt request={login} server={server} onRespond={vi.fn()} secrets="refuse" />);
    expect(await screen.findByText('This form asks for a password or key')).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Decline', 'Cancel']);
  });

  test('ElicitationHost warns by default, and passes its policy on', async () => {
    const queue = createElicitationQueue();
    void queue.enqueue(login, { server });
    const { unmount } = render(<ElicitationHost queue={queue} />);
    expect((await screen.findByText(WARNING, { exact: false })).textContent).toBe(
      `Bank of Tests ${WARNING} MCP servers must not do that: a legitimate server sends you to its own page instead. Decline unless you trust it.`,
    );
    unmount();
    render(<ElicitationHost queue={queue} secrets="allow" />);
    await screen.findByRole('button', { name: 'Show PIN' });
    expect(screen.queryByText(WARNING, { exact: false })).toBeNull();
    queue.cancelAll();
  });

  test("ElicitationRound warns above the form that asks, and with 'refuse' sends it back without fields", async () => {
    const user = userEvent.setup({ delay: null });
    const entry: RoundElicitationEntry = {
      id: 'round-1',
      kind: 'round',
      serverKey: 's',
      server,
      status: 'pending',
      prompts: [
        { key: 'login', mode: 'form', request: login },
        { key: 'where', mode: 'form', request: city },
      ],
    };
    const warned = render(<ElicitationRound entry={entry} onRespondRound={vi.fn()} onRespondAll={vi.fn()} />);
    expect(await screen.findAllByText(WARNING, { exact: false }, { timeout: 10_000 })).toHaveLength(1);
    warned.unmount();
    const onRespondRound = vi.fn();
    render(<ElicitationRound entry={entry} onRespondRound={onRespondRound} onRespondAll={vi.fn()} secrets="refuse" />);
    await user.type(await screen.findByRole('textbox', { name: 'City' }, { timeout: 10_000 }), 'Oslo');
    expect(screen.queryByRole('textbox', { name: 'User name' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onRespondRound.mock.calls).toStrictEqual([
      [
        {
          login: { action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'refused' } },
          where: { action: 'accept', content: { city: 'Oslo' } },
        },
      ],
    ]);
  });
});

test('a seeded draft holding a secret (or its mask) starts the secret field empty', async () => {
  const user = userEvent.setup({ delay: null });
  const onRespond = vi.fn();
  render(
    <ElicitationForm
      request={login}
      server={server}
      onRespond={onRespond}
      initialDraft={{ user: 'ada', pin: '1234' }}
      secrets="allow"
    />,
  );
  expect(screen.getByLabelText('PIN')).toHaveValue('');
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { user: 'ada' } }]]);
});
