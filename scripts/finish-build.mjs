// After tsc: gathers the stylesheets into `dist/styles.css` and removes the `import './theme/x.css'` lines
// from the emitted JavaScript, which then stays importable by plain Node (SSR); in the source they let Vite style it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const dist = join(root, 'dist');
const CSS_IMPORT = /^import '(\.{1,2}\/[^']+\.css)';\r?\n/gm;

/** Every emitted .js and .d.ts file (tsc keeps side-effect imports in both), in a stable order. */
const files = readdirSync(dist, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && (entry.name.endsWith('.js') || entry.name.endsWith('.d.ts')))
  .map((entry) => join(entry.parentPath, entry.name))
  .sort();

const sheets = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const stripped = text.replace(CSS_IMPORT, (_line, specifier) => {
    // The same path under src/ (tsc does not copy CSS).
    const sheet = resolve(dirname(file), specifier).replace(dist, src);
    if (!sheets.includes(sheet)) sheets.push(sheet);
    return '';
  });
  if (stripped !== text) writeFileSync(file, stripped);
}

const css = sheets.map((sheet) => `/* ${relative(src, sheet)} */\n${readFileSync(sheet, 'utf8').trim()}\n`).join('\n');
writeFileSync(join(dist, 'styles.css'), css);
console.log(`dist/styles.css: ${sheets.map((sheet) => relative(root, sheet)).join(', ')} (${css.length} bytes)`);
