// generateTheme() in a host's own rjsf Form, with @rjsf/validator-ajv8: what a person types reaches
// the form data typed per schema, required fields mean what rjsf's default theme means, every
// control is named, and the uiSchema options rjsf documents are honoured. What snapshots cannot see.
import Form, { type IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';

import { ElicitationForm, generateTheme, type ElicitRequestFormParams, type ElicitResult } from '../../src/index.js';
import { submitDraft, toRjsf } from '../../src/core/index.js';
import { violations } from './helpers.js';

type Submitted = Record<string, unknown>;

/** A host's form with the kit's theme; `onSubmit` gets the form data, `onError` rjsf's errors as `stack`s. */
function renderHostForm({
  schema,
  uiSchema,
  formData,
  noHtml5Validate,
  experimental_defaultFormStateBehavior,
  onFocus,
  onBlur,
}: {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  formData?: Submitted;
  noHtml5Validate?: boolean;
  experimental_defaultFormStateBehavior?: { emptyObjectFields: 'populateRequiredDefaults' };
  onFocus?: (id: string, value: unknown) => void;
  onBlur?: (id: string, value: unknown) => void;
}) {
  const onSubmit = vi.fn<(formData: unknown) => void>();
  const onError = vi.fn<(stacks: string[]) => void>();
  const user = userEvent.setup({ delay: null });
  const view = render(
    <div className="mek-root">
      <Form
        {...generateTheme()}
        schema={schema}
        uiSchema={uiSchema}
        formData={formData}
        validator={validator}
        noHtml5Validate={noHtml5Validate}
        experimental_defaultFormStateBehavior={experimental_defaultFormStateBehavior}
        onFocus={onFocus}
        onBlur={onBlur}
        onSubmit={({ formData: data }: IChangeEvent) => onSubmit(data)}
        onError={(errors: RJSFValidationError[]) => onError(errors.map((error) => error.stack))}
      />
    </div>,
  );
  const submit = () => user.click(screen.getByRole('button', { name: 'Accept' }));
  return { ...view, user, submit, onSubmit, onError };
}

/** The form data as JSON would carry it: a key holding `undefined` is no key. */
function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

describe('given number fields in a host’s form', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: {
      n: { type: 'number', title: 'Amount' },
      i: { type: 'integer', title: 'Count' },
      list: { type: 'array', title: 'Weights', items: { type: 'number' } },
    },
  };

  test('typed numbers are submitted as JSON numbers, in lists too', async () => {
    const { user, submit, onSubmit, onError } = renderHostForm({ schema, formData: { list: [0, 0] } });
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '42');
    await user.type(screen.getByRole('textbox', { name: 'Count' }), '7');
    await user.clear(screen.getByRole('textbox', { name: 'Weights-1' }));
    await user.type(screen.getByRole('textbox', { name: 'Weights-1' }), '1.5');
    await user.clear(screen.getByRole('textbox', { name: 'Weights-2' }));
    await user.type(screen.getByRole('textbox', { name: 'Weights-2' }), ' -2e1 ');
    await submit();
    expect(onError).not.toHaveBeenCalled();
    expect(onSubmit.mock.calls).toStrictEqual([[{ n: 42, i: 7, list: [1.5, -20] }]]);
  });

  test('a cleared optional number is no answer, and blank text is none either', async () => {
    const { user, submit, onSubmit, onError } = renderHostForm({ schema, formData: { n: 5, i: 3 } });
    await user.clear(screen.getByRole('textbox', { name: 'Amount' }));
    await user.clear(screen.getByRole('textbox', { name: 'Count' }));
    await user.type(screen.getByRole('textbox', { name: 'Count' }), '   ');
    await submit();
    expect(onError).not.toHaveBeenCalled();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(asJson(onSubmit.mock.calls[0]?.[0])).toStrictEqual({});
  });

  test('text that is not a number stays on screen and rjsf refuses it, never a guess such as 0x10 → 16', async () => {
    const { user, submit, onSubmit, onError } = renderHostForm({ schema });
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), 'abc');
    await user.type(screen.getByRole('textbox', { name: 'Count' }), '0x10');
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onError.mock.calls).toStrictEqual([[["'Amount' must be number", "'Count' must be integer"]]]);
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('abc');
    expect(screen.getByRole('textbox', { name: 'Count' })).toHaveValue('0x10');
  });

  test('a number being typed keeps its text ("1." and "1.50") while the form holds 1 and 1.5', async () => {
    const { user, submit, onSubmit } = renderHostForm({ schema });
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await user.type(amount, '1.');
    expect(amount).toHaveValue('1.');
    await user.type(amount, '50');
    expect(amount).toHaveValue('1.50');
    await submit();
    expect(onSubmit.mock.calls).toStrictEqual([[{ n: 1.5 }]]);
  });

  test('an integer field of toRjsf is submitted as an integer (the kit’s own rjsf pair)', async () => {
    const { schema: rjsfSchema, uiSchema } = toRjsf({
      type: 'object',
      properties: { replicas: { type: 'integer', title: 'Replicas', minimum: 1 } },
      required: ['replicas'],
    });
    const { user, submit, onSubmit, onError } = renderHostForm({ schema: rjsfSchema, uiSchema });
    await user.type(screen.getByRole('textbox', { name: 'Replicas' }), '4');
    await submit();
    expect(onError).not.toHaveBeenCalled();
    expect(onSubmit.mock.calls).toStrictEqual([[{ replicas: 4 }]]);
  });
});

describe('given a date-time field in a host’s form', () => {
  test('the local time picked is submitted with its offset (Asia/Kolkata here), which rjsf accepts', async () => {
    const { user, submit, onSubmit, onError } = renderHostForm({
      schema: { type: 'object', properties: { at: { type: 'string', format: 'date-time', title: 'Start' } } },
    });
    await user.type(screen.getByLabelText('Start'), '2026-03-01T09:30');
    await submit();
    expect(onError).not.toHaveBeenCalled();
    expect(onSubmit.mock.calls).toStrictEqual([[{ at: '2026-03-01T09:30:00+05:30' }]]);
    expect(screen.getByLabelText('Start')).toHaveValue('2026-03-01T09:30');
  });
});

describe('given a required text field in a host’s form', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: { name: { type: 'string', title: 'Name' }, note: { type: 'string', title: 'Note' } },
    required: ['name'],
  };

  test('cleared, it is missing for rjsf’s validator, as with rjsf’s default theme', async () => {
    const { user, submit, onSubmit, onError } = renderHostForm({
      schema,
      formData: { name: 'Ada', note: 'x' },
      noHtml5Validate: true,
    });
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.clear(screen.getByRole('textbox', { name: 'Note' }));
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onError.mock.calls).toStrictEqual([[["must have required property 'Name'"]]]);
  });

  test('its input carries the native required attribute; ElicitationForm’s does not (it may sit in a host’s form)', () => {
    renderHostForm({ schema });
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('required');
    expect(screen.getByRole('textbox', { name: 'Note' })).not.toHaveAttribute('required');
  });

  test('ElicitationForm’s input is required for assistive technology only', () => {
    render(
      <ElicitationForm
        request={{
          message: 'Who?',
          requestedSchema: {
            type: 'object',
            properties: { name: { type: 'string', title: 'Name' } },
            required: ['name'],
          },
        }}
        server={{ name: 'Bot' }}
        onRespond={vi.fn()}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('required');
  });
});

describe('given widgets rjsf picks by format, without ui:widget', () => {
  test('the ones the kit has no widget for are named by their title too', () => {
    renderHostForm({
      schema: {
        type: 'object',
        properties: {
          colour: { type: 'string', format: 'color', title: 'Colour' },
          at: { type: 'string', format: 'time', title: 'Time of day' },
          photo: { type: 'string', format: 'data-url', title: 'Photo' },
          scans: { type: 'array', title: 'Scans', items: { type: 'string', format: 'data-url' } },
          secret: { type: 'string', title: 'Secret' },
          bio: { type: 'string', title: 'Biography', description: 'A few lines.' },
        },
      },
      uiSchema: { secret: { 'ui:widget': 'password' }, bio: { 'ui:widget': 'textarea' } },
    });
    expect(screen.getByLabelText('Colour')).toHaveAttribute('type', 'color');
    expect(screen.getByLabelText('Time of day')).toHaveAttribute('type', 'time');
    expect(screen.getByLabelText('Photo')).toHaveAttribute('type', 'file');
    expect(screen.getByLabelText('Scans')).toHaveAttribute('multiple');
    expect(screen.getByLabelText('Secret')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('textbox', { name: 'Biography' })).toHaveAccessibleDescription('A few lines.');
  });
});

describe('given the uiSchema options rjsf documents', () => {
  test('ui:placeholder, ui:autocomplete, ui:description and ui:help reach the input', () => {
    renderHostForm({
      schema: {
        type: 'object',
        properties: { mail: { type: 'string', format: 'email', title: 'Mail', description: 'Schema' } },
      },
      uiSchema: {
        mail: {
          'ui:placeholder': 'you@example.com',
          'ui:autocomplete': 'email',
          'ui:description': 'Where replies go.',
          'ui:help': 'We never share it.',
        },
      },
    });
    const input = screen.getByRole('textbox', { name: 'Mail' });
    expect(input).toHaveAttribute('placeholder', 'you@example.com');
    expect(input).toHaveAttribute('autocomplete', 'email');
    expect(input).toHaveAccessibleDescription('Where replies go. We never share it.');
    expect(screen.queryByText('Schema')).toBeNull();
  });

  test('allowClearTextInputs gives a Clear button that empties the field', async () => {
    const { user, submit, onSubmit } = renderHostForm({
      schema: { type: 'object', properties: { city: { type: 'string', title: 'City' } } },
      uiSchema: { city: { 'ui:options': { allowClearTextInputs: true } } },
      formData: { city: 'Pune' },
    });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    await submit();
    expect(asJson(onSubmit.mock.calls)).toStrictEqual([[{}]]);
  });

  test('the chosen oneOf option’s description is shown and describes the select', async () => {
    const { user } = renderHostForm({
      schema: {
        type: 'object',
        properties: {
          plan: {
            type: 'string',
            title: 'Plan',
            oneOf: [
              { const: 'a', title: 'Free' },
              { const: 'b', title: 'Pro', description: 'Billed monthly.' },
              ...['c', 'd', 'e', 'f', 'g', 'h'].map((value) => ({ const: value, title: value.toUpperCase() })),
            ],
          },
        },
      },
    });
    const select = screen.getByRole('combobox', { name: 'Plan' });
    expect(select).toHaveAccessibleDescription('');
    await user.selectOptions(select, 'Pro');
    expect(select).toHaveAccessibleDescription('Billed monthly.');
  });

  test('a fixed array names each item by its own title', () => {
    renderHostForm({
      schema: {
        type: 'object',
        properties: {
          pair: {
            type: 'array',
            title: 'Pair',
            items: [
              { type: 'string', title: 'Name' },
              { type: 'number', title: 'Age' },
            ],
          },
        },
      },
    });
    const group = screen.getByRole('group', { name: 'Pair' });
    expect(
      within(group)
        .getAllByRole('textbox')
        .map((input) => input.getAttribute('id')),
    ).toEqual([screen.getByRole('textbox', { name: 'Name' }).id, screen.getByRole('textbox', { name: 'Age' }).id]);
  });
});

describe('given additionalProperties in a host’s form', () => {
  test('a property can be added, renamed and removed, each control named', async () => {
    const { user, submit, onSubmit } = renderHostForm({
      schema: { type: 'object', title: 'Labels', additionalProperties: { type: 'string' } },
      formData: { team: 'core' },
    });
    expect(screen.getByRole('textbox', { name: 'team' })).toHaveValue('core');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('textbox', { name: 'newKey Key' })).toHaveValue('newKey');
    const key = screen.getByRole('textbox', { name: 'newKey Key' });
    await user.clear(key);
    await user.type(key, 'owner');
    await user.tab();
    await user.type(screen.getByRole('textbox', { name: 'owner' }), 'ada');
    const removes = screen.getAllByRole('button', { name: 'Remove' });
    expect(removes).toHaveLength(2);
    await user.click(removes[0] as HTMLElement);
    await submit();
    expect(onSubmit.mock.calls).toStrictEqual([[{ owner: 'New Valueada' }]]);
  });
});

describe('given optional data controls (ui:enableOptionalDataFieldForType)', () => {
  test('an optional object is added and removed with named buttons', async () => {
    const { user } = renderHostForm({
      schema: {
        type: 'object',
        properties: {
          address: { type: 'object', title: 'Address', properties: { city: { type: 'string', title: 'City' } } },
        },
      },
      uiSchema: { 'ui:globalOptions': { enableOptionalDataFieldForType: ['object'] } },
      experimental_defaultFormStateBehavior: { emptyObjectFields: 'populateRequiredDefaults' },
    });
    expect(screen.queryByRole('textbox', { name: 'City' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add data for optional field' }));
    expect(screen.getByRole('group', { name: 'Address' })).toContainElement(
      screen.getByRole('textbox', { name: 'City' }),
    );
    await user.click(screen.getByRole('button', { name: 'Remove data for optional field' }));
    expect(screen.queryByRole('textbox', { name: 'City' })).toBeNull();
  });
});

describe('given radio and checkbox groups in a host’s form', () => {
  test('focus and blur report the value of the option that gets or loses the focus', async () => {
    const onFocus = vi.fn<(id: string, value: unknown) => void>();
    const onBlur = vi.fn<(id: string, value: unknown) => void>();
    const { schema, uiSchema } = toRjsf({
      type: 'object',
      properties: {
        size: { type: 'string', title: 'Size', enum: ['s', 'm'] },
        tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['x', 'y'] } },
      },
    });
    const { user } = renderHostForm({ schema, uiSchema, formData: { size: 's' }, onFocus, onBlur });
    await user.click(screen.getByRole('radio', { name: 'm' }));
    await user.click(screen.getByRole('checkbox', { name: 'y' }));
    await user.click(screen.getByRole('checkbox', { name: 'x' }));
    expect(onFocus.mock.calls).toStrictEqual([
      ['root_size', 'm'],
      ['root_tags', 'y'],
      ['root_tags', 'x'],
    ]);
    expect(onBlur.mock.calls).toStrictEqual([
      ['root_size', 'm'],
      ['root_tags', 'y'],
    ]);
  });
});

describe('given a checkbox group emptied in a host’s form', () => {
  const { schema, uiSchema } = toRjsf({
    type: 'object',
    properties: {
      tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['x', 'y'] } },
      must: { type: 'array', title: 'Must', minItems: 1, items: { type: 'string', enum: ['a', 'b'] } },
    },
    required: ['must'],
  });

  test('an optional list is then no answer; a required one stays [] and minItems refuses it', async () => {
    const { user, submit, onSubmit, onError } = renderHostForm({ schema, uiSchema, noHtml5Validate: true });
    for (const name of ['x', 'a']) await user.click(screen.getByRole('checkbox', { name }));
    for (const name of ['x', 'a']) await user.click(screen.getByRole('checkbox', { name }));
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onError.mock.calls).toStrictEqual([[["'Must' must NOT have fewer than 1 items"]]]);
    await user.click(screen.getByRole('checkbox', { name: 'b' }));
    await submit();
    expect(asJson(onSubmit.mock.calls)).toStrictEqual([[{ must: ['b'] }]]);
  });
});

describe('given ui:submitButtonOptions in a host’s form', () => {
  test('submitText names the button, and a disabled form disables it, as rjsf’s own button does', () => {
    const schema: RJSFSchema = { type: 'object', properties: { a: { type: 'string', title: 'A' } } };
    const { rerender } = render(
      <Form
        {...generateTheme()}
        schema={schema}
        uiSchema={{ 'ui:submitButtonOptions': { submitText: 'Save' } }}
        validator={validator}
      />,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    rerender(<Form {...generateTheme()} schema={schema} validator={validator} disabled />);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
    rerender(
      <Form
        {...generateTheme()}
        schema={schema}
        uiSchema={{ 'ui:submitButtonOptions': { norender: true } }}
        validator={validator}
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('given the example of a host’s form in src/react/theme/README.md', () => {
  const theme = generateTheme();

  // As src/react/theme/README.md writes it (Prettier's layout aside).
  function HostElicitation({
    request,
    onRespond,
  }: {
    request: ElicitRequestFormParams;
    onRespond: (r: ElicitResult) => void;
  }) {
    const { schema, uiSchema, toDraft } = toRjsf(request.requestedSchema);
    return (
      <div className="mek-root">
        <Form
          {...theme}
          schema={schema}
          uiSchema={uiSchema}
          validator={validator}
          experimental_defaultFormStateBehavior={{ constAsDefaults: 'skipOneOf' }}
          onSubmit={({ formData }) => {
            const answer = submitDraft(request.requestedSchema, toDraft(formData)); // toDraft: back to the server's keys
            if (answer.ok) onRespond(answer.result);
          }}
        />
      </div>
    );
  }

  const request: ElicitRequestFormParams = {
    message: 'Deploy?',
    requestedSchema: {
      type: 'object',
      properties: {
        region: {
          type: 'string',
          title: 'Region',
          oneOf: [
            { const: 'eu', title: 'Europe' },
            { const: 'us', title: 'United States' },
          ],
        },
        replicas: { type: 'integer', title: 'Replicas', minimum: 1, maximum: 9, default: 3 },
        startAt: { type: 'string', title: 'Start at', format: 'date-time' },
        note: { type: 'string', title: 'Note', maxLength: 200 },
      },
      required: ['region'],
    },
  };

  test('it sends what ElicitationForm sends for the same answers', async () => {
    const answer = async () => {
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('radio', { name: 'United States' }));
      await user.clear(screen.getByRole('textbox', { name: 'Replicas' }));
      await user.type(screen.getByRole('textbox', { name: 'Replicas' }), '5');
      await user.type(screen.getByLabelText('Start at'), '2026-03-01T22:15');
      await user.type(screen.getByRole('textbox', { name: 'Note' }), 'x');
      await user.clear(screen.getByRole('textbox', { name: 'Note' }));
      await user.click(screen.getByRole('button', { name: 'Accept' }));
    };
    const kit = vi.fn();
    const view = render(<ElicitationForm request={request} server={{ name: 'Bot' }} onRespond={kit} />);
    await answer();
    view.unmount();
    const host = vi.fn();
    render(<HostElicitation request={request} onRespond={host} />);
    await answer();
    expect(host.mock.calls).toStrictEqual(kit.mock.calls);
    expect(host.mock.calls).toStrictEqual([
      [{ action: 'accept', content: { region: 'us', replicas: 5, startAt: '2026-03-01T22:15:00+05:30' } }],
    ]);
  });
});

describe('given a host’s form with what rjsf offers beyond elicitations', () => {
  test('axe finds no violation: nested objects, lists, additionalProperties, a union, fallback widgets', async () => {
    const { container } = renderHostForm({
      schema: {
        type: 'object',
        title: 'Everything',
        properties: {
          name: { type: 'string', title: 'Name', description: 'As on the badge.' },
          colour: { type: 'string', format: 'color', title: 'Colour' },
          photo: { type: 'string', format: 'data-url', title: 'Photo' },
          bio: { type: 'string', title: 'Biography' },
          tags: { type: 'array', title: 'Tags', items: { type: 'string', title: 'Tag' } },
          address: { type: 'object', title: 'Address', properties: { city: { type: 'string', title: 'City' } } },
          contact: {
            title: 'Contact',
            oneOf: [
              {
                title: 'Mail',
                type: 'object',
                properties: { mail: { type: 'string', format: 'email', title: 'Mail' } },
              },
              { title: 'Phone', type: 'object', properties: { phone: { type: 'string', title: 'Phone' } } },
            ],
          },
          labels: { type: 'object', title: 'Labels', additionalProperties: { type: 'string' } },
        },
        required: ['name'],
      },
      uiSchema: { bio: { 'ui:widget': 'textarea', 'ui:help': 'A few lines.' } },
      formData: { tags: ['a', 'b'], labels: { team: 'core' } },
    });
    expect(await violations(container)).toEqual([]);
  });
});

// rjsf 6.10's suite added these cases (the suite here is 6.8.0: 6.10.1 needs Node 22).
describe('given a required checkbox in a host’s form', () => {
  const agree = (extra: RJSFSchema): RJSFSchema => ({
    type: 'object',
    required: ['agree'],
    properties: { agree: { type: 'boolean', title: 'I Agree', ...extra } },
  });

  test('a plain boolean is not marked required: unticked is an answer, and rjsf gets false once touched', async () => {
    const { user, submit, onSubmit } = renderHostForm({ schema: agree({}) });
    const box = screen.getByRole('checkbox', { name: 'I Agree' });
    expect([box.hasAttribute('required'), box.getAttribute('aria-required')]).toEqual([false, null]);
    await user.click(box);
    await user.click(box);
    await submit();
    expect(onSubmit.mock.calls.map(([data]) => asJson(data))).toEqual([{ agree: false }]);
  });

  test('default true draws a ticked box and submits true', async () => {
    const { submit, onSubmit } = renderHostForm({ schema: agree({ default: true }) });
    expect((screen.getByRole('checkbox', { name: 'I Agree' }) as HTMLInputElement).checked).toBe(true);
    await submit();
    expect(onSubmit.mock.calls.map(([data]) => asJson(data))).toEqual([{ agree: true }]);
  });
});

describe('given ui:autocapitalize in a host’s form', () => {
  test('the text input carries it', () => {
    renderHostForm({ schema: { type: 'string', title: 'Name' }, uiSchema: { 'ui:autocapitalize': 'words' } });
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('autocapitalize')).toBe('words');
  });
});
