/**
 * `ElicitationForm` in a host's MUI design system: `@rjsf/mui`'s widgets and templates through
 * `widgetsFromRjsfTheme` (mcp-elicit-kit/rjsf-theme). The form asks every field kind and all five enum
 * variants, left to answer; its test-only story (`!dev`) answers them through MUI's widgets and gets the
 * kit's exact answer. Runs in Chromium (test/stories, axe on every shot), and in Pacific/Auckland too
 * (tag `time-zone`).
 */
import useMediaQuery from '@mui/material/useMediaQuery';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { Theme as muiTheme } from '@rjsf/mui';
import type { Decorator } from '@storybook/react-vite';
import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';

import { ElicitationForm, type ElicitationFormProps } from '../src/index.js';
import { widgetsFromRjsfTheme } from '../src/react/rjsf-theme/index.js';
import { everyKindRequest } from '../test/fixtures/every-kind.js';
import { answerEveryKind } from './themes/answer-every-kind.js';
import { answerThemedHost, fillThemedHost, ThemedHost, type ThemedHostArgs } from './themes/themed-host.js';

// Made once, outside render: each call makes new components, which would redraw every field.
const muiWidgets = widgetsFromRjsfTheme(muiTheme);

/** MUI in the scheme the kit follows (`prefers-color-scheme`), as a host's app would set both. */
const MuiScheme: Decorator = (Story) => {
  const dark = useMediaQuery('(prefers-color-scheme: dark)');
  const theme = useMemo(() => createTheme({ palette: { mode: dark ? 'dark' : 'light' } }), [dark]);
  return (
    <ThemeProvider theme={theme}>
      <Story />
    </ThemeProvider>
  );
};

const meta = {
  title: 'Themes/MUI',
  component: ElicitationForm,
  tags: ['autodocs'],
  decorators: [MuiScheme],
  parameters: { layout: 'padded' },
  args: {
    request: everyKindRequest(),
    server: { name: 'Deploy bot', id: 'deploy-1' },
    widgets: muiWidgets,
    onRespond: fn(),
    onSettled: fn(),
  },
  argTypes: {
    onRespond: { table: { category: 'Events' } },
    onSettled: { table: { category: 'Events' } },
    widgets: { control: false },
  },
} satisfies Meta<ElicitationFormProps & ThemedHostArgs>;

export default meta;

type Story = StoryObj<ElicitationFormProps & ThemedHostArgs>;

/**
 * Every kind (text, email, URI, date, date-time, number, integer, boolean) and every enum variant
 * (untitled, titled and legacy single selects, untitled and titled multi-selects, a 60-option select),
 * each drawn by MUI, as first met. The long select is MUI's listbox.
 */
export const EveryKind: Story = {
  name: 'Every kind and enum variant',
  tags: ['time-zone'],
};

/**
 * Every field answered through the theme's widgets: Accept sends exactly what the kit's own widgets send
 * for the same input, once, the multi-selects in option order.
 */
export const EveryKindAnswered: Story = {
  ...EveryKind,
  name: 'Every kind and enum variant: answered',
  tags: ['time-zone', '!dev', '!autodocs'],
  play: async (context) => {
    await EveryKind.play?.(context);
    await answerEveryKind(context, async (label, option) => {
      await context.userEvent.click(context.canvas.getByRole('combobox', { name: label }));
      // MUI draws its listbox in a portal at the end of the page, outside the story's canvas.
      await context.userEvent.click(await screen.findByRole('option', { name: option }));
      await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    });
  },
};

/**
 * `ElicitationHost` with MUI's widgets: two servers, one with two requests, the other with a round;
 * the play fills the first request through the theme and leaves every request to answer.
 */
export const Host: Story = {
  name: 'ElicitationHost: two servers and a round',
  // On the Docs page, where every story mounts at once, the host leaves the focus (and the scroll) alone.
  render: (args, { viewMode }) => (
    <ThemedHost widgets={args.widgets} onSettled={args.onSettled} autoFocus={viewMode !== 'docs'} />
  ),
  play: fillThemedHost,
};

/**
 * The host answered through the theme (all five enum variants), the last request declined: what each
 * server received, listed beside the empty host.
 */
export const HostAnswered: Story = {
  ...Host,
  name: 'ElicitationHost: two servers and a round: answered',
  tags: ['!dev', '!autodocs', 'shot'],
  play: async (context) => {
    await Host.play?.(context);
    await answerThemedHost(context);
  },
};
