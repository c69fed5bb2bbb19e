// ElicitationForm as a whole: header, actions, the once-only answer, errors and focus, refused
// requests, plain text, labels, theme, and a real controlled parent that swaps requests.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { describe, expect, test, vi } from 'vitest';

import { ElicitationForm, type Draft, type ElicitRequestFormParams, type ElicitResult } from '../../src/index.js';
import { isMalformed, loadFixtures, type MalformedFixture } from '../fixtures/index.js';

const server = { name: 'Deploy bot', id: 'deploy-1' };

const nameRequest: ElicitRequestFormParams = {
  message: 'Who are you?',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', minLength: 2 },
      email: { type: 'string', title: 'Email', format: 'email' },
      role: {
        type: 'string',
        title: 'Role',
        oneOf: [
          { const: 'dev', title: 'Developer' },
          { const: 'ops', title: 'Operator' },
        ],
      },
    },
    required: ['name', 'role'],
  },
};

describe('given a request, the header', () => {
  test('names the server, its id and the message', () => {
    render(<ElicitationForm request={nameRequest} server={server} onRespond={vi.fn()} />);
    const kit = screen.getByRole('group', { name: 'Request from Deploy bot (ID: deploy-1)' });
    expect(kit).toHaveAccessibleDescription('Who are you?');
    expect(within(kit).getByText('Who are you?')).toBeInTheDocument();
  });

  test('leaves the id out when the server has none', () => {
    render(<ElicitationForm request={nameRequest} server={{ name: 'Deploy bot' }} onRespond={vi.fn()} />);
    expect(screen.getByRole('group', { name: 'Request from Deploy bot' })).toBeInTheDocument();
  });

  test('shows markup and URLs in the message as text: no bold, no link', () => {
    const message = 'Read <b>x</b> at https://evil.example before you answer.';
    const { container } = render(
      <ElicitationForm request={{ ...nameRequest, message }} server={server} onRespond={vi.fn()} />,
    );
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  test('adds no element for an <img onerror> in message, titles, descriptions or option labels', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const request: ElicitRequestFormParams = {
      message: evil,
      requestedSchema: {
        type: 'object',
        properties: {
          note: { type: 'string', title: evil, description: evil },
          pick: { type: 'string', title: 'Pick', oneOf: [{ const: 'a', title: evil }] },
          many: { type: 'array', title: 'Many', items: { anyOf: [{ const: 'b', title: evil }] } },
          flag: { type: 'boolean', title: evil, description: evil },
        },
      },
    };
    const { container } = render(
      <ElicitationForm request={request} server={{ name: evil, id: evil }} onRespond={vi.fn()} />,
    );
    expect(container.querySelector('img')).toBeNull();
    // Server name and id, message, the note's title and description, two option labels, the flag's title and description.
    expect(screen.getAllByText(evil, { exact: false })).toHaveLength(9);
  });
});

describe('given the actions', () => {
  test('Decline answers exactly { action: "decline" }', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(<ElicitationForm request={nameRequest} server={server} onRespond={onRespond} />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'decline' }]]);
  });

  test('Cancel answers exactly { action: "cancel" }', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(<ElicitationForm request={nameRequest} server={server} onRespond={onRespond} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'cancel' }]]);
  });

  test('Escape inside the form cancels, even with answers typed', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(<ElicitationForm request={nameRequest} server={server} onRespond={onRespond} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.keyboard('{Escape}');
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'cancel' }]]);
  });

  test('a double click on Accept answers once', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(<ElicitationForm request={nameRequest} server={server} onRespond={onRespond} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.click(screen.getByRole('radio', { name: 'Developer' }));
    await user.dblClick(screen.getByRole('button', { name: 'Accept' }));
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { name: 'Ada', role: 'dev' } }]]);
  });

  test('Enter pressed again and again in a field answers once', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(<ElicitationForm request={nameRequest} server={server} onRespond={onRespond} />);
    await user.click(screen.getByRole('radio', { name: 'Operator' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada{Enter}{Enter}{Enter}');
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { name: 'Ada', role: 'ops' } }]]);
  });

  test('Enter on a ticked option answers too, as a browser submits a form from a checkbox or radio', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(<ElicitationForm request={nameRequest} server={server} onRespond={onRespond} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.click(screen.getByRole('radio', { name: 'Developer' }));
    await user.keyboard('{Enter}');
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { name: 'Ada', role: 'dev' } }]]);
  });

  test('Enter that ends an input method composition does not answer', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(<ElicitationForm request={nameRequest} server={server} onRespond={onRespond} />);
    // A complete answer first, so an Enter that did answer would send it.
    await user.click(screen.getByRole('radio', { name: 'Developer' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.type(name, 'Ada');
    fireEvent.keyDown(name, { key: 'Enter', isComposing: true });
    expect(onRespond.mock.calls).toStrictEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.keyDown(name, { key: 'Enter' });
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { name: 'Ada', role: 'dev' } }]]);
  });

  test("inside a host's own <form>: no nested form, and neither Enter, Accept nor Decline submits the host's form", async () => {
    const user = userEvent.setup({ delay: null });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const hostSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    const answers: ElicitResult[] = [];
    const { container, rerender } = render(
      <form onSubmit={hostSubmit}>
        <ElicitationForm request={nameRequest} server={server} onRespond={(result) => answers.push(result)} />
        {/* The host's own submit button: a browser would submit this form on Enter in any of its fields. */}
        <button type="submit">Save</button>
      </form>,
    );
    expect(container.querySelectorAll('form')).toHaveLength(1);
    await user.click(screen.getByRole('radio', { name: 'Operator' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada{Enter}');
    rerender(
      <form onSubmit={hostSubmit}>
        <ElicitationForm request={{ ...nameRequest }} server={server} onRespond={(result) => answers.push(result)} />
        <button type="submit">Save</button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(answers).toStrictEqual([{ action: 'accept', content: { name: 'Ada', role: 'ops' } }, { action: 'decline' }]);
    expect(hostSubmit.mock.calls).toStrictEqual([]);
    expect(errors.mock.calls).toStrictEqual([]);
    errors.mockRestore();
  });

  test('after Decline, Accept, Cancel and Escape do nothing more', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(<ElicitationForm request={nameRequest} server={server} onRespond={onRespond} />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'decline' }]]);
  });

  test('every label can be replaced', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(
      <ElicitationForm
        request={nameRequest}
        server={server}
        onRespond={onRespond}
        labels={{
          accept: 'Senden',
          decline: 'Ablehnen',
          cancel: 'Abbrechen',
          requestFrom: 'Anfrage von',
          serverId: (id) => `[${id}]`,
        }}
      />,
    );
    expect(screen.getByRole('group', { name: 'Anfrage von Deploy bot [deploy-1]' })).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Senden',
      'Ablehnen',
      'Abbrechen',
    ]);
    await user.click(screen.getByRole('button', { name: 'Ablehnen' }));
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'decline' }]]);
  });
});

describe('given Accept with errors', () => {
  test('an error summary links each field, focus moves to the first invalid field, fields are marked invalid', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(<ElicitationForm request={nameRequest} server={server} onRespond={onRespond} />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    expect(onRespond).not.toHaveBeenCalled();
    const summary = screen.getByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Name: This field is required.', `#${screen.getByRole('textbox', { name: 'Name' }).id}`],
      [
        'Email: Enter an email address such as name@example.com.',
        `#${screen.getByRole('textbox', { name: 'Email' }).id}`,
      ],
      ['Role: This field is required.', `#${screen.getByRole('radiogroup', { name: 'Role' }).id}`],
    ]);

    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('This field is required. At least 2 characters');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Enter an email address such as name@example.com.',
    );
    expect(screen.getByRole('radiogroup', { name: 'Role' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('radiogroup', { name: 'Role' })).toHaveAccessibleDescription('This field is required.');
  });

  test('a summary link moves focus to its field (a radio group: its first radio)', async () => {
    const user = userEvent.setup({ delay: null });
    render(<ElicitationForm request={nameRequest} server={server} onRespond={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(within(screen.getByRole('alert')).getByRole('link', { name: 'Role: This field is required.' }));
    expect(screen.getByRole('radio', { name: 'Developer' })).toHaveFocus();
  });

  test('a group with a choice takes focus at its chosen option, not at its first control', async () => {
    const user = userEvent.setup({ delay: null });
    const request: ElicitRequestFormParams = {
      message: 'Pick two.',
      requestedSchema: {
        type: 'object',
        properties: {
          tags: {
            type: 'array',
            title: 'Tags',
            minItems: 2,
            items: {
              anyOf: ['A', 'B', 'C'].map((letter) => ({ const: letter.toLowerCase(), title: `Tag ${letter}` })),
            },
          },
        },
      },
    };
    render(<ElicitationForm request={request} server={server} onRespond={vi.fn()} />);
    await user.click(screen.getByRole('checkbox', { name: 'Tag C' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.getByRole('checkbox', { name: 'Tag C' })).toHaveFocus();
    screen.getByRole('button', { name: 'Accept' }).focus();
    await user.click(within(screen.getByRole('alert')).getByRole('link', { name: 'Tags: Choose at least 2 options.' }));
    expect(screen.getByRole('checkbox', { name: 'Tag C' })).toHaveFocus();
  });

  test('the errors stay until the next Accept, which answers once fixed', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(<ElicitationForm request={nameRequest} server={server} onRespond={onRespond} />);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'A');
    await user.click(screen.getByRole('radio', { name: 'Operator' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Name: Enter at least 2 characters.']);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'da');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { name: 'Ada', role: 'ops' } }]]);
  });

  test('error texts come from labels.fieldError', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <ElicitationForm
        request={nameRequest}
        server={server}
        onRespond={vi.fn()}
        labels={{ errorSummaryTitle: 'Bitte korrigieren:', fieldError: (error) => `Fehler (${error.code})` }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent(/^Bitte korrigieren:/);
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Name: Fehler (required)', 'Role: Fehler (required)']);
  });
});

describe('given required fields', () => {
  test('they are marked visibly and with aria-required; a boolean is neither (false is an answer)', () => {
    render(
      <ElicitationForm
        request={{
          message: 'm',
          requestedSchema: {
            type: 'object',
            properties: {
              name: { type: 'string', title: 'Name' },
              nick: { type: 'string', title: 'Nick' },
              ok: { type: 'boolean', title: 'OK' },
            },
            required: ['name', 'ok'],
          },
        }}
        server={server}
        onRespond={vi.fn()}
      />,
    );
    expect(screen.getByText('Fields marked * are required.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Name *')).toBe(screen.getByRole('textbox', { name: 'Name' }));
    expect(screen.getByRole('textbox', { name: 'Nick' })).not.toHaveAttribute('aria-required');
    expect(screen.getByLabelText('Nick')).toBe(screen.getByRole('textbox', { name: 'Nick' }));
    expect(screen.getByRole('checkbox', { name: 'OK' })).not.toHaveAttribute('aria-required');
  });
});

describe('given rules core does not check (if / then)', () => {
  const request: ElicitRequestFormParams = {
    message: 'Ship it?',
    requestedSchema: {
      type: 'object',
      properties: { note: { type: 'string', title: 'Note' }, reason: { type: 'string', title: 'Reason' } },
      if: { required: ['note'] },
      then: { required: ['reason'] },
    } as ElicitRequestFormParams['requestedSchema'],
  };

  test('Accept waits for the complete validator, shows the error at the field, and sends once it is fixed', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(<ElicitationForm request={request} server={server} onRespond={onRespond} />);
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'hi');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Reason: This field is required.']);
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true');
    expect(onRespond).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'tested');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onRespond.mock.calls).toEqual([[{ action: 'accept', content: { note: 'hi', reason: 'tested' } }]]);
  });
});

describe('given a request core refuses', () => {
  const malformed = loadFixtures().flatMap(({ variant, name, fixture }) =>
    isMalformed(fixture) ? [{ title: `${variant}/${name}`, fixture }] : [],
  );
  const refused = malformed.filter(({ fixture }) => !fixture.formAllowed);
  const allowed = malformed.filter(({ fixture }) => fixture.formAllowed);

  test.each(refused)(
    '$title: shows each problem with its path, offers only Decline and Cancel',
    async ({ fixture }) => {
      const user = userEvent.setup({ delay: null });
      const onRespond = vi.fn();
      const request = fixture.request as unknown as ElicitRequestFormParams;
      render(<ElicitationForm request={request} server={server} onRespond={onRespond} />);
      expect(screen.getByText('This request cannot be shown as a form')).toBeInTheDocument();
      const shown = screen.getAllByRole('listitem').map((item) => item.querySelector('code')?.textContent);
      for (const problem of fixture.problems) {
        expect(shown).toContain(problem.path === '' ? '(whole request)' : problem.path);
      }
      expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Decline', 'Cancel']);
      expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Decline' }));
      expect(onRespond.mock.calls).toStrictEqual([[{ action: 'decline' }]]);
    },
  );

  test.each(allowed)(
    '$title: shows the form and folds the warnings away',
    ({ fixture }: { fixture: MalformedFixture }) => {
      render(
        <ElicitationForm
          request={fixture.request as unknown as ElicitRequestFormParams}
          server={server}
          onRespond={vi.fn()}
        />,
      );
      expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
      const count = fixture.problems.length;
      expect(
        screen.getByText(count === 1 ? '1 note about this request' : `${count} notes about this request`),
      ).toBeInTheDocument();
      const paths = screen.getAllByRole('listitem').map((item) => item.querySelector('code')?.textContent);
      expect(paths.sort()).toEqual(
        fixture.problems.map((problem) => (problem.path === '' ? '(whole request)' : problem.path)).sort(),
      );
    },
  );

  test('enumNames shorter than enum: the exact path and message', () => {
    render(
      <ElicitationForm
        request={{
          message: 'Pick',
          requestedSchema: {
            type: 'object',
            properties: { color: { type: 'string', enum: ['r', 'g'], enumNames: ['Red'] } },
          },
        }}
        server={server}
        onRespond={vi.fn()}
      />,
    );
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent('properties.color.enumNames enumNames must list one text name per enum value.');
    expect(screen.getByText('Pick')).toBeInTheDocument();
  });

  test.each([
    ['null', null, [['(whole request)', 'The request is not an object.']]],
    ['a string', 'hello', [['(whole request)', 'The request is not an object.']]],
    [
      'a number message',
      { message: 42, requestedSchema: { type: 'object', properties: {} } },
      [['message', 'The request message is not text.']],
    ],
    [
      'in URL mode',
      { mode: 'url', message: 'Open', url: 'https://example.com' },
      [['mode', 'This is not a form request (its mode is not "form").']],
    ],
  ])('a request that is %s is refused without throwing', async (_name, request, problems) => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(
      <ElicitationForm request={request as unknown as ElicitRequestFormParams} server={server} onRespond={onRespond} />,
    );
    expect(
      screen
        .getAllByRole('listitem')
        .map((item) => [item.querySelector('code')?.textContent, item.querySelector('span')?.textContent]),
    ).toEqual(problems);
    await user.keyboard('{Tab}{Escape}');
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'cancel' }]]);
  });
});

describe('given the theme prop', () => {
  test('dark and light set data-theme on the kit root; none follows the system', () => {
    const kit = () => screen.getByRole('group', { name: 'Request from Deploy bot (ID: deploy-1)' });
    const { rerender } = render(
      <ElicitationForm request={nameRequest} server={server} onRespond={vi.fn()} theme="dark" />,
    );
    expect(kit()).toHaveAttribute('data-theme', 'dark');
    // The class is the scope of every theme selector; asserted as the contract it is, not used to query.
    expect(kit()).toHaveClass('mek-root');
    rerender(<ElicitationForm request={nameRequest} server={server} onRespond={vi.fn()} theme="light" />);
    expect(kit()).toHaveAttribute('data-theme', 'light');
    rerender(<ElicitationForm request={nameRequest} server={server} onRespond={vi.fn()} />);
    expect(kit()).not.toHaveAttribute('data-theme');
  });
});

describe('given a real parent that swaps the request', () => {
  const first: ElicitRequestFormParams = {
    message: 'First question',
    requestedSchema: {
      type: 'object',
      properties: { city: { type: 'string', title: 'City', default: 'Pune' } },
      required: ['city'],
    },
  };
  const second: ElicitRequestFormParams = {
    message: 'Second question',
    requestedSchema: {
      type: 'object',
      properties: { city: { type: 'string', title: 'City', default: 'Oslo' } },
      required: ['city'],
    },
  };

  /** A host that keeps the current request and the answers in state, and asks the next question once answered. */
  function Host({ onAnswer }: { onAnswer: (result: ElicitResult, message: string) => void }) {
    const [request, setRequest] = useState(first);
    const [answers, setAnswers] = useState<string[]>([]);
    return (
      <>
        <ElicitationForm
          request={request}
          server={server}
          onRespond={(result) => {
            onAnswer(result, request.message);
            setAnswers((list) => [...list, result.action]);
            if (request === first) setRequest(second);
          }}
        />
        <p>Answers: {answers.join(', ')}</p>
        <button type="button" onClick={() => setRequest({ ...second })}>
          Ask again
        </button>
      </>
    );
  }

  test('the form starts over for the new request and answers it once', async () => {
    const user = userEvent.setup({ delay: null });
    const onAnswer = vi.fn();
    render(<Host onAnswer={onAnswer} />);
    const city = () => screen.getByRole('textbox', { name: 'City' });
    await user.clear(city());
    await user.type(city(), 'Delhi');
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    expect(screen.getByText('Second question')).toBeInTheDocument();
    expect(city()).toHaveValue('Oslo');
    await user.clear(city());
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    // The new request's own errors, not the old one's answered state.
    expect(within(screen.getByRole('alert')).getByRole('link')).toHaveTextContent('City: This field is required.');
    await user.type(city(), 'Bergen');
    await user.dblClick(screen.getByRole('button', { name: 'Accept' }));

    expect(onAnswer.mock.calls).toStrictEqual([
      [{ action: 'accept', content: { city: 'Delhi' } }, 'First question'],
      [{ action: 'accept', content: { city: 'Bergen' } }, 'Second question'],
    ]);
    expect(screen.getByText('Answers: accept, accept')).toBeInTheDocument();
  });

  test('an equal but new request object is a new request: it may be answered again', async () => {
    const user = userEvent.setup({ delay: null });
    const onAnswer = vi.fn();
    render(<Host onAnswer={onAnswer} />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Ask again' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onAnswer.mock.calls).toStrictEqual([
      [{ action: 'decline' }, 'First question'],
      [{ action: 'cancel' }, 'Second question'],
      [{ action: 'cancel' }, 'Second question'],
    ]);
  });

  test('the same request object re-rendered is still answered once', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    const { rerender } = render(<ElicitationForm request={first} server={server} onRespond={onRespond} />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    act(() => rerender(<ElicitationForm request={first} server={{ name: 'Renamed' }} onRespond={onRespond} />));
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'decline' }]]);
  });
});

describe('given a real parent that previews the live answer (onDraftChange)', () => {
  const request: ElicitRequestFormParams = {
    message: 'Ship it?',
    requestedSchema: {
      type: 'object',
      properties: {
        city: { type: 'string', title: 'City', default: 'Pune' },
        copies: { type: 'integer', title: 'Copies', minimum: 1 },
        days: {
          type: 'array',
          title: 'Days',
          items: {
            anyOf: [
              { const: 'mon', title: 'Monday' },
              { const: 'tue', title: 'Tuesday' },
            ],
          },
        },
      },
      required: ['city'],
    },
  };

  /** A host that keeps the latest draft and verdict in state and prints what Accept would send. */
  function Preview({
    onRespond,
    onDraft,
  }: {
    onRespond: (result: ElicitResult) => void;
    onDraft: (draft: Draft) => void;
  }) {
    const [live, setLive] = useState('nothing yet');
    return (
      <>
        <ElicitationForm
          request={request}
          server={server}
          onRespond={onRespond}
          onDraftChange={(draft, verdict) => {
            onDraft(draft);
            setLive(
              verdict.ok
                ? JSON.stringify(verdict.result)
                : `refused: ${verdict.errors.map((error) => `${error.field} ${error.code}`).join(', ')}`,
            );
          }}
        />
        <output aria-label="Live answer">{live}</output>
      </>
    );
  }

  test('it shows the opening answer, follows every change, and sends nothing by itself', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    const onDraft = vi.fn();
    render(<Preview onRespond={onRespond} onDraft={onDraft} />);
    const live = () => screen.getByRole('status', { name: 'Live answer' });
    expect(live().textContent).toBe('{"action":"accept","content":{"city":"Pune"}}');
    expect(onDraft.mock.calls).toStrictEqual([[{ city: 'Pune' }]]);

    await user.click(screen.getByRole('checkbox', { name: 'Tuesday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    expect(live().textContent).toBe('{"action":"accept","content":{"city":"Pune","days":["mon","tue"]}}');

    await user.type(screen.getByRole('textbox', { name: 'Copies' }), 'x');
    expect(live().textContent).toBe('refused: copies not-a-number');
    await user.clear(screen.getByRole('textbox', { name: 'City' }));
    expect(live().textContent).toBe('refused: city required, copies not-a-number');
    // An emptied input is no answer: the key leaves the draft, as rjsf's own inputs give `undefined`.
    expect(onDraft.mock.lastCall).toStrictEqual([{ copies: 'x', days: ['mon', 'tue'] }]);

    await user.clear(screen.getByRole('textbox', { name: 'Copies' }));
    await user.type(screen.getByRole('textbox', { name: 'Copies' }), '2');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Oslo');
    expect(live().textContent).toBe('{"action":"accept","content":{"city":"Oslo","copies":2,"days":["mon","tue"]}}');
    expect(onRespond).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onRespond.mock.calls).toStrictEqual([
      [{ action: 'accept', content: { city: 'Oslo', copies: 2, days: ['mon', 'tue'] } }],
    ]);
  });

  test('a refused request never reports a draft', () => {
    const onDraftChange = vi.fn();
    const refused = {
      message: 'Pick',
      requestedSchema: { type: 'object', properties: { color: { type: 'string', enum: [] } } },
    };
    render(
      <ElicitationForm
        request={refused as unknown as ElicitRequestFormParams}
        server={server}
        onRespond={vi.fn()}
        onDraftChange={onDraftChange}
      />,
    );
    expect(screen.getByText('This request cannot be shown as a form')).toBeInTheDocument();
    expect(onDraftChange).not.toHaveBeenCalled();
  });
});

describe("given ElicitationForm inside a host's own <form>", () => {
  test("the host's form data holds only the host's fields: the kit's controls belong to no form", async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <form aria-label="Settings">
        <input aria-label="Team" name="team" defaultValue="ops" />
        <ElicitationForm
          request={{
            message: 'Deploy?',
            requestedSchema: {
              type: 'object',
              properties: {
                project: { type: 'string', title: 'Project' },
                region: { type: 'string', title: 'Region', enum: ['eu', 'us'] },
                size: { type: 'string', title: 'Size', enum: Array.from({ length: 60 }, (_, i) => `s${i}`) },
                notify: { type: 'array', title: 'Notify', items: { type: 'string', enum: ['mail', 'chat'] } },
                dryRun: { type: 'boolean', title: 'Dry run' },
              },
            },
          }}
          server={server}
          onRespond={vi.fn()}
        />
      </form>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Project' }), 'Apollo');
    await user.click(screen.getByRole('radio', { name: 'eu' }));
    await user.type(screen.getByRole('combobox', { name: 'Size' }), 's3');
    await user.click(screen.getByRole('option', { name: 's3' }));
    await user.click(screen.getByRole('checkbox', { name: 'mail' }));
    await user.click(screen.getByRole('checkbox', { name: 'Dry run' }));
    const form = screen.getByRole('form', { name: 'Settings' }) as HTMLFormElement;
    expect([...new FormData(form).entries()]).toEqual([['team', 'ops']]);
  });
});
