/// <reference types="vite/client" />
/**
 * Every story of `stories/*.stories.tsx`, run once in Chromium as Storybook runs it (loaders, beforeEach,
 * render, play: the play's `expect`s are the interaction test). Then, in the `stories` project:
 *
 * - a story shown in Storybook's sidebar (not tagged `!dev`) must still be live after its play: nothing
 *   answered, the host not empty (a person opening it sees its subject and can answer it by hand);
 * - a sidebar story, and a test-only story tagged `shot` (its end state is the point: what a form sent), is shot
 *   three times, light, dark and right-to-left, against the PNGs under `test/stories/baselines/`, the light and
 *   dark shots audited by axe (zero violations but for what a story's own `a11y` parameters exempt, with the
 *   reason there; right-to-left changes only `dir`, so axe would judge the light shot's DOM and colours again),
 *   and must paint more than a few lines' worth (`MIN_PAINTED_PIXELS`) unless it says why it is sparse.
 *
 * Then the stories tagged `time-zone` run once more, plays only, in a zone far from the fixtures' one
 * (`storyZones.far`): their plays must hold in any zone a person opens Storybook in. The zone is Chromium's,
 * switched between the two through the DevTools protocol (`Emulation.setTimezoneOverride`).
 * README.md beside this file says how a shot is reviewed and re-recorded.
 */
import { composeStories, type composeStory, setProjectAnnotations } from '@storybook/react-vite';
import axe from 'axe-core';
import { clearAllMocks, isMockFunction } from 'storybook/test';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { cdp, page } from 'vitest/browser';

import preview from '../../.storybook/preview.js';
import { loadPatternEngine } from '../../src/core/index.js';
import { loadElicitationViews } from '../../src/index.js';
import { settled, stopMotion } from '../browser/settle.js';
import './stories.css';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The zone the stories' fixtures are written in, and one far from it (with DST) for the `time-zone` stories. */
    storyZones: { fixture: string; far: string };
  }
}

// Only the project's own preview: axe runs here, on the settled page, not through the a11y addon.
setProjectAnnotations(preview);

type StoryModule = Parameters<typeof composeStories>[0];

/** A story ready to run outside Storybook (its args, loaders, beforeEach, render and play). */
type ComposedStory = ReturnType<typeof composeStory>;

/** What a story may say about its shots (`parameters.visual`). */
interface VisualParameters {
  /** Why the story paints less than `MIN_PAINTED_PIXELS`: its subject really is that small. */
  sparse?: string;
}

const storyModules = import.meta.glob<StoryModule>('../../stories/*.stories.tsx', { eager: true });
const zones = inject('storyZones');

/** Sets the zone of the whole page (the test's iframe included): `Date` and `Intl` read it from then on. */
async function inZone(timezoneId: string): Promise<void> {
  await cdp().send('Emulation.setTimezoneOverride', { timezoneId });
}

type Scheme = 'light' | 'dark';

/**
 * The three shots of a story's end state. Light and dark are the page's `prefers-color-scheme`, which the
 * kit follows when no `theme` is given; right-to-left is `dir="rtl"` on the story's frame, in light.
 */
const VARIANTS: { name: string; scheme: Scheme; dir: 'ltr' | 'rtl'; axe: boolean }[] = [
  { name: 'light', scheme: 'light', dir: 'ltr', axe: true },
  { name: 'dark', scheme: 'dark', dir: 'ltr', axe: true },
  // Not audited again: axe judges the DOM, names and colours, which are the light shot's (only `dir` changed).
  { name: 'rtl', scheme: 'light', dir: 'rtl', axe: false },
];

/**
 * Pixels of a shot that differ from its background. The smallest real subject, a one-line result view, paints
 * about 9,000; a prompt with one field and its buttons over 20,000; the host's "No requests waiting." line alone
 * about 1,500. So a shot under 5,000 shows almost nothing and fails, unless its story says why.
 */
const MIN_PAINTED_PIXELS = 5_000;

/**
 * Callbacks that mean the person answered (or submitted): a sidebar story's play must not have called one. A host
 * story's `onSettled` also hears what a server gave up on (the notice story's subject), so a host is judged by
 * what it shows instead: no sent state, and not "No requests waiting.".
 */
const ANSWER_CALLBACKS = /^on(Respond|RespondRound|RespondAll|Submit)$/;

/**
 * Emulated for the whole page (the test's iframe included). Reduced motion is asked every time, since the
 * call replaces every emulated feature.
 */
async function emulate(scheme: Scheme): Promise<void> {
  await cdp().send('Emulation.setEmulatedMedia', {
    features: [
      { name: 'prefers-color-scheme', value: scheme },
      { name: 'prefers-reduced-motion', value: 'reduce' },
    ],
  });
}

/**
 * Counts the pixels of a shot (a PNG the page can fetch) that differ from its top-left pixel (the frame's
 * background). Read from the light baseline once the light shot has matched it (or, with `-u`, been written
 * as it): the same picture within the shots' tolerance, without taking it a fourth time.
 */
async function paintedPixels(url: string): Promise<number> {
  const image = new Image();
  image.src = url;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  let painted = 0;
  for (let index = 0; index < data.length; index += 4) {
    if (data[index] !== data[0] || data[index + 1] !== data[1] || data[index + 2] !== data[2]) painted += 1;
  }
  return painted;
}

/** What a person opening the story would find answered or gone: each entry names the sign. */
function answeredSigns(root: HTMLElement, args: Record<string, unknown>): string[] {
  const signs: string[] = [];
  for (const sent of root.querySelectorAll('.mek-sent')) {
    if ((sent.textContent ?? '') !== '') signs.push(`sent: ${sent.textContent}`);
  }
  if ((root.textContent ?? '').includes('No requests waiting.')) signs.push('host: No requests waiting.');
  for (const [name, value] of Object.entries(args)) {
    if (ANSWER_CALLBACKS.test(name) && isMockFunction(value) && value.mock.calls.length > 0) {
      signs.push(`${name} called ${value.mock.calls.length}×`);
    }
  }
  return signs;
}

/** Mounts a fresh frame for `story` and runs it as Storybook would, in light, left to right. */
async function runStory(story: ComposedStory): Promise<HTMLElement> {
  stopMotion();
  await emulate('light');
  const root = document.createElement('div');
  root.className = 'story-frame';
  document.body.append(root);
  // Args hold the same `fn()` spies in every story of a file; a play counts calls from zero.
  clearAllMocks();
  await story.run({ canvasElement: root });
  await settled(root);
  return root;
}

beforeAll(async () => {
  await inZone(zones.fixture);
  // What a story would otherwise draw a moment later (the URL view and the round, the pattern check's
  // "getting ready" line): loaded first, each story's first frame is its real one.
  await Promise.all([loadElicitationViews(), loadPatternEngine()]);
});

for (const [path, module] of Object.entries(storyModules).sort(([a], [b]) => a.localeCompare(b))) {
  const file = path.replace(/^.*\//, '').replace(/\.stories\.tsx$/, '');
  const stories = Object.entries(composeStories(module)) as [string, ComposedStory][];
  describe(file, () => {
    for (const [exportName, story] of stories) {
      const inSidebar = story.tags.includes('dev');
      if (!inSidebar && !story.tags.includes('shot')) {
        // A test-only story: its play is the test.
        test(story.storyName, async () => {
          (await runStory(story)).remove();
        });
        continue;
      }
      describe(story.storyName, () => {
        const exempt =
          (story.parameters as { a11y?: { context?: { exclude?: string[] } } }).a11y?.context?.exclude ?? [];
        const { sparse } = ((story.parameters as { visual?: VisualParameters }).visual ?? {}) as VisualParameters;
        let root: HTMLElement | undefined;

        // The story is run once, as its play expects it (light, left to right: some plays read colours),
        // and its end state shot three times. Colour scheme and direction are CSS (the stylesheets use
        // logical sides), so switching them after the play shows what a dark or RTL page would.
        beforeAll(async () => {
          root = await runStory(story);
        });
        afterAll(() => root?.remove());

        if (inSidebar) {
          test('is live after its play: nothing answered, nothing gone', () => {
            expect(answeredSigns(root!, story.args as Record<string, unknown>)).toEqual([]);
          });
        }

        for (const variant of VARIANTS) {
          test(variant.name, async () => {
            await emulate(variant.scheme);
            root!.dir = variant.dir;
            await settled(root!);
            await expect.element(page.elementLocator(root!)).toMatchScreenshot(`${file}/${exportName}-${variant.name}`);
            if (!variant.axe) return;
            // And axe on what was shot, every rule on, leaving out what the story's own a11y parameters exempt,
            // with their reason written there.
            const { violations } = await axe.run({ include: root!, exclude: exempt }, { resultTypes: ['violations'] });
            expect(violations.map(({ id, nodes }) => [id, nodes.map((node) => node.target.join(' '))])).toEqual([]);
          });
        }

        test('paints its subject', async () => {
          // A fresh URL each run: the baseline may have just been written (`-u`).
          const painted = await paintedPixels(
            `/test/stories/baselines/${file}/${exportName}-light.png?run=${Date.now()}`,
          );
          if (sparse === undefined) expect(painted).toBeGreaterThanOrEqual(MIN_PAINTED_PIXELS);
          else expect(painted).toBeGreaterThan(0);
        });
      });
    }
  });
}

describe(`the stories tagged time-zone, in ${zones.far}`, () => {
  beforeAll(() => inZone(zones.far));
  afterAll(() => inZone(zones.fixture));
  for (const [path, module] of Object.entries(storyModules).sort(([a], [b]) => a.localeCompare(b))) {
    for (const story of Object.values(composeStories(module)) as ComposedStory[]) {
      if (!story.tags.includes('time-zone')) continue;
      test(`${path.replace(/^.*\//, '').replace(/\.stories\.tsx$/, '')}: ${story.storyName}`, async () => {
        (await runStory(story)).remove();
      });
    }
  }
});
