/** The server's logger: pino, readable lines on a terminal, JSON otherwise. */
import { createRequire } from 'node:module';
import { pino, type Logger } from 'pino';
import type pretty from 'pino-pretty';

// pino-pretty is loaded only for a terminal: a server whose output goes to a file or a pipe
// never needs it (memory). It is CommonJS, so it can be loaded synchronously here.
const require = createRequire(import.meta.url);

/**
 * @param level pino level name; `silent` for tests
 */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info'): Logger {
  if (level === 'silent') return pino({ level });
  if (!process.stdout.isTTY) return pino({ level }, process.stdout);
  const prettyStream = require('pino-pretty') as typeof pretty;
  return pino({ level }, prettyStream({ colorize: true, ignore: 'pid,hostname', translateTime: 'HH:MM:ss' }));
}
