// A host's widgets (its design system) in every view that draws forms: ElicitationPrompt, ElicitationRound
// and ElicitationHost hand `widgets` to each form they show, as ElicitationForm takes it, and the same
// object keeps every field as drawn (a change elsewhere in the host or the round redraws no field).
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';

import {
  ElicitationHost,
  ElicitationPrompt,
  ElicitationRound,
  type ElicitRequestFormParams,
  type ElicitResult,
  type KitWidgetProps,
  type KitWidgets,
  type RoundElicitationEntry,
} from '../../src/index.js';
import { createElicitationQueue } from '../../src/core/index.js';

const nameRequest: ElicitRequestFormParams = {
  message: 'Who?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] },
};

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

/**
 * Host widgets for text and radio groups, named "host …", that count their renders per control id: a
 * field drawn again renders its widget again, which is what a new `widgets` object would cause.
 */
function hostWidgets(): { widgets: Partial<KitWidgets>; renders: Map<string, number> } {
  const renders = new Map<string, number>();
  const counted = (id: string) => renders.set(id, (renders.get(id) ?? 0) + 1);
  function HostText({ id, label, value, onChange }: KitWidgetProps) {
    counted(id);
    return (
      <input
        id={id}
        aria-label={`host ${label}`}
        value={typeof value === 'string' ? value : ''}
        // A cleared box is no answer, as the kit's own text widget hands it on.
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      />
    );
  }
  function HostRadio({ id, label, value, options, onChange }: KitWidgetProps) {
    counted(id);
    return (
      <div role="radiogroup" aria-label={`host ${label}`} id={id}>
        {options.enumOptions?.map((option) => (
          <label key={String(option.value)}>
            <input type="radio" name={id} checked={value === option.value} onChange={() => onChange(option.value)} />
            {option.label}
          </label>
        ))}
      </div>
    );
  }
  return { widgets: { text: HostText, radio: HostRadio }, renders };
}

/** Settles `promise` into a readable record, so a test can look without awaiting. */
function track<T>(promise: Promise<T>): { value?: T } {
  const box: { value?: T } = {};
  void promise.then((value) => {
    box.value = value;
  });
  return box;
}

describe('given ElicitationPrompt with widgets', () => {
  test('its form is drawn with them and answers as the kit would', async () => {
    const user = userEvent.setup({ delay: null });
    const { widgets } = hostWidgets();
    const onRespond = vi.fn();
    render(<ElicitationPrompt request={nameRequest} server={{ name: 'S' }} onRespond={onRespond} widgets={widgets} />);
    await user.type(screen.getByRole('textbox', { name: 'host Name' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { name: 'Ada' } }]]);
  });
});

describe('given ElicitationRound with widgets', () => {
  // A queue entry as core builds it; the round needs no queue to draw or to answer.
  const entry: RoundElicitationEntry = {
    id: 'round-1',
    kind: 'round',
    serverKey: 's',
    server: { name: 'S' },
    status: 'pending',
    prompts: [
      { key: 'who', mode: 'form', request: nameRequest },
      { key: 'pick', mode: 'form', request: colourRequest },
    ],
  };

  test('every form of the round is drawn with them; one Accept sends both answers', async () => {
    const user = userEvent.setup({ delay: null });
    const { widgets } = hostWidgets();
    const onRespondRound = vi.fn();
    render(<ElicitationRound entry={entry} onRespondRound={onRespondRound} onRespondAll={vi.fn()} widgets={widgets} />);
    await user.type(await screen.findByRole('textbox', { name: 'host Name' }, { timeout: 10_000 }), 'Ada');
    await user.click(screen.getByRole('radio', { name: 'Green' }));
    expect(screen.getByRole('radiogroup', { name: 'host Colour' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onRespondRound.mock.calls).toStrictEqual([
      [{ who: { action: 'accept', content: { name: 'Ada' } }, pick: { action: 'accept', content: { colour: 'g' } } }],
    ]);
  });

  test('declining one request redraws no field of the other (the same widgets keep their slots)', async () => {
    const user = userEvent.setup({ delay: null });
    const { widgets, renders } = hostWidgets();
    const onRespondRound = vi.fn();
    render(<ElicitationRound entry={entry} onRespondRound={onRespondRound} onRespondAll={vi.fn()} widgets={widgets} />);
    const name = await screen.findByRole('textbox', { name: 'host Name' }, { timeout: 10_000 });
    const nameId = name.id;
    const before = renders.get(nameId);
    // Each toggle re-renders the whole round (its state), hidden form and all.
    await user.click(screen.getByRole('checkbox', { name: 'Decline request 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Decline request 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Decline request 2' }));
    expect(renders.get(nameId)).toBe(before);
    await user.type(name, 'Ada');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onRespondRound.mock.calls).toStrictEqual([
      [{ who: { action: 'accept', content: { name: 'Ada' } }, pick: { action: 'decline' } }],
    ]);
  });
});

describe('given ElicitationHost with widgets', () => {
  test("a single request and a round are both drawn with them, each answer reaching its server's promise", async () => {
    const user = userEvent.setup({ delay: null });
    const { widgets } = hostWidgets();
    const queue = createElicitationQueue();
    render(<ElicitationHost queue={queue} widgets={widgets} />);
    const single = track(queue.enqueue(colourRequest, { server: { name: 'Alpha' } }));
    const round = track(
      queue.enqueueRound({ who: nameRequest, pick: colourRequest }, { server: { name: 'Beta', id: 'b-1' } }),
    );
    // The queue notifies its subscribers; let React commit what they scheduled.
    await act(async () => {});
    await user.click(screen.getByRole('radio', { name: 'Red' }));
    expect(screen.getByRole('radiogroup', { name: 'host Colour' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(single.value).toStrictEqual({ action: 'accept', content: { colour: 'r' } });

    // The round's view loads on first use (a chunk of its own).
    await user.type(await screen.findByRole('textbox', { name: 'host Name' }, { timeout: 10_000 }), 'Grace');
    await user.click(screen.getByRole('radio', { name: 'Green' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const expected: Record<string, ElicitResult> = {
      who: { action: 'accept', content: { name: 'Grace' } },
      pick: { action: 'accept', content: { colour: 'g' } },
    };
    expect(round.value).toStrictEqual(expected);
    expect(queue.getSnapshot().entries).toStrictEqual([]);
  });

  test('a new request in the queue redraws no field of the shown one', async () => {
    const user = userEvent.setup({ delay: null });
    const { widgets, renders } = hostWidgets();
    const queue = createElicitationQueue();
    render(<ElicitationHost queue={queue} widgets={widgets} />);
    const first = track(queue.enqueue(nameRequest, { server: { name: 'Alpha' } }));
    await act(async () => {});
    const name = screen.getByRole('textbox', { name: 'host Name' });
    const before = renders.get(name.id);
    // Each new entry is a new snapshot: the host renders again, the shown prompt with it.
    for (let index = 0; index < 3; index++) track(queue.enqueue(colourRequest, { server: { name: 'Beta' } }));
    await act(async () => {});
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('4 pending');
    expect(renders.get(name.id)).toBe(before);
    await user.type(name, 'Ada');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(first.value).toStrictEqual({ action: 'accept', content: { name: 'Ada' } });
  });
});
