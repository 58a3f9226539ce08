import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Import cycles, type-only imports included. ESLint's import-x/no-cycle passes over a circle that
 * closes through `import type`; such a circle still ties its files together (a change to one
 * type recompiles the ring, and the design knots), so this check follows every import and
 * re-export, types included.
 */

const SOURCE = /\.(ts|tsx)$/;
const SKIP = /(\.test\.tsx?|\.d\.ts)$/;

/** Every source file under the roots, tests left out. */
export function sourcesOf(roots) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist') continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !SKIP.test(name)) files.push(resolve(path));
    }
  };
  for (const root of roots) walk(root);
  return files;
}

/** The graph of relative imports between the files, types included. */
export function importGraph(files) {
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), fileName);
      if (known.has(target)) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The circles of the graph (Tarjan's strongly connected components of more than one file). */
export function cyclesOf(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (start) => {
    // Iterative, so a deep chain of imports cannot overflow the stack.
    const frames = [{ node: start, edges: graph.get(start) ?? [], at: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1];
      if (frame.at < frame.edges.length) {
        const to = frame.edges[frame.at++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          frames.push({ node: to, edges: graph.get(to) ?? [], at: 0 });
        } else if (onStack.has(to))
          low.set(frame.node, Math.min(low.get(frame.node), index.get(to)));
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node), low.get(frame.node)));
      if (low.get(frame.node) === index.get(frame.node)) {
        const ring = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          ring.push(member);
        } while (member !== frame.node);
        if (ring.length > 1) found.push(ring.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The circles among the sources under `roots`, each as paths relative to `base`. */
export function importCycles(base, roots) {
  const graph = importGraph(sourcesOf(roots.map((root) => join(base, root))));
  return cyclesOf(graph).map((ring) => ring.map((file) => relative(base, file)));
}
