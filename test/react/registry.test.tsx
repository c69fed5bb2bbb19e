// The one widget registry: every control core names has a kit widget; a host's replacement is used;
// a replacement React cannot render is a thrown error in development and a visible refusal in production.
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';

import {
  ElicitationForm,
  generateTheme,
  type KitWidgetProps,
  type KitWidgets,
  type WidgetName,
} from '../../src/index.js';
import { WIDGET_NAMES } from '../../src/core/index.js';
import { KIT_WIDGETS, RJSF_WIDGET_KEYS } from '../../src/react/theme/registry.js';
import { OffsetDateTimeWidget } from '../../src/react/theme/typed-values.js';

const request = {
  message: 'Release',
  requestedSchema: {
    type: 'object' as const,
    properties: {
      name: { type: 'string' as const, title: 'Name' },
      ok: { type: 'boolean' as const, title: 'Ship it' },
    },
    required: ['ok'],
  },
};

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('given the registry', () => {
  test('every control core names has a kit widget, registered under its rjsf key by generateTheme()', () => {
    expect(Object.keys(KIT_WIDGETS).sort()).toEqual([...WIDGET_NAMES].sort());
    expect(Object.keys(generateTheme().widgets).sort()).toEqual(Object.values(RJSF_WIDGET_KEYS).sort());
    // The date-time widget keeps rjsf's form data typed (an offset) around the kit widget (typed-values.tsx).
    const adapted: Partial<Record<WidgetName, unknown>> = { datetime: OffsetDateTimeWidget };
    for (const name of WIDGET_NAMES) {
      expect(generateTheme().widgets[RJSF_WIDGET_KEYS[name]]).toBe(adapted[name] ?? KIT_WIDGETS[name]);
    }
  });
});

describe('given a host widget for one control', () => {
  test('that control is drawn with it, the others with the kit; its value reaches the answer', async () => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    function HostText({ id, label, value, onChange }: KitWidgetProps) {
      return (
        <input
          id={id}
          aria-label={`host ${label}`}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    }
    render(
      <ElicitationForm request={request} server={{ name: 'Bot' }} onRespond={onRespond} widgets={{ text: HostText }} />,
    );
    await user.type(screen.getByRole('textbox', { name: 'host Name' }), 'v2');
    await user.click(screen.getByRole('checkbox', { name: 'Ship it' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onRespond.mock.calls).toEqual([[{ action: 'accept', content: { name: 'v2', ok: true } }]]);
  });
});

describe('given a host widget that is not a component', () => {
  const broken = { text: 'not a component' } as unknown as Partial<KitWidgets>;

  test('in development it is thrown: the form shows the crash refusal, and Cancel still answers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(<ElicitationForm request={request} server={{ name: 'Bot' }} onRespond={onRespond} widgets={broken} />);
    expect(screen.getByText('This request cannot be shown as a form')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onRespond.mock.calls).toEqual([[{ action: 'cancel' }]]);
  });

  test('in production the field shows a refusal in its place; the rest of the form still answers', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(<ElicitationForm request={request} server={{ name: 'Bot' }} onRespond={onRespond} widgets={broken} />);
    expect(screen.getByText('The field "Name" cannot be shown. Decline or cancel if it matters.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onRespond.mock.calls).toEqual([[{ action: 'accept', content: { ok: false } }]]);
  });
});
