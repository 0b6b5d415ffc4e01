import { readFileSync } from 'node:fs';

/**
 * The top frames of a V8 CPU profile (node --cpu-prof, or BENCH_PROFILE_DIR), by self time, with
 * their share of the samples that were not idle: `node dist/.bench/bench/profile-top.js
 * <file.cpuprofile> [count] [pattern]`; with a pattern, the frames whose name matches it by total
 * time (their callees' included). What RESULTS.md's "where the time went" is read from.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

function frameName({ functionName, url, lineNumber }: ProfileNode['callFrame']): string {
  const where = url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, 'dist/');
  return `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : ''}`;
}

/**
 * Frames by total time (their own and their callees'), for the frames whose name matches
 * `pattern`: how much one middleware or function costs with everything it calls.
 */
function inclusiveFrames(file: string, pattern: RegExp, count: number): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const total = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    const { functionName } = byId.get(id)!.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') continue;
    busy += 1;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = frameName(byId.get(at)!.callFrame);
      if (pattern.test(name)) seen.add(name);
    }
    for (const name of seen) total.set(name, (total.get(name) ?? 0) + 1);
  }
  return [...total.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, samples]) => `${((samples / busy) * 100).toFixed(1).padStart(5)}%  ${name}`);
}

function topFrames(file: string, count: number): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
    busy += 1;
    const name = frameName(frame);
    self.set(name, (self.get(name) ?? 0) + 1);
  }
  const idle = profile.samples.length - busy;
  return [
    `${file}: ${profile.samples.length} samples, ${((idle / profile.samples.length) * 100).toFixed(1)}% idle or program`,
    ...[...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, samples]) => `${((samples / busy) * 100).toFixed(1).padStart(5)}%  ${name}`),
  ];
}

if (require.main === module) {
  const [file, count, pattern] = process.argv.slice(2);
  if (!file) throw new Error('Name a .cpuprofile file');
  console.log(
    (pattern
      ? inclusiveFrames(file, new RegExp(pattern), Number(count ?? 25))
      : topFrames(file, Number(count ?? 25))
    ).join('\n'),
  );
}
