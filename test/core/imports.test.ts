/**
 * `src/core/` and `src/tools/` are React-free and SDK-free (DESIGN.md, "Layers"): importing
 * `mcp-elicit-kit/core` must never load React, rjsf components or an MCP SDK. This reads every file
 * there with the TypeScript parser and lists each module it would load at run time.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A module a file would load at run time that the React-free layers must not. */
interface ForbiddenImport {
  specifier: string;
  /** 1-based line of the import. */
  line: number;
}

/** Packages that pull in React, rjsf components/validators, or an MCP SDK. */
function isForbidden(specifier: string): boolean {
  return (
    specifier === 'react' ||
    specifier.startsWith('react/') ||
    specifier === 'react-dom' ||
    specifier.startsWith('react-dom/') ||
    // @rjsf/utils only as `import type` (RJSFSchema, UiSchema); every @rjsf value import is refused.
    specifier === '@rjsf' ||
    specifier.startsWith('@rjsf/') ||
    specifier.startsWith('@modelcontextprotocol/')
  );
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (fileName.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/**
 * Every forbidden module `source` loads at run time: value and side-effect imports, re-exports,
 * `import x = require()`, `require()` and `import()`. Type-only forms (`import type`,
 * `export type … from`, `typeof import('…')`) are erased and allowed. `import { type A } from 'm'`
 * is not: under `verbatimModuleSyntax` it stays as `import {} from 'm'` and loads `m`.
 */
function findForbiddenImports(fileName: string, source: string): ForbiddenImport[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, scriptKind(fileName));
  const found: ForbiddenImport[] = [];
  const note = (node: ts.Node, specifier: ts.Node | undefined): void => {
    if (specifier === undefined || !ts.isStringLiteralLike(specifier)) return;
    if (!isForbidden(specifier.text)) return;
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push({ specifier: specifier.text, line: line + 1 });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      if (node.importClause?.isTypeOnly !== true) note(node, node.moduleSpecifier);
    } else if (ts.isExportDeclaration(node)) {
      if (!node.isTypeOnly) note(node, node.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(node)) {
      if (!node.isTypeOnly && ts.isExternalModuleReference(node.moduleReference)) {
        note(node, node.moduleReference.expression);
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

/** Source files under `dir` (recursive), as repo-relative paths. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(repoRoot, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:[cm]?[jt]sx?)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(repoRoot, join(entry.parentPath, entry.name)))
    .sort();
}

describe('given the import checker itself', () => {
  test.each([
    ["import React from 'react';", [{ specifier: 'react', line: 1 }]],
    ["import { createRoot } from 'react-dom/client';", [{ specifier: 'react-dom/client', line: 1 }]],
    ["import { jsx } from 'react/jsx-runtime';", [{ specifier: 'react/jsx-runtime', line: 1 }]],
    ["import 'react';", [{ specifier: 'react', line: 1 }]],
    ["import Form from '@rjsf/core';", [{ specifier: '@rjsf/core', line: 1 }]],
    ["import validator from '@rjsf/validator-ajv8';", [{ specifier: '@rjsf/validator-ajv8', line: 1 }]],
    ["import { getUiOptions } from '@rjsf/utils';", [{ specifier: '@rjsf/utils', line: 1 }]],
    ["import { type RJSFSchema } from '@rjsf/utils';", [{ specifier: '@rjsf/utils', line: 1 }]],
    ["export { useState } from 'react';", [{ specifier: 'react', line: 1 }]],
    ["export * from '@modelcontextprotocol/sdk/types.js';", [{ specifier: '@modelcontextprotocol/sdk/types.js', line: 1 }]],
    ["const c = await import('@modelcontextprotocol/client');", [{ specifier: '@modelcontextprotocol/client', line: 1 }]],
    ["const r = require('react');", [{ specifier: 'react', line: 1 }]],
    ["import r = require('react');", [{ specifier: 'react', line: 1 }]],
    ["// first line\nconst x = 1;\nimport('react-dom');", [{ specifier: 'react-dom', line: 3 }]],
  ])('flags %j', (source, expected) => {
    expect(findForbiddenImports('sample.ts', source)).toEqual(expected);
  });

  test.each([
    "import type { RJSFSchema, UiSchema } from '@rjsf/utils';",
    "export type { RJSFSchema } from '@rjsf/utils';",
    "type Schema = import('@rjsf/utils').RJSFSchema;",
    "import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';",
    "import { joinPath } from './path.js';",
    "import Ajv from 'ajv';",
    "import { reactive } from 'react-free';",
    "const text = \"import React from 'react'\"; // a string, not an import",
  ])('allows %j', (source) => {
    expect(findForbiddenImports('sample.ts', source)).toEqual([]);
  });
});

describe.each(['src/core', 'src/tools'])('given every file under %s', (dir) => {
  const exists = existsSync(join(repoRoot, dir));
  const files = exists ? sourceFiles(dir) : [];

  test('the folder exists and has source files', () => {
    expect(exists).toBe(true);
    expect(files).not.toEqual([]);
  });

  test.each(files)('%s loads no React, rjsf component or MCP SDK at run time', (file) => {
    const source = readFileSync(join(repoRoot, file), 'utf8');
    expect(findForbiddenImports(file, source)).toEqual([]);
  });
});
