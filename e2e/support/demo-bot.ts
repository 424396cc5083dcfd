/** The demo bot (demo/bot, built by scripts/build.mjs) as its own process for e2e tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import type { ServerHandle } from './server.js';

/** A running demo bot: its webhook URL (its v1 callbacks are beside it) and how to stop it. */
export interface Bot {
  url: string;
  stop(): Promise<void>;
}

/** Starts `node demo/bot/dist/main.js` on a free port against the server; resolves on its ready line. */
export async function startDemoBot(server: ServerHandle): Promise<Bot> {
  const child: ChildProcess = spawn(process.execPath, ['demo/bot/dist/main.js'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, EMBEDKIT_URL: server.baseUrl, PORT: '0' },
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`demo bot did not start:\n${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /demo bot ready: (http:\/\/\S+\/webhook)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`demo bot exited with ${code}:\n${output}`)));
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
