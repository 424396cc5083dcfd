/**
 * `embedkit mcp`: the MCP server for coding agents over stdio (docs/guide/agents.md). With `--url` it
 * acts on a running embedkit; without, it starts one of its own (`embedkit start --port 0
 * --in-memory`, demo bots included) as a child process and stops it when the agent's client goes.
 * stdout carries the protocol only: the child's ready lines and logs go to stderr.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Command } from 'commander';
import { packagePath } from '../../runtime/package-root.js';
import { CliError, guarded, simulatorOf, targetOf } from './http.js';

/** How long a started embedkit gets to print its ready line, in ms. */
const START_TIMEOUT_MS = 60_000;

/**
 * Starts an in-memory embedkit on free ports as a child process, its output on our stderr.
 * @returns its `{base_url}` and the child
 * @throws CliError when it exits or stays silent before its ready line
 */
function startChild(): Promise<{ url: string; child: ChildProcess }> {
  // The command as it ships (the bundle), or its source when this module runs from source (tsx in development).
  const entry = packagePath(import.meta.url.endsWith('.ts') ? 'server/src/cli.ts' : 'server/dist/bin/embedkit.js');
  const child = spawn(process.execPath, [...process.execArgv, entry, 'start', '--port', '0', '--in-memory'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => fail(`embedkit did not start within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill();
      reject(new CliError(why));
    };
    child.once('exit', (code) => fail(`embedkit exited (${code}) before it was ready`));
    child.stdout!.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      seen += chunk.toString();
      const ready = /embedkit ready: (\S+?)\/?\n/.exec(seen);
      if (ready) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        seen = '';
        resolve({ url: ready[1]!, child });
      }
    });
  });
}

export function mcpCommand(): Command {
  return new Command('mcp')
    .description('MCP server over stdio for coding agents: act as the people of the world, read chats and webhook deliveries')
    .option('--url <url>', 'a running embedkit to act on (default: start an in-memory one on free ports)')
    .addHelpText(
      'after',
      `
The same server is served over streamable HTTP at /mcp of a running embedkit. See docs/guide/agents.md.

Examples (in an MCP client's configuration):
  {"command": "npx", "args": ["embedkit", "mcp"]}
  {"command": "npx", "args": ["embedkit", "mcp", "--url", "http://localhost:8080"]}`,
    )
    .action(
      guarded('mcp', async (opts: { url?: string }) => {
        let child: ChildProcess | undefined;
        let url = opts.url;
        if (url === undefined) ({ url, child } = await startChild());
        // The MCP SDK and its schemas (zod) load only for this command, not at every start.
        const [{ StdioServerTransport }, { createMcpServer }] = await Promise.all([
          import('@modelcontextprotocol/sdk/server/stdio.js'),
          import('../../mcp/server.js'),
        ]);
        const server = createMcpServer(simulatorOf(targetOf({ url })));
        const stop = () => {
          child?.kill();
          process.exit(0);
        };
        const transport = new StdioServerTransport();
        transport.onclose = stop;
        process.stdin.once('end', stop);
        process.once('SIGTERM', stop);
        process.once('SIGINT', stop);
        await server.connect(transport);
        process.stderr.write(`embedkit mcp: serving ${url} over stdio\n`);
      }),
    );
}
