// Copies every .css file under src/ to the same place under dist/: tsc emits the
// `import './theme/elicit-kit.css'` of a component but not the file it names.
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const dist = join(root, 'dist');

for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.css')) continue;
  const from = join(entry.parentPath, entry.name);
  const to = join(dist, relative(src, from));
  mkdirSync(dirname(to), { recursive: true });
  cpSync(from, to);
  console.log(`copied ${relative(root, from)} -> ${relative(root, to)}`);
}
