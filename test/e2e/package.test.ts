/**
 * The published shape. After `npm run build`:
 * - each entry point imports in plain Node from the repo root by its package name (self-reference
 *   through `exports`), with exactly the names the source exports;
 * - `npm pack` gives a tarball that publint and arethetypeswrong (ESM-only profile) pass;
 * - that tarball, installed in a fresh folder as a host would, builds with Vite and runs in real
 *   Chromium with only what each entry's README line says it needs: react, react-dom and
 *   `@rjsf/utils` for `mcp-elicit-kit` + `/core` (no `@rjsf/core`, no validator, no MCP SDK), and
 *   nothing but the kit itself for `/tools` (Ajv and ajv-formats are the kit's dependencies).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import * as coreSource from '../../src/core/index.js';
import * as bridgeSource from '../../src/bridge/index.js';
import * as redisBrokerSource from '../../src/bridge/redis/index.js';
import * as rjsfThemeSource from '../../src/react/rjsf-theme/index.js';
import * as acpSource from '../../src/acp/index.js';
import * as sdkSource from '../../src/sdk/index.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { armed } from './host-harness.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  devDependencies: Record<string, string>;
};

/** Runtime export names of an entry, as plain Node sees them from the repo root. */
function builtExports(specifier: string): string[] {
  const script = `import(${JSON.stringify(specifier)}).then((m) => process.stdout.write(JSON.stringify(Object.keys(m).sort())))`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }),
  ) as string[];
}

/**
 * The environment for npm and Vite run in a consumer folder: without the `npm_*` variables that
 * `npm test` sets for its own package (prefix, package fields), so the child npm sees only the
 * consumer; the cache and registry settings stay.
 */
function consumerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_(package_|lifecycle_|config_local_prefix$|config_prefix$)/i.test(key)) continue;
    env[key] = value;
  }
  return env;
}

/** A consumer: a fresh folder outside the repository with `dependencies` installed from the npm cache. */
function installConsumer(tarball: string, dependencies: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'mek-consumer-'));
  const manifest = { name: 'consumer', private: true, type: 'module', dependencies: { [pkg.name]: `file:${tarball}` } };
  Object.assign(manifest.dependencies, dependencies);
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  // --prefer-offline: what `npm ci` of this repository put in the cache is used without asking again.
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    env: consumerEnv(),
    stdio: 'pipe',
    timeout: 240_000,
  });
  return dir;
}

/** Whether `name` can be found by Node's lookup from `dir`: in its node_modules or any parent's. */
function resolvable(dir: string, name: string): boolean {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, 'node_modules', name, 'package.json'))) return true;
    if (dirname(at) === at) return false;
  }
}

/** Builds `pages` (name → HTML) with the consumer's own Vite into `dist/`. */
function viteBuild(dir: string, pages: string[], config: string): void {
  writeFileSync(join(dir, 'vite.config.js'), config);
  execFileSync(process.execPath, [join(dir, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
    cwd: dir,
    env: { ...consumerEnv(), NODE_ENV: 'production' },
    stdio: 'pipe',
    timeout: 120_000,
  });
  for (const page of pages) expect(existsSync(join(dir, 'dist', page)), page).toBe(true);
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Serves `dir` on 127.0.0.1 (module scripts do not run from file: URLs). */
async function serve(dir: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const relative = normalize(path).replace(/^(\.\.[/\\])+/, '');
    try {
      const body = readFileSync(join(dir, relative));
      response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(relative)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return { server, origin: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}` };
}

/** A page of a consumer, with what went wrong in it. */
interface ConsumerPage {
  page: Page;
  /** Uncaught errors and console errors, in order. */
  errors: string[];
  /** Waits for `locator`; the page's first error fails the wait at once, with its message. */
  shown(locator: Locator): Promise<void>;
}

/** Opens `url` in a fresh context. */
async function open(browser: Browser, url: string): Promise<ConsumerPage> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  let fail: (error: Error) => void = () => undefined;
  const failed = new Promise<never>((_resolve, reject) => {
    fail = reject;
  });
  // Only raced in shown(); a page that fails while no one waits is caught by `errors`.
  failed.catch(() => undefined);
  page.on('pageerror', (error) => {
    errors.push(error.message);
    fail(new Error(`the page failed: ${error.message}`));
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(url);
  return { page, errors, shown: (locator) => Promise.race([locator.waitFor(), failed]) };
}

describe('given a fresh npm run build', () => {
  beforeAll(() => {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'pipe', timeout: 120_000 });
  }, 130_000);

  test('mcp-elicit-kit/core imports in Node with exactly the source names', () => {
    expect(builtExports('mcp-elicit-kit/core')).toEqual(Object.keys(coreSource).sort());
  });

  test('mcp-elicit-kit/sdk imports in Node with exactly the source names, loading no SDK', () => {
    expect(builtExports('mcp-elicit-kit/sdk')).toEqual(Object.keys(sdkSource).sort());
  });

  test('mcp-elicit-kit/acp imports in Node with exactly the source names', () => {
    expect(builtExports('mcp-elicit-kit/acp')).toEqual(Object.keys(acpSource).sort());
  });

  test('mcp-elicit-kit/bridge imports in Node with exactly the source names, loading no SDK or React', () => {
    expect(builtExports('mcp-elicit-kit/bridge')).toEqual(Object.keys(bridgeSource).sort());
  });

  test('mcp-elicit-kit/bridge/redis imports in Node with exactly the source names', () => {
    expect(builtExports('mcp-elicit-kit/bridge/redis')).toEqual(Object.keys(redisBrokerSource).sort());
  });

  test('mcp-elicit-kit/rjsf-theme imports in Node with exactly the source names', () => {
    expect(builtExports('mcp-elicit-kit/rjsf-theme')).toEqual(Object.keys(rjsfThemeSource).sort());
  });

  test('the React entry imports in plain Node (no CSS import left in the JavaScript)', () => {
    const names = builtExports('mcp-elicit-kit');
    expect(names).toContain('ElicitationForm');
    expect(names).not.toContain('parseRequestedSchema');
    const emitted = readdirSync(join(root, 'dist'), { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.js') || f.endsWith('.d.ts'),
    );
    const withCss = emitted.filter((f) => readFileSync(join(root, 'dist', f), 'utf8').includes(".css'"));
    expect(withCss).toEqual([]);
  });

  test('every entry has its type declarations', () => {
    for (const file of [
      'dist/index.d.ts',
      'dist/core/index.d.ts',
      'dist/tools/index.d.ts',
      'dist/react/tools/index.d.ts',
      'dist/sdk/index.d.ts',
      'dist/acp/index.d.ts',
      'dist/bridge/index.d.ts',
      'dist/bridge/redis/index.d.ts',
      'dist/react/rjsf-theme/index.d.ts',
    ])
      expect(existsSync(join(root, file)), file).toBe(true);
  });

  test('mcp-elicit-kit/styles.css holds every theme sheet, each scoped under .mek-root', () => {
    const css = readFileSync(join(root, 'dist/styles.css'), 'utf8');
    expect(css.match(/^\/\* react\/theme\/[a-z-]+\.css \*\/$/gm)).toEqual([
      '/* react/theme/elicit-kit.css */',
      '/* react/theme/host.css */',
      '/* react/theme/tools.css */',
    ]);
    expect(css).toContain('.mek-root');
  });

  describe('given the tarball npm pack makes of it', () => {
    let packDir: string;
    let tarball: string;
    let files: string[];

    beforeAll(() => {
      packDir = mkdtempSync(join(tmpdir(), 'mek-pack-'));
      const [packed] = JSON.parse(
        execFileSync('npm', ['pack', '--json', '--pack-destination', packDir], {
          cwd: root,
          encoding: 'utf8',
          timeout: 60_000,
        }),
      ) as { filename: string; files: { path: string }[] }[];
      if (!packed) throw new Error('npm pack made no tarball');
      tarball = join(packDir, packed.filename);
      files = packed.files.map((file) => file.path);
    }, 70_000);

    afterAll(() => {
      rmSync(packDir, { recursive: true, force: true });
    });

    test('holds package.json, the README and dist/ only: every entry, its types, the stylesheet, no test', () => {
      expect(files.filter((file) => !file.startsWith('dist/'))).toEqual(['README.md', 'package.json']);
      for (const file of [
        'dist/index.js',
        'dist/index.d.ts',
        'dist/core/index.js',
        'dist/core/index.d.ts',
        'dist/tools/index.js',
        'dist/tools/index.d.ts',
        'dist/react/tools/index.js',
        'dist/react/tools/index.d.ts',
        'dist/sdk/index.js',
        'dist/sdk/index.d.ts',
        'dist/acp/index.js',
        'dist/acp/index.d.ts',
        'dist/bridge/index.js',
        'dist/bridge/index.d.ts',
        'dist/bridge/redis/index.js',
        'dist/bridge/redis/index.d.ts',
        'dist/react/rjsf-theme/index.js',
        'dist/react/rjsf-theme/index.d.ts',
        'dist/styles.css',
      ])
        expect(files, file).toContain(file);
      expect(files.filter((file) => /\.(test|test-d|stories)\.|(^|\/)test\//.test(file))).toEqual([]);
    });

    test('publint finds nothing, suggestions and warnings included', () => {
      const output = execFileSync(
        process.execPath,
        [join(root, 'node_modules/publint/src/cli.js'), 'run', tarball, '--strict', '--level', 'suggestion'],
        { encoding: 'utf8', timeout: 60_000 },
      );
      expect(output).toContain('All good!');
    });

    test('arethetypeswrong (ESM-only profile) resolves every code entry to its types, in node16 and bundler', () => {
      // The stylesheet is an entry for bundlers, with no types by nature: left out on purpose.
      // No DefinitelyTyped lookup: that would ask the registry for @types/mcp-elicit-kit.
      // execFileSync throws on a non-zero exit, which is how attw reports a problem.
      const output = execFileSync(
        process.execPath,
        [
          join(root, 'node_modules/@arethetypeswrong/cli/dist/index.js'),
          tarball,
          ...['--profile', 'esm-only', '--no-definitely-typed', '--exclude-entrypoints', './styles.css'],
          ...['--format', 'json'],
        ],
        { encoding: 'utf8', timeout: 60_000 },
      );
      type Resolution = { resolution?: { fileName: string } };
      const { analysis } = JSON.parse(output) as {
        analysis: {
          entrypoints: Record<string, { resolutions: Record<string, Resolution> }>;
          problems: { kind: string; entrypoint?: string; resolutionKind?: string }[];
        };
      };
      // The esm-only profile ignores node10 and require() from CJS; every other finding is a problem.
      const ignored = new Set(['node10', 'node16-cjs']);
      expect(analysis.problems.filter((problem) => !ignored.has(problem.resolutionKind ?? ''))).toEqual([]);
      const types = (entry: string, kind: string) =>
        analysis.entrypoints[entry]?.resolutions[kind]?.resolution?.fileName;
      const expected: Record<string, string> = {
        '.': 'dist/index.d.ts',
        './core': 'dist/core/index.d.ts',
        './tools': 'dist/tools/index.d.ts',
        './tools/react': 'dist/react/tools/index.d.ts',
        './sdk': 'dist/sdk/index.d.ts',
        './acp': 'dist/acp/index.d.ts',
        './bridge': 'dist/bridge/index.d.ts',
        './bridge/redis': 'dist/bridge/redis/index.d.ts',
        './rjsf-theme': 'dist/react/rjsf-theme/index.d.ts',
      };
      expect(Object.keys(analysis.entrypoints).sort()).toEqual([...Object.keys(expected), './package.json'].sort());
      for (const [entry, file] of Object.entries(expected))
        for (const kind of ['node16-esm', 'bundler'])
          expect(types(entry, kind), `${entry} (${kind})`).toBe(`/node_modules/mcp-elicit-kit/${file}`);
    });

    describe('given a host that installs it with react, react-dom and @rjsf/utils only', () => {
      let dir: string;
      let served: { server: Server; origin: string };
      let browser: Browser;

      beforeAll(async () => {
        const versions = pkg.devDependencies;
        dir = installConsumer(tarball, {
          react: versions['react'] ?? '',
          'react-dom': versions['react-dom'] ?? '',
          '@rjsf/utils': versions['@rjsf/utils'] ?? '',
          vite: versions['vite'] ?? '',
          '@vitejs/plugin-react': versions['@vitejs/plugin-react'] ?? '',
        });
        writeFileSync(
          join(dir, 'index.html'),
          '<!doctype html><html><head><link rel="icon" href="data:,"></head><body><pre id="core"></pre><div id="root"></div><pre id="result"></pre><script type="module" src="./main.jsx"></script></body></html>',
        );
        writeFileSync(
          join(dir, 'main.jsx'),
          `import { createRoot } from 'react-dom/client';
import { ElicitationForm } from 'mcp-elicit-kit';
import { parseRequestedSchema, submitDraft } from 'mcp-elicit-kit/core';
import 'mcp-elicit-kit/styles.css';

const requestedSchema = {
  type: 'object',
  properties: { colour: { type: 'string', title: 'Colour', enum: ['red', 'green'] } },
  required: ['colour'],
};
const parsed = parseRequestedSchema(requestedSchema);
document.getElementById('core').textContent = JSON.stringify({
  kinds: parsed.ok ? parsed.fields.map((field) => field.kind) : parsed.problems,
  submitted: submitDraft(requestedSchema, { colour: 'green' }),
});
createRoot(document.getElementById('root')).render(
  <ElicitationForm
    request={{ message: 'Pick a colour', requestedSchema }}
    server={{ name: 'Consumer test' }}
    onRespond={(result) => {
      document.getElementById('result').textContent = JSON.stringify(result);
    }}
  />,
);
`,
        );
        viteBuild(
          dir,
          ['index.html'],
          "import react from '@vitejs/plugin-react';\nimport { defineConfig } from 'vite';\n\nexport default defineConfig({ plugins: [react()] });\n",
        );
        served = await serve(join(dir, 'dist'));
        browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
      }, 400_000);

      afterAll(async () => {
        await browser.close();
        await new Promise((resolve) => served.server.close(resolve));
        rmSync(dir, { recursive: true, force: true });
      });

      test("only those are installed (and the kit's Ajv): no @rjsf/core, no validator, no MCP SDK", () => {
        for (const name of [
          '@rjsf/core',
          '@rjsf/validator-ajv8',
          '@modelcontextprotocol/sdk',
          '@modelcontextprotocol/client',
        ])
          expect(resolvable(dir, name), name).toBe(false);
        for (const name of ['react', 'react-dom', '@rjsf/utils', 'mcp-elicit-kit', 'ajv', 'ajv-formats'])
          expect(resolvable(dir, name), name).toBe(true);
      });

      test('the page built from mcp-elicit-kit/core ran core in the browser', async () => {
        const { page, errors, shown } = await open(browser, `${served.origin}/index.html`);
        await shown(page.getByRole('radio', { name: 'green' }));
        expect(JSON.parse((await page.locator('#core').textContent()) ?? '')).toEqual({
          kinds: ['single-select'],
          submitted: { ok: true, result: { action: 'accept', content: { colour: 'green' } } },
        });
        expect(errors).toEqual([]);
        await page.context().close();
      });

      test('ElicitationForm from mcp-elicit-kit renders, styled, and answers accept and decline', async () => {
        const { page, errors, shown } = await open(browser, `${served.origin}/index.html`);
        await shown(page.getByText('Pick a colour'));
        // The stylesheet came through the bundler: the custom properties .mek-root sets apply.
        const radius = await page
          .locator('.mek-root')
          .first()
          .evaluate((node) => getComputedStyle(node).getPropertyValue('--mek-radius'));
        expect(radius).toBe('8px');
        await page.getByRole('radio', { name: 'green' }).check();
        await armed(page.getByRole('button', { name: 'Accept' })).click();
        await shown(page.locator('#result').filter({ hasText: 'accept' }));
        expect(JSON.parse((await page.locator('#result').textContent()) ?? '')).toEqual({
          action: 'accept',
          content: { colour: 'green' },
        });
        await page.reload();
        await armed(page.getByRole('button', { name: 'Decline' })).click();
        await shown(page.locator('#result').filter({ hasText: 'decline' }));
        expect(JSON.parse((await page.locator('#result').textContent()) ?? '')).toEqual({ action: 'decline' });
        expect(errors).toEqual([]);
        await page.context().close();
      });
    });

    describe('given a host that installs only the kit (and Vite) for mcp-elicit-kit/tools', () => {
      let dir: string;
      let served: { server: Server; origin: string };
      let browser: Browser;

      beforeAll(async () => {
        dir = installConsumer(tarball, { vite: pkg.devDependencies['vite'] ?? '' });
        writeFileSync(
          join(dir, 'index.html'),
          '<!doctype html><html><head><link rel="icon" href="data:,"></head><body><pre id="tools"></pre><script type="module" src="./main.js"></script></body></html>',
        );
        writeFileSync(
          join(dir, 'main.js'),
          `import { compileToolSchema, validateToolResult } from 'mcp-elicit-kit/tools';

const tool = {
  name: 'add',
  inputSchema: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
  outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
};
const compiled = compileToolSchema(tool.inputSchema);
document.getElementById('tools').textContent = JSON.stringify({
  input: compiled.ok ? [compiled.validate({ a: 1 }), compiled.validate({}).map((issue) => issue.keyword)] : compiled.error,
  valid: validateToolResult(tool, { structuredContent: { sum: 3 } }).verdict,
  invalid: validateToolResult(tool, { structuredContent: { sum: 'three' } }).verdict,
});
`,
        );
        viteBuild(dir, ['index.html'], "import { defineConfig } from 'vite';\n\nexport default defineConfig({});\n");
        served = await serve(join(dir, 'dist'));
        browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
      }, 400_000);

      afterAll(async () => {
        await browser.close();
        await new Promise((resolve) => served.server.close(resolve));
        rmSync(dir, { recursive: true, force: true });
      });

      test('the kit brings Ajv and ajv-formats (its dependencies); no peer is installed', () => {
        for (const name of ['mcp-elicit-kit', 'ajv', 'ajv-formats']) expect(resolvable(dir, name), name).toBe(true);
        for (const name of [
          'react',
          'react-dom',
          '@rjsf/utils',
          '@rjsf/core',
          '@rjsf/validator-ajv8',
          '@modelcontextprotocol/sdk',
          '@modelcontextprotocol/client',
        ])
          expect(resolvable(dir, name), name).toBe(false);
      });

      test('the page compiles a tool schema and judges results with Ajv in the browser', async () => {
        const { page, errors, shown } = await open(browser, `${served.origin}/index.html`);
        await shown(page.locator('#tools').filter({ hasText: 'valid' }));
        expect(JSON.parse((await page.locator('#tools').textContent()) ?? '')).toEqual({
          input: [[], ['required']],
          valid: 'valid',
          invalid: 'invalid',
        });
        expect(errors).toEqual([]);
        await page.context().close();
      });
    });
  });
});
