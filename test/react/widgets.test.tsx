// Each kit widget, rendered through ElicitationForm from a tiny schema, driven as a person would
// (role and name queries, userEvent), with the exact ElicitResult asserted. This project runs in
// Asia/Kolkata (+05:30, no DST); the DST tests switch the process to America/New_York.
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';

import { generateTheme } from '../../src/index.js';
import { toRjsf } from '../../src/core/index.js';
import { ask, renderForm } from './helpers.js';

describe('given a text field', () => {
  test('its length bounds are a hint in its description; the typed text is sent', async () => {
    const { user, accept, onRespond } = renderForm(
      ask(
        { type: 'string', title: 'Project', description: 'Shown on the dashboard.', minLength: 3, maxLength: 20 },
        true,
      ),
      'Widget test',
    );
    const input = screen.getByRole('textbox', { name: 'Project' });
    expect(input).toHaveAccessibleDescription('Shown on the dashboard. 3–20 characters');
    await user.type(input, 'Apollo');
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: 'Apollo' } }]]);
  });

  test('a cleared optional default is omitted, not sent as ""', async () => {
    const { user, accept, onRespond } = renderForm(
      ask({ type: 'string', title: 'Nick', default: 'ada' }),
      'Widget test',
    );
    expect(screen.getByRole('textbox', { name: 'Nick' })).toHaveValue('ada');
    await user.clear(screen.getByRole('textbox', { name: 'Nick' }));
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: {} }]]);
  });

  test('too short: the inline error is tied to the input', async () => {
    const { user, accept, onRespond } = renderForm(
      ask({ type: 'string', title: 'Project', minLength: 3 }, true),
      'Widget test',
    );
    await user.type(screen.getByRole('textbox', { name: 'Project' }), 'Ap');
    await accept();
    expect(onRespond).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Project' })).toHaveAccessibleDescription(
      'Enter at least 3 characters. At least 3 characters',
    );
  });
});

describe('given an email field', () => {
  test('it is an email input; a valid address is sent', async () => {
    const { user, accept, onRespond } = renderForm(
      ask({ type: 'string', title: 'Email', format: 'email' }, true),
      'Widget test',
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('type', 'email');
    await user.type(input, 'ap@example.com');
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: 'ap@example.com' } }]]);
  });

  test('an invalid address is core’s error, not the browser’s', async () => {
    const { user, accept, onRespond } = renderForm(
      ask({ type: 'string', title: 'Email', format: 'email' }, true),
      'Widget test',
    );
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ap@localhost');
    await accept();
    expect(onRespond).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Enter an email address such as name@example.com.',
    );
  });
});

describe('given a uri field', () => {
  test('it is a url input; the default is shown as text, never as a link, and sent verbatim', async () => {
    const { accept, onRespond } = renderForm(
      ask({ type: 'string', title: 'Repository', format: 'uri', default: 'https://github.com/example/app' }),
      'Widget test',
    );
    const input = screen.getByRole('textbox', { name: 'Repository' });
    expect(input).toHaveAttribute('type', 'url');
    expect(input).toHaveValue('https://github.com/example/app');
    expect(screen.queryByRole('link')).toBeNull();
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([
      [{ action: 'accept', content: { f: 'https://github.com/example/app' } }],
    ]);
  });
});

describe('given a date field', () => {
  test('it is a date input, with no format hint beside the browser’s own date control; YYYY-MM-DD is sent', async () => {
    const { user, accept, onRespond } = renderForm(
      ask({ type: 'string', title: 'Start date', format: 'date' }, true),
      'Widget test',
    );
    const input = screen.getByLabelText('Start date *');
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveAccessibleDescription('');
    await user.type(input, '2024-02-29');
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: '2024-02-29' } }]]);
  });
});

describe('given a date field in a browser without a date control', () => {
  test('the input falls back to text, and the hint says YYYY-MM-DD', () => {
    const create = document.createElement.bind(document);
    // Such a browser reads an input's type back as "text".
    vi.spyOn(document, 'createElement').mockImplementation((tag: string, options?: ElementCreationOptions) => {
      const element = create(tag, options);
      if (tag === 'input') Object.defineProperty(element, 'type', { get: () => 'text', set: () => undefined });
      return element;
    });
    renderForm(ask({ type: 'string', title: 'Start date', format: 'date' }, true), 'Widget test');
    expect(screen.getByLabelText('Start date *')).toHaveAccessibleDescription('Format: YYYY-MM-DD');
    vi.restoreAllMocks();
  });
});

describe('given a date-time field', () => {
  const zone = () => new Intl.DateTimeFormat().resolvedOptions().timeZone;
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  test('the person picks local time, sees the zone, and the content carries the offset', async () => {
    const { user, accept, onRespond } = renderForm(
      ask({ type: 'string', title: 'Window start', format: 'date-time' }, true),
      'Widget test',
    );
    const input = screen.getByLabelText('Window start *');
    expect(input).toHaveAttribute('type', 'datetime-local');
    expect(input).toHaveAccessibleDescription(`Time zone: ${zone()} (UTC+05:30)`);
    await user.type(input, '2026-03-01T09:30');
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: '2026-03-01T09:30:00+05:30' } }]]);
  });

  test('a default with an offset is shown in local time and sent verbatim when untouched', async () => {
    const { accept, onRespond } = renderForm(
      ask({ type: 'string', title: 'Reminder', format: 'date-time', default: '2026-05-01T14:30:00+02:00' }),
      'Widget test',
    );
    // 14:30 at +02:00 is 12:30 UTC, 18:00 in Kolkata.
    expect(screen.getByLabelText('Reminder')).toHaveValue('2026-05-01T18:00');
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: '2026-05-01T14:30:00+02:00' } }]]);
  });

  test('a changed default is sent as the new local time with the local offset', async () => {
    const { user, accept, onRespond } = renderForm(
      ask({ type: 'string', title: 'Reminder', format: 'date-time', default: '2026-06-01T08:00:00Z' }),
      'Widget test',
    );
    const input = screen.getByLabelText('Reminder');
    expect(input).toHaveValue('2026-06-01T13:30');
    await user.clear(input);
    await user.type(input, '2026-06-02T07:15');
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: '2026-06-02T07:15:00+05:30' } }]]);
  });

  test('in America/New_York, summer time gets -04:00 and the zone hint says so', async () => {
    process.env.TZ = 'America/New_York';
    const { user, accept, onRespond } = renderForm(
      ask({ type: 'string', title: 'Window start', format: 'date-time' }, true),
      'Widget test',
    );
    const input = screen.getByLabelText('Window start *');
    await user.type(input, '2026-07-01T09:00');
    expect(input).toHaveAccessibleDescription('Time zone: America/New_York (UTC-04:00)');
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: '2026-07-01T09:00:00-04:00' } }]]);
  });

  test('in America/New_York, a time the clocks skip is an error', async () => {
    process.env.TZ = 'America/New_York';
    const { user, accept, onRespond } = renderForm(
      ask({ type: 'string', title: 'Window start', format: 'date-time' }, true),
      'Widget test',
    );
    await user.type(screen.getByLabelText('Window start *'), '2026-03-08T02:30');
    await accept();
    expect(onRespond).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Window start: This time does not exist in your time zone (the clocks skip it); choose another.',
    );
  });
});

describe('given a number field', () => {
  test('it is a text input that keeps "abc", which core reports instead of dropping', async () => {
    const { user, accept, onRespond } = renderForm(
      ask({ type: 'number', title: 'Discount', minimum: 0, maximum: 100 }, true),
      'Widget test',
    );
    const input = screen.getByRole('textbox', { name: 'Discount' });
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    await user.type(input, 'abc');
    expect(input).toHaveValue('abc');
    await accept();
    expect(onRespond).not.toHaveBeenCalled();
    expect(input).toHaveAccessibleDescription('Enter a number. A number from 0 to 100');
  });

  test('typed text becomes a JSON number', async () => {
    const { user, accept, onRespond } = renderForm(ask({ type: 'number', title: 'Discount' }, true), 'Widget test');
    await user.type(screen.getByRole('textbox', { name: 'Discount' }), '12.5');
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: 12.5 } }]]);
  });

  test('spaces only are no answer, not 0: an optional number is omitted', async () => {
    const { user, accept, onRespond } = renderForm(
      ask({ type: 'number', title: 'Budget', default: 250 }),
      'Widget test',
    );
    await user.clear(screen.getByRole('textbox', { name: 'Budget' }));
    await user.type(screen.getByRole('textbox', { name: 'Budget' }), '   ');
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: {} }]]);
  });

  test('an integer shows its bounds, offers a numeric keyboard, and refuses 1.5', async () => {
    const { user, accept, onRespond } = renderForm(
      ask({ type: 'integer', title: 'Replicas', minimum: 1, maximum: 10 }, true),
      'Widget test',
    );
    const input = screen.getByRole('textbox', { name: 'Replicas' });
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await user.type(input, '1.5');
    await accept();
    expect(onRespond).not.toHaveBeenCalled();
    expect(input).toHaveAccessibleDescription('Enter a whole number. A whole number from 1 to 10');
    await user.clear(input);
    await user.type(input, '7');
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: 7 } }]]);
  });
});

describe('given a boolean field', () => {
  test('required and left unticked, it is answered false', async () => {
    const { accept, onRespond } = renderForm(ask({ type: 'boolean', title: 'Run migrations' }, true), 'Widget test');
    const box = screen.getByRole('checkbox', { name: 'Run migrations' });
    expect(box).not.toBeChecked();
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: false } }]]);
  });

  test('optional and untouched, it is omitted; ticked, true', async () => {
    const first = renderForm(ask({ type: 'boolean', title: 'Subscribe' }), 'Widget test');
    await first.accept();
    expect(first.onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: {} }]]);
    first.unmount();
    const second = renderForm(ask({ type: 'boolean', title: 'Subscribe' }), 'Widget test');
    await second.user.click(screen.getByRole('checkbox', { name: 'Subscribe' }));
    expect(screen.getByRole('checkbox', { name: 'Subscribe' })).toBeChecked();
    await second.accept();
    expect(second.onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: true } }]]);
  });

  test('optional, ticked then unticked, it is answered false', async () => {
    const { user, accept, onRespond } = renderForm(ask({ type: 'boolean', title: 'Subscribe' }), 'Widget test');
    await user.click(screen.getByRole('checkbox', { name: 'Subscribe' }));
    await user.click(screen.getByRole('checkbox', { name: 'Subscribe' }));
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: false } }]]);
  });
});

describe('given a short single select', () => {
  const colours = {
    type: 'string',
    title: 'Colour',
    oneOf: [
      { const: 'r', title: 'Red' },
      { const: 'g', title: 'Green' },
      { const: 'b', title: 'Blue' },
    ],
  } as const;

  test('it is a named radio group of the titles; the value is sent', async () => {
    const { user, accept, onRespond } = renderForm(ask({ ...colours, oneOf: [...colours.oneOf] }, true), 'Widget test');
    const group = screen.getByRole('radiogroup', { name: 'Colour' });
    expect(group).toHaveAttribute('aria-required', 'true');
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['Red', 'Green', 'Blue']);
    expect(screen.queryByRole('button', { name: 'Clear choice' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Green' }));
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).checked),
    ).toEqual([false, true, false]);
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: 'g' } }]]);
  });

  test('legacy enumNames are the labels; arrow keys move and select', async () => {
    const { user, accept, onRespond } = renderForm(
      ask({
        type: 'string',
        title: 'Priority',
        enum: ['p1', 'p2', 'p3'],
        enumNames: ['Urgent', 'Normal', 'Low'],
        default: 'p2',
      }),
      'Widget test',
    );
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Normal' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Low' })).toBeChecked();
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: 'p3' } }]]);
  });

  test('an optional choice can be cleared; focus stays in the group', async () => {
    const { user, accept, onRespond } = renderForm(
      ask({ type: 'string', title: 'Level', enum: ['debug', 'info'], default: 'info' }),
      'Widget test',
    );
    await user.click(screen.getByRole('button', { name: 'Clear choice' }));
    expect(screen.getByRole('radio', { name: 'debug' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'info' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Clear choice' })).toBeNull();
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: {} }]]);
  });
});

describe('given a long single select', () => {
  const oneOf = Array.from({ length: 8 }, (_, i) => ({ const: `v${i}`, title: `Option ${i}` }));

  test('it is a native select with an empty first entry; the chosen title’s value is sent', async () => {
    const { user, accept, onRespond } = renderForm(
      ask({ type: 'string', title: 'Region', oneOf }, true),
      'Widget test',
    );
    const select = screen.getByRole('combobox', { name: 'Region' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', ...oneOf.map((option) => option.title)]);
    expect(select).toHaveAttribute('aria-required', 'true');
    await user.selectOptions(select, 'Option 5');
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: 'v5' } }]]);
  });

  test('choosing the empty entry again clears an optional select', async () => {
    const { user, accept, onRespond } = renderForm(
      ask({ type: 'string', title: 'Region', oneOf, default: 'v2' }),
      'Widget test',
    );
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveDisplayValue('Option 2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'Choose…');
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: {} }]]);
  });
});

describe('given a multi select', () => {
  const languages = {
    type: 'array',
    title: 'Languages',
    minItems: 1,
    maxItems: 2,
    items: {
      anyOf: [
        { const: 'de', title: 'German' },
        { const: 'fr', title: 'French' },
        { const: 'ja', title: 'Japanese' },
      ],
    },
  } as const;
  const request = () => ask({ ...languages, items: { anyOf: [...languages.items.anyOf] } }, true);

  test('it is a named checkbox group; values go out in option order, not click order', async () => {
    const { user, accept, onRespond } = renderForm(request(), 'Widget test');
    const group = screen.getByRole('group', { name: 'Languages' });
    expect(group).toHaveAccessibleDescription('Choose 1–2 options');
    await user.click(within(group).getByRole('checkbox', { name: 'Japanese' }));
    await user.click(within(group).getByRole('checkbox', { name: 'German' }));
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: ['de', 'ja'] } }]]);
  });

  test('"n of max selected" is a live status; at max the unticked boxes are disabled until one is unticked', async () => {
    const { user } = renderForm(request(), 'Widget test');
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('0 of 2 selected');
    await user.click(screen.getByRole('checkbox', { name: 'German' }));
    await user.click(screen.getByRole('checkbox', { name: 'French' }));
    expect(status).toHaveTextContent('2 of 2 selected');
    expect(screen.getByRole('checkbox', { name: 'Japanese' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'German' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'German' }));
    expect(status).toHaveTextContent('1 of 2 selected');
    expect(screen.getByRole('checkbox', { name: 'Japanese' })).toBeEnabled();
  });

  test('below minItems, core’s error is shown on the group', async () => {
    const { accept, onRespond } = renderForm(request(), 'Widget test');
    await accept();
    expect(onRespond).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: 'Languages' })).toHaveAccessibleDescription(
      'Choose at least 1 option. Choose 1–2 options',
    );
    expect(screen.getByRole('checkbox', { name: 'German' })).toHaveFocus();
  });
});

describe('given a long multi select', () => {
  const anyOf = Array.from({ length: 40 }, (_, i) => ({ const: `c${i}`, title: `Country ${i}` }));
  const request = ask({ type: 'array', title: 'Countries', items: { anyOf } }, true);

  test('a filter hides rows but keeps hidden choices; values stay in option order', async () => {
    const { user, accept, onRespond } = renderForm(request, 'Widget test');
    await user.click(screen.getByRole('checkbox', { name: 'Country 30' }));
    const filter = screen.getByRole('searchbox', { name: 'Filter Countries' });
    await user.type(filter, 'country 1');
    expect(screen.getByRole('checkbox', { name: 'Country 12' })).toBeVisible();
    // A hidden row has no accessible name any more: find Country 30 by its place among all boxes.
    const country30 = within(screen.getByRole('group', { name: 'Countries' })).getAllByRole('checkbox', {
      hidden: true,
    })[30];
    expect(country30).not.toBeVisible();
    expect(country30).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Country 12' }));
    expect(screen.getByRole('status')).toHaveTextContent('2 selected');
    await user.type(filter, 'zzz');
    expect(screen.getByText('No options match the filter.')).toBeInTheDocument();
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: ['c12', 'c30'] } }]]);
  });

  test('by keyboard: type in the filter, Tab to the match, Space; Escape clears the filter before it cancels', async () => {
    const { user, onRespond } = renderForm(request, 'Widget test');
    await user.tab();
    expect(screen.getByRole('searchbox', { name: 'Filter Countries' })).toHaveFocus();
    await user.keyboard('Country 7{Enter}');
    expect(onRespond).not.toHaveBeenCalled();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Country 7' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Country 7' })).toBeChecked();
    await user.click(screen.getByRole('searchbox', { name: 'Filter Countries' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('searchbox', { name: 'Filter Countries' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Country 30' })).toBeVisible();
    expect(onRespond).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'cancel' }]]);
  });
});

describe('given a host’s own rjsf Form with generateTheme()', () => {
  test('the kit widgets draw the fields, and formContext.labels changes their strings', async () => {
    const { schema, uiSchema } = toRjsf({
      type: 'object',
      properties: { tags: { type: 'array', title: 'Tags', maxItems: 1, items: { type: 'string', enum: ['a', 'b'] } } },
    });
    const onSubmit = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(
      <div className="mek-root">
        <Form
          {...generateTheme()}
          schema={schema}
          uiSchema={uiSchema}
          validator={validator}
          formContext={{ labels: { selectedCount: (count: number, max?: number) => `${count}/${max ?? '∞'}` } }}
          onSubmit={({ formData }) => onSubmit(formData)}
        />
      </div>,
    );
    await user.click(within(screen.getByRole('group', { name: 'Tags' })).getByRole('checkbox', { name: 'b' }));
    expect(screen.getByRole('status')).toHaveTextContent('1/1');
    expect(screen.getByRole('checkbox', { name: 'a' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onSubmit.mock.calls).toStrictEqual([[{ tags: ['b'] }]]);
  });

  test('a multi-select keeps values that are not options, last, so core can report them', async () => {
    const { schema, uiSchema } = toRjsf({
      type: 'object',
      properties: { tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['a', 'b', 'c'] } } },
    });
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(
      <div className="mek-root">
        <Form
          {...generateTheme()}
          schema={schema}
          uiSchema={uiSchema}
          validator={validator}
          noValidate
          formData={{ tags: ['zz', 'c'] }}
          onChange={({ formData }) => onChange(formData)}
        />
      </div>,
    );
    await user.click(screen.getByRole('checkbox', { name: 'a' }));
    expect(onChange.mock.calls.at(-1)).toStrictEqual([{ tags: ['a', 'c', 'zz'] }]);
  });

  test('a host list of numbers (indexed by a Map, not the text table) ticks and orders by value, 1 apart from "1"', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(
      <div className="mek-root">
        <Form
          {...generateTheme()}
          schema={{ type: 'array', title: 'Sizes', uniqueItems: true, items: { enum: [3, '1', 1, 2] } }}
          validator={validator}
          noValidate
          formData={[1]}
          onChange={({ formData }) => onChange(formData)}
        />
      </div>,
    );
    const boxes = within(screen.getByRole('group', { name: 'Sizes' })).getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toStrictEqual([false, false, true, false]);
    await user.click(boxes[3] as HTMLElement);
    await user.click(boxes[0] as HTMLElement);
    expect(onChange.mock.calls.at(-1)).toStrictEqual([[3, 1, 2]]);
  });
});
