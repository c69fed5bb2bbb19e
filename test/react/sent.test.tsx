// After an answer every prompt says what was sent, in a live region, and its controls are disabled.
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';

import {
  ElicitationForm,
  ElicitationPrompt,
  loadElicitationViews,
  UrlElicitation,
  type ElicitRequestFormParams,
  type ElicitRequestURLParams,
} from '../../src/index.js';

const server = { name: 'Deploy bot' };
const form: ElicitRequestFormParams = {
  message: 'Which region?',
  requestedSchema: {
    type: 'object',
    properties: { region: { type: 'string', title: 'Region', enum: ['eu', 'us'] } },
    required: ['region'],
  },
};
const url: ElicitRequestURLParams = {
  mode: 'url',
  message: 'Connect your account.',
  url: 'https://accounts.example.com/connect',
  elicitationId: 'e-1',
};

/** The text of the prompt's live region, and whether each button is disabled. */
function after(): [string, [string, boolean][]] {
  const regions = document.querySelectorAll('[aria-live="polite"].mek-sent');
  const status = regions.length === 1 ? regions[0] : undefined;
  const buttons = screen
    .getAllByRole('button')
    .map((button): [string, boolean] => [button.textContent ?? '', (button as HTMLButtonElement).disabled]);
  return [status?.textContent ?? 'no live region', buttons];
}

beforeAll(loadElicitationViews);

describe('given ElicitationForm', () => {
  test('before an answer the live region is there and empty; every control is enabled', () => {
    render(<ElicitationForm request={form} server={server} onRespond={vi.fn()} />);
    expect(after()).toEqual([
      '',
      [
        ['Accept', false],
        ['Decline', false],
        ['Cancel', false],
      ],
    ]);
  });

  test.each([
    ['Accept', 'Accepted', { action: 'accept', content: { region: 'eu' } }],
    ['Decline', 'Declined', { action: 'decline' }],
    ['Cancel', 'Cancelled', { action: 'cancel' }],
  ])('%s: the prompt says "%s" and disables its controls', async (button, said, result) => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(<ElicitationForm request={form} server={server} onRespond={onRespond} />);
    await user.click(screen.getByRole('radio', { name: 'eu' }));
    await user.click(screen.getByRole('button', { name: button }));
    expect(onRespond.mock.calls).toStrictEqual([[result]]);
    expect(after()).toEqual([
      said,
      [
        ['Accept', true],
        ['Decline', true],
        ['Cancel', true],
      ],
    ]);
    expect(screen.getByRole('radio', { name: 'eu' })).toBeDisabled();
  });

  test('Escape cancels: "Cancelled"', async () => {
    const user = userEvent.setup({ delay: null });
    render(<ElicitationForm request={form} server={server} onRespond={vi.fn()} />);
    await user.click(screen.getByRole('radio', { name: 'us' }));
    await user.keyboard('{Escape}');
    expect(after()[0]).toBe('Cancelled');
  });

  test('the words come from labels.sent', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <ElicitationForm
        request={form}
        server={server}
        onRespond={vi.fn()}
        labels={{ sent: (action) => `sent: ${action}` }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(after()[0]).toBe('sent: decline');
  });
});

describe('given UrlElicitation', () => {
  test('Decline: "Declined", every button disabled', async () => {
    const user = userEvent.setup({ delay: null });
    render(<UrlElicitation request={url} server={server} onRespond={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(after()).toEqual([
      'Declined',
      [
        ['Open in new tab', true],
        ['Decline', true],
        ['Cancel', true],
      ],
    ]);
  });
});

describe('given ElicitationPrompt with a request the kit refuses', () => {
  test('Cancel: "Cancelled", Decline and Cancel disabled', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(
      <ElicitationPrompt
        request={{ mode: 'teleport', message: 'Hi' } as unknown as ElicitRequestURLParams}
        server={server}
        onRespond={onRespond}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'cancel' }]]);
    expect(after()).toEqual([
      'Cancelled',
      [
        ['Decline', true],
        ['Cancel', true],
      ],
    ]);
  });
});
