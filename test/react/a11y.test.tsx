// axe-core on the rendered kit, for every widget in each of its states: default, filled, error,
// and (multi selects) disabled at maxItems. Zero violations, exactly. jsdom has no layout and no
// canvas, so axe's colour-contrast rule cannot run here (it only logs jsdom's "not implemented"):
// it is turned off and left to the story tests in Chromium, where the a11y addon runs every rule.
import { render, screen, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';

import { ElicitationForm, type ElicitRequestFormParams, type PrimitiveSchemaDefinition } from '../../src/index.js';
import { violations } from './helpers.js';

interface WidgetCase {
  name: string;
  property: PrimitiveSchemaDefinition;
  /** Gives the field a valid answer. */
  fill: (user: UserEvent) => Promise<void>;
  /** Gives the field an answer core refuses (or leaves a required field empty). */
  spoil?: (user: UserEvent) => Promise<void>;
  /** `false` when no input makes the field invalid (a required boolean left unticked is `false`). */
  canFail?: false;
}

const many = Array.from({ length: 60 }, (_, i) => ({ const: `v${i}`, title: `Choice ${i}` }));

const widgets: WidgetCase[] = [
  {
    name: 'text',
    property: { type: 'string', title: 'Project', description: 'Shown on the dashboard.', minLength: 3, maxLength: 20 },
    fill: (user) => user.type(screen.getByRole('textbox', { name: 'Project' }), 'Apollo'),
    spoil: (user) => user.type(screen.getByRole('textbox', { name: 'Project' }), 'Ap'),
  },
  {
    name: 'email',
    property: { type: 'string', title: 'Email', format: 'email' },
    fill: (user) => user.type(screen.getByRole('textbox', { name: 'Email' }), 'ap@example.com'),
    spoil: (user) => user.type(screen.getByRole('textbox', { name: 'Email' }), 'nope'),
  },
  {
    name: 'uri',
    property: { type: 'string', title: 'Webhook', format: 'uri' },
    fill: (user) => user.type(screen.getByRole('textbox', { name: 'Webhook' }), 'https://hooks.example.com/e'),
    spoil: (user) => user.type(screen.getByRole('textbox', { name: 'Webhook' }), 'hooks'),
  },
  {
    name: 'date',
    property: { type: 'string', title: 'Start date', format: 'date' },
    fill: (user) => user.type(screen.getByLabelText('Start date *'), '2024-02-29'),
  },
  {
    name: 'date-time',
    property: { type: 'string', title: 'Window start', format: 'date-time' },
    fill: (user) => user.type(screen.getByLabelText('Window start *'), '2026-03-01T09:30'),
  },
  {
    name: 'number',
    property: { type: 'number', title: 'Discount', minimum: 0, maximum: 100 },
    fill: (user) => user.type(screen.getByRole('textbox', { name: 'Discount' }), '12.5'),
    spoil: (user) => user.type(screen.getByRole('textbox', { name: 'Discount' }), 'abc'),
  },
  {
    name: 'integer',
    property: { type: 'integer', title: 'Replicas', minimum: 1 },
    fill: (user) => user.type(screen.getByRole('textbox', { name: 'Replicas' }), '3'),
    spoil: (user) => user.type(screen.getByRole('textbox', { name: 'Replicas' }), '1.5'),
  },
  {
    name: 'boolean',
    property: { type: 'boolean', title: 'Run migrations', description: 'Runs before the deploy.' },
    fill: (user) => user.click(screen.getByRole('checkbox', { name: 'Run migrations' })),
    canFail: false,
  },
  {
    name: 'radio group',
    property: {
      type: 'string',
      title: 'Colour',
      description: 'Pick one.',
      oneOf: [
        { const: 'r', title: 'Red' },
        { const: 'g', title: 'Green' },
      ],
    },
    fill: (user) => user.click(screen.getByRole('radio', { name: 'Green' })),
  },
  {
    name: 'select',
    property: { type: 'string', title: 'Region', oneOf: many.slice(0, 9) },
    fill: (user) => user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'Choice 4'),
  },
  {
    name: 'checkbox group',
    property: { type: 'array', title: 'Languages', minItems: 1, maxItems: 2, items: { anyOf: many.slice(0, 3) } },
    fill: (user) => user.click(screen.getByRole('checkbox', { name: 'Choice 1' })),
  },
  {
    name: 'combobox (more than 50 options)',
    property: { type: 'string', title: 'Site', oneOf: many },
    fill: async (user) => {
      await user.type(screen.getByRole('combobox', { name: 'Site' }), 'Choice 1');
      await user.click(screen.getByRole('option', { name: 'Choice 12' }));
    },
  },
  {
    name: 'long checkbox group with a filter',
    property: { type: 'array', title: 'Countries', minItems: 1, maxItems: 2, items: { anyOf: many } },
    fill: async (user) => {
      await user.type(screen.getByRole('searchbox', { name: 'Filter Countries' }), 'Choice 1');
      await user.click(screen.getByRole('checkbox', { name: 'Choice 12' }));
    },
  },
];

function ask(property: PrimitiveSchemaDefinition, required: boolean): ElicitRequestFormParams {
  return {
    message: 'Please answer',
    requestedSchema: { type: 'object', properties: { f: property }, ...(required && { required: ['f'] }) },
  };
}

function renderWidget(property: PrimitiveSchemaDefinition, required = true) {
  return render(
    <ElicitationForm request={ask(property, required)} server={{ name: 'Axe', id: 'axe-1' }} onRespond={vi.fn()} />,
  );
}

describe.each(widgets)('given the $name widget', ({ property, fill, spoil, canFail }) => {
  test('default: no violations', async () => {
    const { container } = renderWidget(property);
    expect(await violations(container)).toEqual([]);
  });

  test('filled: no violations', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderWidget(property);
    await fill(user);
    expect(await violations(container)).toEqual([]);
  });

  // A widget that cannot be in error (an unticked required boolean is the answer false) has no
  // error state to audit; instead it proves Accept answers at once, with no error summary.
  test(
    canFail === false ? 'no error state: Accept answers, no alert' : 'error (after Accept): no violations',
    async () => {
      const user = userEvent.setup({ delay: null });
      const onRespond = vi.fn();
      const { container } = render(
        <ElicitationForm request={ask(property, true)} server={{ name: 'Axe', id: 'axe-1' }} onRespond={onRespond} />,
      );
      if (spoil) await spoil(user);
      await user.click(screen.getByRole('button', { name: 'Accept' }));
      if (canFail === false) {
        expect(screen.queryByRole('alert')).toBeNull();
        expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: false } }]]);
        return;
      }
      expect(onRespond).not.toHaveBeenCalled();
      expect(screen.getByRole('alert')).toBeInTheDocument();
      expect(await violations(container)).toEqual([]);
    },
  );

  test('optional: no violations', async () => {
    const { container } = renderWidget(property, false);
    expect(await violations(container)).toEqual([]);
  });
});

describe('given a checkbox group at maxItems', () => {
  test('disabled-at-max: no violations', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderWidget({
      type: 'array',
      title: 'Languages',
      maxItems: 2,
      items: { anyOf: many.slice(0, 4) },
    });
    const group = screen.getByRole('group', { name: 'Languages' });
    await user.click(within(group).getByRole('checkbox', { name: 'Choice 0' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Choice 2' }));
    expect(within(group).getByRole('checkbox', { name: 'Choice 1' })).toBeDisabled();
    expect(await violations(container)).toEqual([]);
  });
});

describe('given the other states of the form', () => {
  test('a refused request with warnings: no violations', async () => {
    const { container } = render(
      <ElicitationForm
        request={
          {
            message: 'Book',
            requestedSchema: {
              type: 'object',
              properties: {
                room: { type: 'string', title: 42, enum: ['A'] },
                slot: { type: 'string', format: 'time' },
              },
            },
          } as unknown as ElicitRequestFormParams
        }
        server={{ name: 'Rooms' }}
        onRespond={vi.fn()}
      />,
    );
    expect(screen.getByText('This request cannot be shown as a form')).toBeInTheDocument();
    expect(await violations(container)).toEqual([]);
  });

  test('two requests from one server side by side (a 2026-07-28 round): no violations', async () => {
    const request = ask({ type: 'string', title: 'Name' }, true);
    const { container } = render(
      <>
        <ElicitationForm request={request} server={{ name: 'Twins' }} onRespond={vi.fn()} />
        <ElicitationForm request={{ ...request }} server={{ name: 'Twins' }} onRespond={vi.fn()} />
      </>,
    );
    expect(screen.getAllByRole('group', { name: 'Request from Twins' })).toHaveLength(2);
    expect(await violations(container)).toEqual([]);
  });

  test('the dark theme: no violations', async () => {
    const { container } = render(
      <ElicitationForm
        request={ask({ type: 'string', title: 'Name' }, true)}
        server={{ name: 'Dark' }}
        onRespond={vi.fn()}
        theme="dark"
      />,
    );
    expect(await violations(container)).toEqual([]);
  });
});
