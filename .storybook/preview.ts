import type { Preview } from '@storybook/react-vite';

import { loadOptionReader } from '../src/react/elicitation/elicitation-form.js';
import { loadCombobox } from '../src/react/theme/widgets/enum-select-widget.js';

const preview: Preview = {
  // Long selects' combobox and the reader of forms of many options are chunks loaded on first use;
  // stories show (and plays drive) them drawn.
  beforeAll: async () => {
    await Promise.all([loadCombobox(), loadOptionReader()]);
  },
  parameters: {
    controls: {
      // Arg names ending in Color/Background get a colour picker; names ending in Date/At a date picker.
      matchers: {
        color: /(background|color)$/i,
        date: /(Date|At)$/,
      },
    },
    // The a11y panel shows a story's axe violations as a person browses; the story tests (test/stories) run axe
    // themselves on every shot, on a settled page.
  },
};

export default preview;
