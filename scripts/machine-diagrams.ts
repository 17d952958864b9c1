/**
 * `npm run machines:diagrams`: writes one Mermaid diagram per machine into docs/machines/ and an
 * index (README.md), and removes generated diagrams whose machine is gone. Other files there
 * (e.g. coverage.md) are left alone.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DIAGRAMS_DIR,
  diagramFileName,
  isGeneratedPage,
  loadMachines,
  toIndex,
  toMarkdown,
} from './mermaid.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(repoRoot, DIAGRAMS_DIR);

const modules = await loadMachines(repoRoot);
mkdirSync(outDir, { recursive: true });

const written = new Set<string>(['README.md']);
for (const module of modules) {
  const file = diagramFileName(module.machine.id);
  written.add(file);
  writeFileSync(path.join(outDir, file), toMarkdown(module));
  console.log(`${DIAGRAMS_DIR}/${file}  <- ${module.source} (${module.exportName})`);
}
writeFileSync(path.join(outDir, 'README.md'), toIndex(modules));

for (const file of readdirSync(outDir)) {
  if (!file.endsWith('.md') || written.has(file)) continue;
  if (isGeneratedPage(readFileSync(path.join(outDir, file), 'utf8'))) {
    rmSync(path.join(outDir, file));
    console.log(`${DIAGRAMS_DIR}/${file}  removed (its machine is gone)`);
  }
}
