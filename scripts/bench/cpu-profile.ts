/** A summary of a V8 `.cpuprofile` (from `node --cpu-prof`): where the samples of a window went. */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  hitCount?: number;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Share {
  name: string;
  percent: number;
}

export interface ProfileSummary {
  samples: number;
  /** Self time by function (`name file:line`). */
  functions: Share[];
  /** Self time by package (node_modules), Node itself, or file of ours. */
  places: Share[];
  /** Time including callees, for our own files' functions. */
  ownInclusive: Share[];
}

const fileOf = (url: string, root: string) => url.replace(/^file:\/\//, '').replace(`${root}/`, '');

function placeOf(url: string, root: string): string {
  const file = fileOf(url, root);
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];
  if (pkg !== undefined) return pkg;
  if (file.startsWith('node:')) return 'node (internal)';
  return file === '' ? '(native, GC, idle)' : file;
}

const top = (counts: Map<string, number>, total: number, n: number): Share[] =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, count]) => ({ name, percent: Math.round((1000 * count) / total) / 10 }));

/** The samples of the last `lastMs` of the profile (all with `lastMs` undefined). */
export function summarise(
  profile: CpuProfile,
  root: string,
  lastMs?: number,
  n = 20,
): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const from = lastMs === undefined ? -Infinity : profile.endTime - lastMs * 1000;
  const hits = new Map<number, number>();
  let time = profile.startTime;
  profile.samples.forEach((id, i) => {
    time += profile.timeDeltas[i] ?? 0;
    if (time >= from) hits.set(id, (hits.get(id) ?? 0) + 1);
  });
  const label = ({ functionName, url, lineNumber }: CallFrame) =>
    `${functionName || '(anonymous)'} ${fileOf(url, root)}:${lineNumber + 1}`;
  const functions = new Map<string, number>();
  const places = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  for (const [id, count] of hits) {
    const node = byId.get(id);
    if (node === undefined) continue;
    total += count;
    const name = label(node.callFrame);
    functions.set(name, (functions.get(name) ?? 0) + count);
    const place = placeOf(node.callFrame.url, root);
    places.set(place, (places.get(place) ?? 0) + count);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (frame === undefined || !frame.url.startsWith(`file://${root}/`)) continue;
      if (frame.url.includes('/node_modules/')) continue;
      const own = label(frame);
      if (seen.has(own)) continue;
      seen.add(own);
      inclusive.set(own, (inclusive.get(own) ?? 0) + count);
    }
  }
  return {
    samples: total,
    functions: top(functions, total, n),
    places: top(places, total, n),
    ownInclusive: top(inclusive, total, n),
  };
}
