/**
 * `npx embedkit` and `npm start` run the server as a grandchild: npm, then `sh -c`, then node.
 * Killing npm (`kill <pid of npx>`) ends npm and the shell but not node, which npm does not pass the
 * signal to: the server would keep every port. Launched by npm, the server watches its parent and
 * stops (as on SIGTERM) when it is gone, that is, when it has been handed to another parent.
 */

/** How often the parent is looked at, in ms. */
const WATCH_MS = 1000;

/** True when npm (`npx`, `npm exec`, `npm start`) launched this process: npm sets these variables. */
export function launchedByNpm(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.npm_command !== undefined || env.npm_lifecycle_event !== undefined;
}

/**
 * Calls `stop` once when the parent process ends (the process gets another parent). Only for a
 * process npm launched: a server started directly and left running on purpose (`nohup`) is not
 * tied to the shell that started it.
 */
export function stopWithLauncher(stop: () => void): void {
  if (!launchedByNpm()) return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    stop();
  }, WATCH_MS);
  timer.unref();
}
