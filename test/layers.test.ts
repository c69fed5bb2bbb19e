/**
 * The layers, as a test that names the rule a file breaks. Every import in `src/` is read with the
 * TypeScript parser, packages and relative paths alike:
 * - `shared/` imports nothing of ours; `core/` and `tools/` import only `shared/` (and themselves);
 *   `sdk/` imports core's public entry and `shared/`; `acp/` those and `sdk/`; `bridge/` the same as `sdk/`, and loads no React, SDK or `node:` module.
 * - `core/`, `tools/` and `shared/` never load React, rjsf's form or validator, or an MCP SDK;
 *   `@rjsf/utils` values only in `tools/rjsf/`, the tool form's adapter.
 * - React code reads core and tools only through their public (`index.ts`) or explicitly internal
 *   (`internal.ts`, `prepare.ts` and `file-values.ts` loaded on demand, or `tools/rjsf/index.ts`) entry; `react/theme` and `react/shared` sit below `react/elicitation` and
 *   `react/tools`, which never import each other. The elicitation half loads no rjsf form or Ajv.
 * - The folder graph has no cycle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));

/** One module a file names. */
interface Specifier {
  specifier: string;
  /** 1-based line of the import. */
  line: number;
  /** Erased at compile time (`import type`, `export type`). */
  typeOnly: boolean;
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (fileName.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/**
 * Every module `source` names: value and side-effect imports, re-exports, `import x = require()`,
 * `require()` and `import()` load at run time; `import type`, `export type … from` and
 * `import('…').T` in a type are erased (`typeOnly`). `import { type A } from 'm'` is NOT type-only:
 * under `verbatimModuleSyntax` it stays as `import {} from 'm'` and loads `m`.
 */
function readImports(fileName: string, source: string): Specifier[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, scriptKind(fileName));
  const found: Specifier[] = [];
  const note = (node: ts.Node, specifier: ts.Node | undefined, typeOnly = false): void => {
    if (specifier === undefined || !ts.isStringLiteralLike(specifier)) return;
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push({ specifier: specifier.text, line: line + 1, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      note(node, node.moduleSpecifier, node.importClause?.isTypeOnly === true);
    } else if (ts.isExportDeclaration(node)) {
      note(node, node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node)) {
      if (ts.isExternalModuleReference(node.moduleReference)) {
        note(node, node.moduleReference.expression, node.isTypeOnly);
      }
    } else if (ts.isCallExpression(node)) {
      const isDynamicImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if (isDynamicImport || isRequire) note(node, node.arguments[0]);
    }
    // ImportTypeNode (`import('m').T` in a type) is not visited as a call: it is erased.
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The layer a `src/`-relative path belongs to. */
export function layerOf(path: string): string {
  if (!path.includes('/')) return 'entry';
  const [top, sub] = path.split('/');
  return top === 'react' ? `react/${sub}` : (top ?? '');
}

/** Which layers each layer may import by relative path (besides itself). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  shared: [],
  core: ['shared'],
  tools: ['shared'],
  sdk: ['core', 'shared'],
  // The ACP adapter (its own entry, so the sdk entry stays free of the ACP SDK) shares the MCP adapters' helpers.
  acp: ['sdk', 'core', 'shared'],
  bridge: ['core', 'shared'],
  'react/shared': ['core', 'shared'],
  'react/theme': ['react/shared', 'core', 'shared'],
  'react/elicitation': ['react/theme', 'react/shared', 'core', 'shared'],
  'react/tools': ['react/theme', 'react/shared', 'tools', 'shared'],
  // The rjsf theme adapter (its own entry): lays the kit's widget contract over an rjsf theme.
  'react/rjsf-theme': ['react/theme', 'react/shared', 'core', 'shared'],
  entry: ['react/elicitation', 'react/theme', 'react/shared', 'core', 'shared'],
};

/** The files of a lower layer that a higher one may name: its entries. */
const ENTRY_FILES: Record<string, readonly string[]> = {
  // prepare.ts and file-values.ts: what a chunk loaded on demand (the reader of many options, the file picker) takes
  // of core, each one module, so that the chunk shares no other module with the entry.
  core: ['core/index.ts', 'core/internal.ts', 'core/prepare.ts', 'core/file-values.ts'],
  tools: ['tools/index.ts', 'tools/rjsf/index.ts'],
};

const NO_UI_PACKAGES = /^(react|react-dom|@rjsf\/core|@rjsf\/validator-ajv8|@modelcontextprotocol\/[^/]+)(\/.*)?$/;
const FORM_PACKAGES = /^(@rjsf\/core|@rjsf\/validator-ajv8|ajv|ajv-formats)(\/.*)?$/;

/** The target of a relative specifier, `src/`-relative, with `.js` read as the `.ts(x)` source. */
function resolveRelative(from: string, specifier: string, files: ReadonlySet<string>): string {
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  for (const candidate of [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')]) {
    if (files.has(candidate)) return candidate;
  }
  return base;
}

/** The rule `from` (a `src/`-relative path) breaks by naming `imported`, or `undefined`. */
export function ruleBroken(from: string, imported: Specifier, files: ReadonlySet<string>): string | undefined {
  const layer = layerOf(from);
  const { specifier, typeOnly } = imported;
  if (!specifier.startsWith('.')) {
    const lowLayer = layer === 'shared' || layer === 'core' || layer === 'tools' || layer === 'bridge';
    if (lowLayer && !typeOnly && NO_UI_PACKAGES.test(specifier))
      return `${layer}/ loads no React, rjsf form or MCP SDK`;
    if (layer === 'bridge' && !typeOnly && specifier.startsWith('node:')) {
      return 'bridge/ uses the Fetch standard only (it runs in Workers and browsers), no node: module';
    }
    if (lowLayer && !typeOnly && specifier.startsWith('@rjsf/utils') && !from.startsWith('tools/rjsf/')) {
      return `${layer}/ uses @rjsf/utils for types only (values only in tools/rjsf/)`;
    }
    const elicitationSide =
      layer === 'react/elicitation' || layer === 'react/theme' || layer === 'react/shared' || layer === 'entry';
    if (elicitationSide && !typeOnly && FORM_PACKAGES.test(specifier))
      return `${layer} loads no rjsf form or Ajv (the React entry needs neither)`;
    return undefined;
  }
  const target = resolveRelative(from, specifier, files);
  if (target.startsWith('../')) return `${from} imports outside src/`;
  const targetLayer = layerOf(target);
  if (targetLayer === layer) return undefined;
  if (!(MAY_IMPORT[layer] ?? []).includes(targetLayer)) return `${layer} never imports ${targetLayer}`;
  const entries = ENTRY_FILES[targetLayer];
  if (entries !== undefined && layer !== 'entry' && !entries.includes(target)) {
    return `${layer} reads ${targetLayer} only through ${entries.join(' or ')}, not ${target}`;
  }
  return undefined;
}

/** Source files under `src/`, `src/`-relative, posix separators. */
function sourceFiles(): string[] {
  const src = join(repoRoot, 'src');
  return readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(src, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

const files = sourceFiles();
const fileSet = new Set(files);
const importsOf = new Map(
  files.map((file) => [file, readImports(file, readFileSync(join(repoRoot, 'src', file), 'utf8'))]),
);

describe('given the import reader itself', () => {
  test.each([
    ["import React from 'react';", [{ specifier: 'react', line: 1, typeOnly: false }]],
    ["import type { RJSFSchema } from '@rjsf/utils';", [{ specifier: '@rjsf/utils', line: 1, typeOnly: true }]],
    ["import { type RJSFSchema } from '@rjsf/utils';", [{ specifier: '@rjsf/utils', line: 1, typeOnly: false }]],
    ["export type { A } from './a.js';", [{ specifier: './a.js', line: 1, typeOnly: true }]],
    ["export { A } from '../b.js';", [{ specifier: '../b.js', line: 1, typeOnly: false }]],
    [
      "const c = await import('@modelcontextprotocol/client');",
      [{ specifier: '@modelcontextprotocol/client', line: 1, typeOnly: false }],
    ],
    ["const r = require('react');", [{ specifier: 'react', line: 1, typeOnly: false }]],
    ["// first\nconst x = 1;\nimport('react-dom');", [{ specifier: 'react-dom', line: 3, typeOnly: false }]],
    ["type S = import('@rjsf/utils').RJSFSchema;", []],
    ['const text = "import React from \'react\'";', []],
  ])('reads %j', (source, expected) => {
    expect(readImports('sample.ts', source)).toEqual(expected);
  });
});

describe('given the rules themselves', () => {
  const known = new Set([
    'core/url.ts',
    'core/index.ts',
    'core/internal.ts',
    'core/queue.ts',
    'react/shared/labels.ts',
    'shared/path.ts',
    'tools/index.ts',
    'tools/scan.ts',
    'react/elicitation/elicitation-form.tsx',
    'react/tools/tool-call-form.tsx',
    'tools/rjsf/index.ts',
    'bridge/bridge.ts',
  ]);
  const at = (specifier: string, typeOnly = false): Specifier => ({ specifier, line: 1, typeOnly });
  test.each([
    ['core/url.ts', at('../react/shared/labels.js'), 'core never imports react/shared'],
    ['shared/path.ts', at('../core/index.js', true), 'shared never imports core'],
    ['core/queue.ts', at('../tools/index.js'), 'core never imports tools'],
    ['tools/scan.ts', at('../core/index.js'), 'tools never imports core'],
    ['core/url.ts', at('react'), 'core/ loads no React, rjsf form or MCP SDK'],
    ['tools/scan.ts', at('@rjsf/utils'), 'tools/ uses @rjsf/utils for types only (values only in tools/rjsf/)'],
    [
      'react/elicitation/elicitation-form.tsx',
      at('../../core/queue.js'),
      'react/elicitation reads core only through core/index.ts or core/internal.ts or core/prepare.ts or core/file-values.ts, not core/queue.ts',
    ],
    [
      'react/elicitation/elicitation-form.tsx',
      at('../tools/tool-call-form.js'),
      'react/elicitation never imports react/tools',
    ],
    [
      'react/elicitation/elicitation-form.tsx',
      at('@rjsf/core'),
      'react/elicitation loads no rjsf form or Ajv (the React entry needs neither)',
    ],
    ['react/tools/tool-call-form.tsx', at('../../core/index.js'), 'react/tools never imports core'],
    ['bridge/bridge.ts', at('react'), 'bridge/ loads no React, rjsf form or MCP SDK'],
    [
      'bridge/bridge.ts',
      at('@modelcontextprotocol/sdk/client/index.js'),
      'bridge/ loads no React, rjsf form or MCP SDK',
    ],
    [
      'bridge/bridge.ts',
      at('node:http'),
      'bridge/ uses the Fetch standard only (it runs in Workers and browsers), no node: module',
    ],
    [
      'bridge/bridge.ts',
      at('../core/queue.js'),
      'bridge reads core only through core/index.ts or core/internal.ts or core/prepare.ts or core/file-values.ts, not core/queue.ts',
    ],
    ['bridge/bridge.ts', at('../sdk/index.js'), 'bridge never imports sdk'],
  ])('%s naming %j breaks "%s"', (from, imported, rule) => {
    expect(ruleBroken(from, imported, known)).toBe(rule);
  });

  test.each([
    ['core/url.ts', at('../shared/path.js')],
    ['core/url.ts', at('@rjsf/utils', true)],
    ['react/elicitation/elicitation-form.tsx', at('../../core/internal.js')],
    ['react/tools/tool-call-form.tsx', at('@rjsf/core')],
  ])('%s may name %j', (from, imported) => {
    expect(ruleBroken(from, imported, known)).toBeUndefined();
  });
});

describe('given every file under src/', () => {
  test('every layer has files', () => {
    expect([...new Set(files.map(layerOf))].sort()).toEqual(Object.keys(MAY_IMPORT).sort());
  });

  test.each(files)('%s keeps to its layer', (file) => {
    const broken = (importsOf.get(file) ?? [])
      .map((imported) => ({
        line: imported.line,
        specifier: imported.specifier,
        rule: ruleBroken(file, imported, fileSet),
      }))
      .filter((found) => found.rule !== undefined);
    expect(broken).toEqual([]);
  });

  test('the folders import each other without a cycle', () => {
    const edges = new Map<string, Set<string>>();
    for (const [file, imports] of importsOf) {
      for (const { specifier } of imports) {
        if (!specifier.startsWith('.')) continue;
        const from = dirname(file);
        const to = dirname(resolveRelative(file, specifier, fileSet));
        if (from !== to) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (folder: string, path: string[]): void => {
      if (state.get(folder) === 'done') return;
      if (state.get(folder) === 'open') {
        cycles.push([...path.slice(path.indexOf(folder)), folder].join(' → '));
        return;
      }
      state.set(folder, 'open');
      for (const next of edges.get(folder) ?? []) visit(next, [...path, folder]);
      state.set(folder, 'done');
    };
    for (const folder of edges.keys()) visit(folder, []);
    expect(cycles).toEqual([]);
  });
});
