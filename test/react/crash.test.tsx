// A widget that throws while rendering must not take the host down: the error boundary around the
// rjsf form shows the refused state, which still offers Decline and Cancel.
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';

import { ElicitationForm } from '../../src/index.js';

vi.mock('../../src/react/theme/widgets/text-widget.js', () => ({
  TextWidget: () => {
    throw new Error('widget exploded');
  },
}));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('given a widget that throws', () => {
  test('the form is replaced by the refused state; Decline and Cancel still answer once', async () => {
    // React reports the caught error on the console; keep the test output quiet and check it did.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(
      <ElicitationForm
        request={{
          message: 'Name the release',
          requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
        }}
        server={{ name: 'Release bot' }}
        onRespond={onRespond}
      />,
    );
    expect(screen.getByText('Request from')).toBeInTheDocument();
    expect(screen.getByText('Name the release')).toBeInTheDocument();
    expect(screen.getByText('This request cannot be shown as a form')).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent(
      '(whole request) The form could not be displayed because of an internal error.',
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Decline', 'Cancel']);
    expect(consoleError).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'cancel' }]]);
  });
});
