// A date-time answered in a zone with DST, through the real <input type="datetime-local"> of
// Chromium and its keyboard. The browser project runs in America/New_York (vitest.config.ts), en-US:
// the input's segments are month, day, year, hour, minute, AM/PM, then the picker button.
import { describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import { ElicitationForm, type ElicitRequestFormParams } from '../../src/index.js';
import { armed, mount } from './mount.js';

const meeting: ElicitRequestFormParams = {
  message: 'When should the maintenance window start?',
  requestedSchema: {
    type: 'object',
    properties: { windowStart: { type: 'string', title: 'Window start', format: 'date-time' } },
    required: ['windowStart'],
  },
};

/** Mounts the form, Tabs into the date-time input and types `keys` into its segments. */
async function pick(keys: string) {
  const onRespond = vi.fn();
  mount(<ElicitationForm request={meeting} server={{ name: 'Ops bot' }} onRespond={onRespond} />);
  // A person is slower than the arming time of the answering buttons.
  await armed();
  (document.activeElement as HTMLElement | null)?.blur();
  await userEvent.keyboard('{Tab}');
  await expect.element(page.getByLabelText('Window start *')).toHaveFocus();
  await userEvent.keyboard(keys);
  return onRespond;
}

describe('given Chromium in America/New_York', () => {
  test('the page clock is in that zone', () => {
    expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
  });

  test('a July morning is sent with the summer offset -04:00, and the hint shows that offset', async () => {
    const onRespond = await pick('07012026{Tab}0930AM');
    await expect.element(page.getByLabelText('Window start *')).toHaveValue('2026-07-01T09:30');
    await expect
      .element(page.getByLabelText('Window start *'))
      .toHaveAccessibleDescription('Time zone: America/New_York (UTC-04:00)');
    await userEvent.keyboard('{Tab}{Tab}');
    await expect.element(page.getByRole('button', { name: 'Accept' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([
      [{ action: 'accept', content: { windowStart: '2026-07-01T09:30:00-04:00' } }],
    ]);
  });

  test('a January morning is sent with the winter offset -05:00', async () => {
    const onRespond = await pick('01152026{Tab}0930AM');
    await expect
      .element(page.getByLabelText('Window start *'))
      .toHaveAccessibleDescription('Time zone: America/New_York (UTC-05:00)');
    await userEvent.keyboard('{Tab}{Tab}{Enter}');
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([
      [{ action: 'accept', content: { windowStart: '2026-01-15T09:30:00-05:00' } }],
    ]);
  });

  test('PM is read as 24-hour time: 9:30 PM on 1 July is 21:30-04:00', async () => {
    const onRespond = await pick('07012026{Tab}0930PM{Enter}');
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([
      [{ action: 'accept', content: { windowStart: '2026-07-01T21:30:00-04:00' } }],
    ]);
  });

  test('2:30 AM on 8 March 2026 does not exist (clocks jump to 3:00): an error, focus back on the field, nothing sent', async () => {
    const onRespond = await pick('03082026{Tab}0230AM{Tab}{Tab}{Enter}');
    await expect.element(page.getByRole('alert')).toBeVisible();
    expect(page.getByRole('alert').element().textContent).toBe(
      'Please fix the following before accepting:Window start: This time does not exist in your time zone (the clocks skip it); choose another.',
    );
    await expect.element(page.getByLabelText('Window start *')).toHaveFocus();
    expect(onRespond).not.toHaveBeenCalled();
  });
});
