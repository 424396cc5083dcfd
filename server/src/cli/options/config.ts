/**
 * `embedkit.config.json` (or `.jsonc`) in the user's project: what `start` and `exec`
 * read before they run: the port, the scenario (a path or inline), the apps to register at start
 * (e.g. the dev server's URL) and the channels' webhook URLs. Its JSON Schema is published at
 * `/schemas/v1/config.json` like the message schema.
 */
import { faultLine } from '../remote/fault.js';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Static } from '@sinclair/typebox';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { scenarioProblems } from '../../scenario/load.js';
import { ConfigSchema } from '../../config-schema.js';
import { compile } from '../../http/validate.js';
import { botCall, CliError, reason, simCall } from '../remote/http.js';

/** The names `start` and `exec` look for in the current directory, in this order. */
export const CONFIG_FILES = ['embedkit.config.json', 'embedkit.config.jsonc'] as const;

export type EmbedkitConfig = Static<typeof ConfigSchema>;
const checkConfig = compile(ConfigSchema);

/** The config file to read: `explicit` (must exist), else the first of {@link CONFIG_FILES} in `cwd`, else null. */
export function findConfig(cwd: string, explicit?: string): string | null {
  if (explicit !== undefined) {
    const file = resolve(cwd, explicit);
    if (!existsSync(file)) throw new CliError(`--config ${explicit}: no such file`);
    return file;
  }
  for (const name of CONFIG_FILES) if (existsSync(join(cwd, name))) return join(cwd, name);
  return null;
}

/**
 * Reads and checks a config file (JSON with comments and trailing commas allowed).
 * @throws CliError naming the file and each wrong field (the scenario's too, when inline)
 */
export function readConfig(file: string): EmbedkitConfig {
  const errors: ParseError[] = [];
  const data: unknown = parseJsonc(readFileSync(file, 'utf8'), errors, { allowTrailingComma: true });
  if (errors.length)
    throw new CliError(`${file}: not valid JSON (${printParseErrorCode(errors[0]!.error)} at offset ${errors[0]!.offset})`);
  const details = checkConfig(data);
  if (details) throw new CliError(`${file} is invalid:\n${details.map((d) => `  ${d.property ?? '(root)'}: ${d.message}`).join('\n')}`);
  const config = data as EmbedkitConfig;
  if (config.scenario !== undefined && typeof config.scenario !== 'string') {
    const problems = scenarioProblems(config.scenario);
    if (problems.length) throw new CliError(`${file} is invalid:\n${problems.map((p) => `  scenario.${p}`).join('\n')}`);
  }
  return config;
}

/**
 * The scenario file a config names: its path resolved against the config's folder, or the inline
 * scenario written to a temporary file (the server loads scenarios from files).
 */
export function scenarioFileOf(config: EmbedkitConfig, file: string): string | undefined {
  if (config.scenario === undefined) return undefined;
  if (typeof config.scenario === 'string') return resolve(dirname(file), config.scenario);
  const path = join(mkdtempSync(join(tmpdir(), 'embedkit-config-')), 'scenario.json');
  writeFileSync(path, JSON.stringify(config.scenario));
  return path;
}

/**
 * After the server started: sets the config's webhook URLs and fault rules and registers its apps through the
 * HTTP API (as any client would), skipping an app whose URL the channel has already.
 * @param adminToken the server's admin token, when it requires one (for the webhook settings)
 * @returns one line per app and webhook, for the ready output
 * @throws CliError when embedkit refuses one (with its reason)
 */
export async function applyConfig(
  config: EmbedkitConfig,
  baseUrl: string,
  channels: { channel_id: string; secret: string }[],
  adminToken?: string,
): Promise<string[]> {
  const lines: string[] = [];
  // The CLI's own HTTP helper: the server answers as it does any client.
  const target = { url: baseUrl, channelId: '', channelSecret: '', adminToken };
  const call = (method: string, path: string, init: { token?: string; json?: unknown; form?: Record<string, string> } = {}) =>
    botCall(target, method, path, init);
  for (const [channelId, url] of Object.entries(config.webhooks ?? {})) {
    await simCall(target, `webhooks.${channelId}`, 'setWebhook', { params: { channelId }, body: { url } });
    lines.push(`  webhook         channel ${channelId} → ${url}`);
  }
  for (const [i, rule] of (config.faults ?? []).entries()) {
    const set = await simCall(target, `faults[${i}]`, 'addFault', { body: rule });
    lines.push(`  fault           ${faultLine(set)}`);
  }
  for (const [i, app] of (config.apps ?? []).entries()) {
    const channel = channels.find((c) => c.channel_id === (app.channelId ?? channels[0]?.channel_id));
    if (!channel) throw new CliError(`apps[${i}].channelId: no channel ${app.channelId} in the scenario`);
    const token = (
      await call('POST', '/v2/oauth/accessToken', {
        form: { grant_type: 'client_credentials', client_id: channel.channel_id, client_secret: channel.secret },
      })
    ).body.access_token as string;
    const listed = await call('GET', '/embed/v1/apps', { token });
    const existing = ((listed.body.apps ?? []) as { embedId: string; view: { url: string } }[]).find((a) => a.view.url === app.url);
    let embedId = existing?.embedId;
    if (!embedId) {
      const res = await call('POST', '/embed/v1/apps', { token, json: { view: { type: app.view ?? 'tall', url: app.url } } });
      if (res.status !== 200) throw new CliError(`apps[${i}] (${app.url}): ${reason(res)}`);
      embedId = res.body.embedId as string;
    }
    lines.push(`  app             ${app.url} → ${baseUrl}/?app=${embedId}`);
  }
  return lines;
}
