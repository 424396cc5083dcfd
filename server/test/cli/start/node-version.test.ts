// Node.js 20 is past its end of life: embedkit runs on 24 and on 22.12 and later, and refuses an
// older Node.js at once with what to install, before its native SQLite module fails to load.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { supportedNodeRange, unsupportedNode } from '../../../src/runtime/node-version.js';
import { CLI } from '../run-cli.js';

describe('the Node.js versions embedkit runs on', () => {
  it('are package.json engines: 24 and later, and 22 from 22.12', () => {
    expect(supportedNodeRange()).toBe('^22.12.0 || >=24.0.0');
    for (const ok of ['24.0.0', '24.21.0', '25.1.0', '22.12.0', '22.23.1']) expect(unsupportedNode(ok), ok).toBeUndefined();
    for (const refused of ['20.20.2', '20.19.0', '22.11.0', '23.11.1', '18.20.8']) {
      const message = unsupportedNode(refused);
      expect(message, refused).toContain(`this is Node.js ${refused}`);
      expect(message).toContain('nvm install 24');
    }
  });

  it('this Node.js runs it', () => {
    expect(unsupportedNode()).toBeUndefined();
  });

  // A machine's own older Node.js (Debian's 20 on CI) runs the built CLI as `npx embedkit` would.
  const versionOf = (node: string) => execFileSync(node, ['-p', 'process.versions.node']).toString().trim();
  const older = ['/usr/bin/node', '/usr/local/bin/node'].find((p) => existsSync(p) && unsupportedNode(versionOf(p)) !== undefined);
  it.skipIf(!older)('the CLI on an older Node.js exits 1 with the message, before loading anything else', async () => {
    const result = await new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) =>
      execFile(older!, [CLI, '--help'], (err, stdout, stderr) => resolve({ code: err ? (err.code as number) : 0, stdout, stderr })),
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`this is Node.js ${versionOf(older!)}`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
