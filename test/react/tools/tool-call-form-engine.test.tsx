// A tool schema with a `pattern` waits for the pattern engine; when its load fails, "Try again" loads it again.
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';

const loads = { failFirst: true, calls: 0 };

vi.mock('../../../src/shared/pattern-engine.js', async (original) => {
  const real = await original<typeof import('../../../src/shared/pattern-engine.js')>();
  return {
    ...real,
    loadPatternEngine: () => {
      loads.calls += 1;
      if (loads.failFirst) {
        loads.failFirst = false;
        return Promise.reject(new Error('offline'));
      }
      return real.loadPatternEngine();
    },
  };
});

const { ToolCallForm } = await import('../../../src/react/tools/index.js');

describe('given a tool schema with a pattern and an engine whose first load fails', () => {
  test('the form says so and offers Try again, which loads it and draws the form', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <ToolCallForm
        tool={{
          name: 'lookup',
          inputSchema: { type: 'object', properties: { q: { type: 'string', title: 'Query', pattern: '^[a-z]+$' } } },
        }}
        onSubmit={vi.fn()}
      />,
    );
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'The check of this form could not be loaded, so the form cannot be sent yet.Try again',
    );
    await user.click(retry);
    expect(await screen.findByRole('textbox', { name: 'Query' })).toBeInTheDocument();
    expect(loads.calls).toBe(2);
  });
});
