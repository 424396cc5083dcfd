/**
 * The call pipeline compiled to older JavaScript, as an app's own bundler compiles `embedkit/liff`
 * (Nuxt 2's Babel for Internet Explorer 9, TypeScript's ES5): a call still reaches the host's
 * bridge as the method's own name, which its allow-list serves, and its answer comes back.
 */
import { expose, wrap } from 'comlink';
import { readFileSync } from 'node:fs';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import ts from 'typescript';
import { afterEach, expect, it } from 'vitest';
import { filteredEndpoint } from '../../host/src/app/bridge/filter.js';
import type { createCall as CreateCall } from '../src/call.js';
import * as errors from '../src/errors.js';
import * as protocol from '#contract/bridge/protocol.js';
import type { HostApi } from '#contract/bridge/protocol.js';

const ports: MessagePort[] = [];
afterEach(() => ports.splice(0).forEach((port) => port.close()));

/** `sdk/src/call.ts` compiled to ES5 (spread calls become `.apply`), with its imports the real modules. */
function compiledCreateCall(): typeof CreateCall {
  const source = readFileSync(new URL('../src/call.ts', import.meta.url), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES5, module: ts.ModuleKind.CommonJS, removeComments: true },
  });
  expect(outputText).not.toContain('...');
  const modules: Record<string, unknown> = { './errors.js': errors, '#contract/bridge/protocol.js': protocol };
  const exports: { createCall?: typeof CreateCall } = {};
  new Function('require', 'exports', outputText)((name: string) => modules[name], exports);
  return exports.createCall!;
}

/** A host behind the bridge's allow-list (`filteredEndpoint`), answering `getProfile` with what it was asked. */
function host(refused: string[]): HostApi {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  const api = { getProfile: async (...args: unknown[]) => ({ ok: true, value: { userId: 'U1', displayName: `args ${args.length}` } }) };
  expose(
    api,
    filteredEndpoint(port2 as unknown as globalThis.MessagePort, (reason) => refused.push(reason)),
  );
  return wrap<HostApi>(port1 as unknown as globalThis.MessagePort) as unknown as HostApi;
}

it('a call compiled to ES5 reaches the host as its method and gets its answer', async () => {
  const refused: string[] = [];
  const remote = host(refused);
  const call = compiledCreateCall()(() => remote);
  await expect(call('getProfile', [])).resolves.toEqual({ userId: 'U1', displayName: 'args 0' });
  expect(refused).toEqual([]);
});
