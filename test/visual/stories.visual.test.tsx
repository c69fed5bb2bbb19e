/// <reference types="vite/client" />
/**
 * Screenshot tests of every story, in light, dark and right-to-left, against the PNGs committed under
 * `test/visual/baselines/` (README.md beside this file says how a change is reviewed and re-recorded),
 * each shot also audited by axe: zero violations in every story and variant.
 * Stories are found by `import.meta.glob`, so a new story or story file is covered without editing this.
 */
import { composeStories, type composeStory, setProjectAnnotations } from '@storybook/react-vite';
import axe from 'axe-core';
import { clearAllMocks } from 'storybook/test';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { cdp, page } from 'vitest/browser';

import preview from '../../.storybook/preview.js';
import { loadPatternEngine } from '../../src/core/index.js';
import { loadElicitationViews } from '../../src/index.js';
import './visual.css';

// Only the project's own preview: the a11y addon's axe run belongs to the storybook project, not to a shot.
setProjectAnnotations(preview);

type StoryModule = Parameters<typeof composeStories>[0];

/** A story ready to run outside Storybook (its args, loaders, beforeEach, render and play). */
type ComposedStory = ReturnType<typeof composeStory>;

const storyModules = import.meta.glob<StoryModule>('../../stories/*.stories.tsx', { eager: true });

type Scheme = 'light' | 'dark';

/**
 * The three shots of a story's end state. Light and dark are the page's `prefers-color-scheme`, which the
 * kit follows when no `theme` is given; right-to-left is `dir="rtl"` on the story's frame, in light.
 */
const VARIANTS: { name: string; scheme: Scheme; dir: 'ltr' | 'rtl' }[] = [
  { name: 'light', scheme: 'light', dir: 'ltr' },
  { name: 'dark', scheme: 'dark', dir: 'ltr' },
  { name: 'rtl', scheme: 'light', dir: 'rtl' },
];

/**
 * Emulated for the whole page (the test's iframe included). Reduced motion is asked every time, since
 * the call replaces every emulated feature: the kit's and a theme's transitions then end at once.
 */
async function emulate(scheme: Scheme): Promise<void> {
  await cdp().send('Emulation.setEmulatedMedia', {
    features: [
      { name: 'prefers-color-scheme', value: scheme },
      { name: 'prefers-reduced-motion', value: 'reduce' },
    ],
  });
}

beforeAll(async () => {
  // What a story would otherwise draw a moment later (the URL view and the round, the pattern check's
  // "getting ready" line): loaded first, each story's first frame is its real one.
  await Promise.all([loadElicitationViews(), loadPatternEngine()]);
});

for (const [path, module] of Object.entries(storyModules).sort(([a], [b]) => a.localeCompare(b))) {
  const file = path.replace(/^.*\//, '').replace(/\.stories\.tsx$/, '');
  describe(file, () => {
    for (const [exportName, story] of Object.entries(composeStories(module)) as [string, ComposedStory][]) {
      describe(story.storyName, () => {
        const exempt =
          (story.parameters as { a11y?: { context?: { exclude?: string[] } } }).a11y?.context?.exclude ?? [];
        const root = document.createElement('div');
        root.className = 'visual-story';

        // The story is run once, as its play expects it (light, left to right: some plays read colours),
        // and its end state shot three times. Colour scheme and direction are CSS (the stylesheets use
        // logical sides), so switching them after the play shows what a dark or RTL page would.
        beforeAll(async () => {
          await emulate('light');
          document.body.append(root);
          // Args hold the same `fn()` spies in every story of a file; a play counts calls from zero.
          clearAllMocks();
          // Loaders, beforeEach, render and play, as Storybook runs them.
          await story.run({ canvasElement: root });
          // A view still loading says so (`aria-busy`); `expect.poll` is for tests, not hooks.
          await vi.waitFor(() => expect(root.querySelector('[aria-busy="true"]')).toBeNull());
        });
        afterAll(() => root.remove());

        for (const variant of VARIANTS) {
          test(variant.name, async () => {
            await emulate(variant.scheme);
            root.dir = variant.dir;
            // Two equal shots in a row within 30 s (5 s by default): on 2 cores beside the other projects, a
            // stable shot once took longer than 5 s.
            await expect
              .element(page.elementLocator(root))
              .toMatchScreenshot(`${file}/${exportName}-${variant.name}`, { timeout: 30_000 });
            // And axe on what was shot, every rule on (the storybook project runs it in light only), leaving
            // out what the story's own a11y parameters exempt, with their reason written there.
            const { violations } = await axe.run({ include: root, exclude: exempt }, { resultTypes: ['violations'] });
            expect(violations.map(({ id, nodes }) => [id, nodes.map((node) => node.target.join(' '))])).toEqual([]);
          });
        }
      });
    }
  });
}
