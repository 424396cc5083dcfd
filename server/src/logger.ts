/** The server's logger: pino, readable lines on a terminal, JSON otherwise. */
import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';

/**
 * @param level pino level name; `silent` for tests
 */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info'): Logger {
  if (level === 'silent') return pino({ level });
  const stream = process.stdout.isTTY ? pretty({ colorize: true, ignore: 'pid,hostname', translateTime: 'HH:MM:ss' }) : process.stdout;
  return pino({ level }, stream);
}
