/**
 * The server's memory: its RSS idle, and its peak under a fixed amount of the HTTP rows' load
 * (the same four routes, 10 connections, a fixed number of requests each), so that a faster machine
 * stores the same data and gives the same figure (a fixed time of load would store more messages,
 * nonces and request-log rows on a faster machine, and peak higher).
 */
import autocannon from 'autocannon';
import { measuredRoutes, rssMb, startTarget } from './http.js';
import type { Figure } from '../lib/report.js';
import { summarize } from '../lib/stats.js';

/** Requests in all, split evenly over the four routes. */
const REQUESTS = 100_000;
const CONNECTIONS = 10;

export async function memoryFigures(): Promise<Figure[]> {
  const target = await startTarget();
  try {
    const routes = await measuredRoutes(target);
    await new Promise((r) => setTimeout(r, 500));
    const pid = target.child.pid!;
    const idle = rssMb(pid);
    for (const route of routes) {
      const r = await autocannon({ connections: CONNECTIONS, amount: REQUESTS / routes.length, ...route.opts });
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${route.name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
    }
    // The kernel's high-water mark of the process's RSS: the true peak, not a sample of it.
    const peak = rssMb(pid, 'VmHWM');
    const after = rssMb(pid);
    return [
      { figure: 'memory, server RSS idle', unit: 'MB', embedkit: summarize([idle]), target: 'informational', pass: true },
      {
        figure: `memory, server RSS peak over ${REQUESTS.toLocaleString('en')} requests of the HTTP rows' routes (${CONNECTIONS} connections)`,
        unit: 'MB',
        embedkit: summarize([peak]),
        target: '<= 150 MB',
        pass: peak <= 150,
        note: `RSS after the load ${after.toFixed(0)} MB`,
      },
    ];
  } finally {
    target.child.kill('SIGTERM');
  }
}
