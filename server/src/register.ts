/**
 * `embedkit/register`: loaded first (`node --import embedkit/register app.js`, or
 * `NODE_OPTIONS=--import=embedkit/register`), it sends the platform's hosts (`api.line.me`,
 * `api-data.line.me`, `access.line.me`, LINE Pay's...) to the running embedkit (`EMBEDKIT_URL`,
 * else http://localhost:8080), so a client that writes the platform's host into its code runs
 * unmodified against embedkit (docs/guide/register.md). Says on stderr, in one line, what it routes where.
 */
import { ADMIN_TOKEN_ENV } from './http/guards/admin-token.js';
import { routeToEmbedkit } from './register/routing.js';

const routing = await routeToEmbedkit({
  url: (process.env.EMBEDKIT_URL || 'http://localhost:8080').replace(/\/+$/, ''),
  adminToken: process.env[ADMIN_TOKEN_ENV] || undefined,
});
process.stderr.write(`${routing.startLine}\n`);
