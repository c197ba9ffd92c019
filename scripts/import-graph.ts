import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** The repository's root: paths in the graph are relative to it, with `/`. */
export const ROOT = join(import.meta.dirname, '..');

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

/**
 * The specifiers a module names: static imports and re-exports (type-only ones too), side-effect
 * imports, `import('…')` and `import('…').Type`. Read from the source, not from a compiler: the
 * installed TypeScript (7, native) has no JavaScript API, and esbuild drops type-only imports.
 * A clause is identifiers, braces, commas and `*`, so a comment or a string that merely mentions
 * `from '…'` mid-line is not read as an import.
 */
export function specifiersOf(source: string): string[] {
  const found = [
    ...source.matchAll(/^\s*(?:import|export)\s+[\w\s{},*$]*?\bfrom\s*['"]([^'"\n]+)['"]/gm),
    ...source.matchAll(/^\s*import\s*['"]([^'"\n]+)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g),
  ];
  return found.map((match) => match[1] as string);
}

/** Every source file under these folders of the root (tests included), as root-relative paths. */
export function sourceFiles(folders: readonly string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(path);
      return SOURCE.test(entry.name) ? [path] : [];
    });
  return folders.flatMap(walk).sort();
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/**
 * The file a relative specifier names, as the bundler resolves it (tsconfig.json's
 * `moduleResolution: bundler`): as written, `.js` standing for `.ts`, or an extension or
 * `/index` added. `undefined` for a package, or a path that is not a file of the repository.
 */
export function resolveRelative(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(ROOT, dirname(from), specifier.replace(/[?#].*$/, ''));
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mts'].map((ext) => stem + ext),
    ...['.ts', '.tsx', '.js', '.mjs'].map((ext) => base + ext),
    ...['index.ts', 'index.tsx', 'index.js'].map((name) => join(base, name)),
  ];
  const found = candidates.find(isFile);
  return found && relative(ROOT, found).split(sep).join('/');
}

/** Each file's imports of other files of the repository, in the order it names them. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const targets = specifiersOf(readFileSync(join(ROOT, file), 'utf8'))
        .map((specifier) => resolveRelative(file, specifier))
        .filter((target): target is string => target !== undefined);
      return [file, [...new Set(targets)]];
    }),
  );
}

/**
 * The import cycles of a graph, each as the path that closes it (`a → b → a`), each cycle once,
 * starting at its first file in sort order. Tarjan's strongly connected components, then one
 * shortest cycle through each file of a component that no cycle found so far passes through.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  for (const component of stronglyConnected(graph)) {
    const members = new Set(component);
    const covered = new Set<string>();
    for (const start of [...component].sort()) {
      if (covered.has(start)) continue;
      const cycle = shortestCycle(graph, members, start);
      if (!cycle) continue;
      for (const file of cycle) covered.add(file);
      cycles.push([...cycle, start]);
    }
  }
  return cycles.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

/** Breadth-first from `start` back to itself within a component: the files on the way. */
function shortestCycle(
  graph: ReadonlyMap<string, readonly string[]>,
  members: ReadonlySet<string>,
  start: string,
): string[] | undefined {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i] as string;
    for (const next of graph.get(file) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0] as string) as string);
        return path;
      }
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      queue.push(next);
    }
  }
  return undefined;
}

/** Tarjan's algorithm, iterative; components of one file only when it imports itself. */
function stronglyConnected(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: [string, number][] = [[root, 0]];
    while (work.length) {
      const frame = work[work.length - 1] as [string, number];
      const [file, next] = frame;
      if (next === 0) {
        index.set(file, index.size);
        low.set(file, index.get(file) as number);
        stack.push(file);
        onStack.add(file);
      }
      const targets = graph.get(file) ?? [];
      if (next < targets.length) {
        frame[1] = next + 1;
        const target = targets[next] as string;
        if (!index.has(target)) work.push([target, 0]);
        else if (onStack.has(target))
          low.set(file, Math.min(low.get(file) as number, index.get(target) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent)
        low.set(parent[0], Math.min(low.get(parent[0]) as number, low.get(file) as number));
      if (low.get(file) !== index.get(file)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || targets.includes(file)) components.push(component);
    }
  }
  return components;
}
