/** Reading a V8 CPU profile (`node --cpu-prof`): where the time of a window of it went. */

/** The parts of a `.cpuprofile` file read here (Chrome DevTools protocol, Profiler.Profile). */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>;
  /** µs, on the system's monotonic clock. */
  startTime: number;
  /** The node id of each sample. */
  samples: number[];
  /** µs since the previous sample (the first: since startTime). */
  timeDeltas: number[];
}

/** Time of one frame or origin: µs in all and per request, and its share of the busy time. */
export interface Share {
  name: string;
  us: number;
  usPerRequest: number;
  percent: number;
}

/** Busy CPU time of a window of a profile, by origin and by frame (self time). */
export interface ProfileSummary {
  /** µs the thread was busy (not idle) in the window, per request. */
  busyUsPerRequest: number;
  origins: Share[];
  frames: Share[];
  /** embedkit's own functions (server/dist) by inclusive time: their own and what they call. */
  ownInclusive: Share[];
}

/**
 * Where a frame's code comes from: "node" (Node.js's own modules), a package name for
 * node_modules, "embedkit <folder>" for server/dist/<folder>, or V8's pseudo-frames
 * ("(garbage collector)", "(program)": V8 and native code outside JavaScript).
 */
export function origin(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : `native ${functionName}`;
  if (url.startsWith('node:')) return 'node';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return pkg[1]!;
  const own = /server\/dist\/([^/]+)\/?/.exec(url);
  if (own) return `embedkit ${own[1]!.replace(/\.js$/, '')}`;
  return url;
}

/**
 * The busy time of the samples between `fromUs` and `toUs` (the profile's clock), by origin and by
 * frame (self time, heaviest first), per request for `requests` requests in that window.
 */
export function summarizeProfile(profile: CpuProfile, fromUs: number, toUs: number, requests: number, top = 15): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const frameKey = (f: CpuProfile['nodes'][number]['callFrame']) =>
    `${f.functionName || '(anonymous)'} ${f.url ? `${f.url.replace(/^.*\/(node_modules|server\/dist)\//, '$1/')}:${f.lineNumber + 1}` : ''}`.trim();
  const frames = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const origins = new Map<string, number>();
  let busy = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    // A sample stands for the time until the next one.
    const dt = profile.timeDeltas[i + 1] ?? 0;
    if (t < fromUs || t > toUs) continue;
    const { functionName, url, lineNumber } = byId.get(profile.samples[i]!)!.callFrame;
    if (functionName === '(idle)') continue;
    busy += dt;
    const key = frameKey({ functionName, url, lineNumber });
    frames.set(key, (frames.get(key) ?? 0) + dt);
    const seen = new Set<string>();
    for (let id: number | undefined = profile.samples[i]!; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id)!.callFrame;
      if (!f.url.includes('server/dist/')) continue;
      const k = frameKey(f);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
    }
    const o = origin(url, functionName);
    origins.set(o, (origins.get(o) ?? 0) + dt);
  }
  const shares = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([name, us]) => ({ name, us, usPerRequest: us / requests, percent: busy ? (100 * us) / busy : 0 }));
  return {
    busyUsPerRequest: busy / requests,
    origins: shares(origins),
    frames: shares(frames).slice(0, top),
    ownInclusive: shares(inclusive).slice(0, top),
  };
}

/** The summary as text: one line per origin, then the heaviest frames. */
export function formatProfile(s: ProfileSummary): string {
  const row = (x: Share) => `  ${x.usPerRequest.toFixed(1).padStart(6)} µs/req ${x.percent.toFixed(1).padStart(5)}%  ${x.name}`;
  return [
    `busy CPU ${s.busyUsPerRequest.toFixed(1)} µs per request; by origin:`,
    ...s.origins.filter((o) => o.percent >= 0.5).map(row),
    'heaviest frames (self time):',
    ...s.frames.map(row),
    "embedkit's own functions (inclusive time):",
    ...s.ownInclusive.map(row),
  ].join('\n');
}
