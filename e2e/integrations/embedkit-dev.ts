/**
 * `embedkit dev -- <the app's dev server>` run as a developer runs it, for the specs of apps that
 * know nothing of embedkit (e2e/integrations/vite-liff.spec.ts, e2e/integrations/next-liff.spec.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';

/** A running `embedkit dev` and the host link it printed for the app. */
export interface EmbedkitDev {
  process: ChildProcess;
  /** `http://localhost:<port>/?app=<LIFF ID>` */
  link: string;
}

/**
 * Starts `embedkit dev --port 0 -- <command...>` in `cwd`; resolves once it prints the host link.
 * @param env added to this process's environment
 * @throws Error (rejects) with everything it printed when it exits before printing the link
 */
export function startEmbedkitDev(cwd: string, command: string[], env: Record<string, string> = {}): Promise<EmbedkitDev> {
  const dev = spawn(process.execPath, [resolve('server/dist/bin/embedkit.js'), 'dev', '--port', '0', '--', ...command], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let out = '';
  return new Promise<EmbedkitDev>((done, fail) => {
    const read = (c: Buffer) => {
      out += c.toString();
      const m = /is app \S+: open (http:\/\/localhost:\d+\/\?app=\S+)/.exec(out);
      if (m) done({ process: dev, link: m[1]! });
    };
    dev.stdout!.on('data', read);
    dev.stderr!.on('data', read);
    dev.once('exit', (code) => fail(new Error(`embedkit dev exited with ${code}:\n${out}`)));
  });
}

/** Stops a `embedkit dev` (Ctrl-C, as a developer does) and waits for it to exit. */
export async function stopEmbedkitDev(dev: ChildProcess): Promise<void> {
  if (dev.exitCode !== null || dev.signalCode !== null) return;
  dev.kill('SIGINT');
  await once(dev, 'exit');
}
