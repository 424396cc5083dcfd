import { describe, expect, it } from 'vitest';
import { formatProfile, origin, summarizeProfile, type CpuProfile } from '../http/cpu-profile.js';

const frame = (id: number, functionName: string, url = '') => ({ id, callFrame: { functionName, url, lineNumber: 9 } });
const PROFILE: CpuProfile = {
  nodes: [
    frame(1, '(root)'),
    frame(2, '(idle)'),
    { ...frame(3, 'share', 'file:///x/server/dist/world/chats.js'), children: [4] },
    frame(4, 'compile', 'file:///x/node_modules/kysely/dist/esm/query-compiler.js'),
    frame(5, '(garbage collector)'),
    frame(6, 'parserOnHeadersComplete', 'node:_http_common'),
  ],
  startTime: 1000,
  // at 1010, 1020, ... 1080: the sample at 1080 falls outside the window.
  samples: [3, 4, 2, 3, 5, 6, 3, 4],
  timeDeltas: [10, 10, 10, 10, 10, 10, 10, 10],
};

describe('origin', () => {
  it('names Node.js, a package (scoped too), an embedkit folder and V8’s pseudo-frames', () => {
    expect(origin('node:internal/http', 'x')).toBe('node');
    expect(origin('file:///p/node_modules/@line/bot-sdk/dist/a.js', 'x')).toBe('@line/bot-sdk');
    expect(origin('file:///p/node_modules/express/lib/router.js', 'x')).toBe('express');
    expect(origin('file:///p/server/dist/http/body.js', 'x')).toBe('embedkit http');
    expect(origin('file:///p/server/dist/testing.js', 'x')).toBe('embedkit testing');
    expect(origin('', '(garbage collector)')).toBe('(garbage collector)');
  });
});

describe('summarizeProfile', () => {
  it('counts the busy samples of the window by origin and frame, per request, idle left out', () => {
    const s = summarizeProfile(PROFILE, 1000, 1070, 2);
    // busy samples in the window: 3, 4, 3, 5, 6, 3 (each 10 µs) = 60 µs over 2 requests.
    expect(s.busyUsPerRequest).toBe(30);
    expect(s.origins[0]).toEqual({ name: 'embedkit world', us: 30, usPerRequest: 15, percent: 50 });
    expect(s.origins.map((o) => o.name)).toEqual(['embedkit world', 'kysely', '(garbage collector)', 'node']);
    expect(s.frames[0]!.name).toBe('share server/dist/world/chats.js:10');
    // share's inclusive time: its own 3 samples and the 1 of the Kysely frame it called, in the window.
    expect(s.ownInclusive).toEqual([{ name: 'share server/dist/world/chats.js:10', us: 40, usPerRequest: 20, percent: (100 * 40) / 60 }]);
    expect(formatProfile(s)).toContain('busy CPU 30.0 µs per request');
  });
});
