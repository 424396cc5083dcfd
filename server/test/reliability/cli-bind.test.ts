// The server binds to loopback unless told otherwise, and says so when told otherwise.
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { startCli, stopCli, type Child } from './child.js';

let running: Child | undefined;
afterEach(async () => {
  if (running) await stopCli(running);
  running = undefined;
});

/** Resolves true when a TCP connection to host:port opens. */
function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, host);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

/** An IPv4 address of this machine that is not loopback, if it has one. */
function externalAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
}

describe('the CLI', () => {
  it('binds to loopback by default and says so', async () => {
    running = await startCli(['--port', '0', '--in-memory']);
    expect(running.output()).toMatch(/listening {7}127\.0\.0\.1 and ::1 \(loopback only\)/);
    expect(running.output()).not.toContain('reachable from other machines');
    expect(await reachable('127.0.0.1', running.port)).toBe(true);
    const external = externalAddress();
    if (external) expect(await reachable(external, running.port)).toBe(false);
  });

  it('warns when told to bind to all interfaces', async () => {
    running = await startCli(['--port', '0', '--in-memory', '--host', '0.0.0.0']);
    expect(running.output()).toContain('binding to 0.0.0.0: embedkit is reachable from other machines');
    expect(running.output()).toMatch(/listening {7}0\.0\.0\.0 \(NOT loopback: reachable from other machines\)/);
    expect(await reachable('127.0.0.1', running.port)).toBe(true);
    const external = externalAddress();
    if (external) expect(await reachable(external, running.port)).toBe(true);
  });
});
