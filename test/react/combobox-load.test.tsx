// The combobox is a chunk loaded with the first long select: until it arrives the field is a busy frame
// with the field's name, then the combobox, and the answer is the same. The setup file loads it ahead
// for every other test; here a fresh copy of the modules has not loaded it yet.
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';

import type { ElicitRequestFormParams } from '../../src/index.js';

const request: ElicitRequestFormParams = {
  message: 'Pick one',
  requestedSchema: {
    type: 'object',
    properties: { n: { type: 'string', title: 'Number', enum: Array.from({ length: 60 }, (_, at) => `n${at}`) } },
  },
};

test('a long select draws a busy frame with its name first, then the combobox, which answers as usual', async () => {
  vi.resetModules();
  const { ElicitationForm } = await import('../../src/index.js');
  const onRespond = vi.fn();
  const user = userEvent.setup({ delay: null });
  const { container } = render(
    <ElicitationForm request={request} server={{ name: 'Load test' }} onRespond={onRespond} />,
  );
  const frame = container.querySelector('.mek-combobox-loading');
  expect([frame?.getAttribute('aria-busy'), frame?.textContent, screen.queryByRole('combobox')]).toEqual([
    'true',
    'Number',
    null,
  ]);
  const box = await screen.findByRole('combobox', { name: 'Number' });
  await user.type(box, 'n17{Enter}');
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  expect(onRespond.mock.calls).toEqual([[{ action: 'accept', content: { n: 'n17' } }]]);
});
