// How a person picks from a long single select, per drawing: the kit's combobox (also shadcn's fallback,
// see DEFAULT_KIT_CONTROLS in src/react/theme/README.md) and MUI's select.
import { expect } from 'vitest';
import { page, userEvent } from 'vitest/browser';

/** The kit's combobox (more than 50 options): typed letters filter its popup, a click chooses. */
export async function pickKit(label: string, option: string): Promise<void> {
  await userEvent.fill(page.getByRole('combobox', { name: label }), option);
  await userEvent.click(page.getByRole('option', { name: option, exact: true }));
  await expect.element(page.getByRole('combobox', { name: label })).toHaveValue(option);
}

/**
 * MUI's select is a button that opens a listbox of options in a portal. Each step waits for MUI's own state, not
 * for time: the button says it is expanded and names its listbox once the menu is mounted, the listbox is in the
 * page, then the chosen option closes it and the button shows the option.
 */
export async function pickMui(label: string, option: string): Promise<void> {
  const select = page.getByRole('combobox', { name: label });
  // Held as an element: while the menu is open MUI hides the rest of the page (`aria-hidden`) from role queries.
  const button = select.element();
  await userEvent.click(select);
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
  await expect.element(page.getByRole('listbox')).toBeVisible();
  await userEvent.click(page.getByRole('option', { name: option, exact: true }));
  await expect.poll(() => document.querySelector('[role="listbox"]')).toBeNull();
  await expect.element(select).toHaveTextContent(option);
}
