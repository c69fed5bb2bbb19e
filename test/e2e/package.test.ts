// The published shape: after `npm run build`, each entry point imports in plain Node from the repo
// root by its package name (self-reference through `exports`), with exactly the names the source
// exports, and the stylesheet is one file the host imports.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import * as coreSource from '../../src/core/index.js';
import * as sdkSource from '../../src/sdk/index.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runtime export names of an entry, as plain Node sees them from the repo root. */
function builtExports(specifier: string): string[] {
  const script = `import(${JSON.stringify(specifier)}).then((m) => process.stdout.write(JSON.stringify(Object.keys(m).sort())))`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }),
  ) as string[];
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

  test('the React entry imports in plain Node (no CSS import left in the JavaScript)', () => {
    const names = builtExports('mcp-elicit-kit');
    expect(names).toContain('ElicitationForm');
    expect(names).toContain('parseRequestedSchema');
    const emitted = readdirSync(join(root, 'dist'), { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.js') || f.endsWith('.d.ts'),
    );
    const withCss = emitted.filter((f) => readFileSync(join(root, 'dist', f), 'utf8').includes(".css'"));
    expect(withCss).toEqual([]);
  });

  test('every entry has its type declarations', () => {
    for (const file of ['dist/index.d.ts', 'dist/core/index.d.ts', 'dist/sdk/index.d.ts'])
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
});
