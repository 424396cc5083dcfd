/**
 * The demo bots inside `embedkit start`: when they run (`--no-demo-bot`, `"demoBot": false`),
 * which webhooks a start points at them (never a URL the person set), the ready lines, and the
 * bots themselves mounted on a running kit: a user's text gets the bots' answers through the
 * platform's APIs, a request without the channel's signature is refused. Runs the built demo bot
 * (`demo/bot/dist`) and, for the CLI, the built CLI.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/serve/start.js';
import { readConfig } from '../../../src/cli/options/config.js';
import {
  demoBotLines,
  demoBotMounts,
  demoBotsOffReason,
  demoBotWebhooks,
  loadDemoBots,
  ownOrigin,
  pointDemoBotWebhooks,
  type DemoBotsModule,
  type PlanChannel,
} from '../../../src/cli/start/demo-bots.js';
import { CliError } from '../../../src/cli/remote/http.js';
import { WorldStore } from '../../../src/world/world-store.js';
import { IapStore } from '../../../src/interfaces/mini-apps/index.js';
import type { ServiceNotice } from '#contract/mini-apps.js';
import { ALICE } from '../../helpers.js';

let mod: DemoBotsModule;
let dir: string;
beforeAll(async () => {
  mod = await loadDemoBots();
  dir = mkdtempSync(join(tmpdir(), 'embedkit-demo-bots-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The default world's three demo channels, with the webhook URLs the default scenario gives them. */
function defaultChannels(): PlanChannel[] {
  return mod.DEMO_BOTS.filter((b) => b.embedId === undefined).map((b) => ({
    channel_id: b.channelId,
    secret: b.secret,
    webhook_url: `http://127.0.0.1:3000${b.path}`,
  }));
}

/** The LIFF demo's in-app purchase webhook URL as the default scenario gives it. */
const LIFF_DEMO = '1650000001-liffapp1';
const defaultIapWebhooks = (): Record<string, string | null> => ({ [LIFF_DEMO]: 'http://127.0.0.1:3000/mini-app/iap' });

describe('when the demo bots run', () => {
  it('by default; not with --no-demo-bot, "demoBot": false in the config file, or on PostgreSQL (shared webhooks)', () => {
    expect(demoBotsOffReason(undefined, null, undefined)).toBeNull();
    expect(demoBotsOffReason(true, { demoBot: true }, undefined)).toBeNull();
    expect(demoBotsOffReason(false, null, undefined)).toBe('--no-demo-bot');
    expect(demoBotsOffReason(true, { demoBot: false }, undefined)).toContain('"demoBot": false');
    expect(demoBotsOffReason(undefined, null, 'postgres://db/embedkit')).toContain('PostgreSQL');
  });

  it('the config file takes "demoBot" as a boolean and refuses anything else, naming the field', () => {
    const ok = join(dir, 'ok.json');
    writeFileSync(ok, '{ "demoBot": false }');
    expect(readConfig(ok).demoBot).toBe(false);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{ "demoBot": "no" }');
    expect(() => readConfig(bad)).toThrow(CliError);
    expect(() => readConfig(bad)).toThrow(/demoBot/);
  });
});

describe('which webhooks a start points at the demo bots', () => {
  const run = { run: true, baseUrl: 'http://127.0.0.1:8080' };

  it('the default world: all three, at /demo/bot of the kit', () => {
    const plan = demoBotWebhooks(mod.DEMO_BOTS, defaultChannels(), run);
    expect(plan.set.map((c) => c.url)).toEqual([
      'http://127.0.0.1:8080/demo/bot/webhook',
      'http://127.0.0.1:8080/demo/bot/v1/enterprise',
      'http://127.0.0.1:8080/demo/bot/v1/trial',
    ]);
    expect(plan.answering.map((c) => c.name)).toEqual(['Demo Bot', 'Enterprise Bot', 'Trial Bot']);
    expect(plan.elsewhere).toEqual([]);
  });

  it('a URL the person set (panel or scenario), none, or one the config file sets, is kept', () => {
    const channels = defaultChannels();
    channels[0]!.webhook_url = 'http://127.0.0.1:4000/my-bot';
    channels[1]!.webhook_url = null;
    const plan = demoBotWebhooks(mod.DEMO_BOTS, channels, { ...run, configured: ['1650000003'] });
    expect(plan.set).toEqual([]);
    expect(plan.answering).toEqual([]);
    expect(plan.elsewhere.map((c) => `${c.name} ${c.url}`)).toEqual([
      'Demo Bot http://127.0.0.1:4000/my-bot',
      'Enterprise Bot (no webhook URL)',
      'Trial Bot http://127.0.0.1:3000/v1/trial',
    ]);
  });

  it('an earlier start’s in-process bot on another port follows the new port; the same port is left as is', () => {
    const channels = defaultChannels();
    channels[0]!.webhook_url = 'http://127.0.0.1:41234/demo/bot/webhook';
    channels[1]!.webhook_url = 'http://127.0.0.1:8080/demo/bot/v1/enterprise';
    const plan = demoBotWebhooks(mod.DEMO_BOTS, channels, run);
    expect(plan.set.map((c) => c.channelId)).toEqual(['1650000001', '1650000003']);
    expect(plan.answering).toHaveLength(3);
  });

  it('the LIFF demo’s shop takes the MINI App’s in-app purchase webhook the same way, and keeps one the person set', () => {
    const plan = demoBotWebhooks(mod.DEMO_BOTS, defaultChannels(), { ...run, iapWebhooks: defaultIapWebhooks() });
    expect(plan.set.at(-1)).toEqual({
      channelId: '1650000001',
      name: 'LIFF demo shop',
      url: 'http://127.0.0.1:8080/demo/bot/mini-app/iap',
      embedId: LIFF_DEMO,
    });
    expect(plan.answering.map((c) => c.name)).toEqual(['Demo Bot', 'Enterprise Bot', 'Trial Bot', 'LIFF demo shop']);
    // The channel's webhook set in the config file is the bot's, not the shop's.
    const mine = demoBotWebhooks(mod.DEMO_BOTS, defaultChannels(), {
      ...run,
      configured: ['1650000001'],
      iapWebhooks: { [LIFF_DEMO]: 'https://shop.example/iap' },
    });
    expect(mine.set.map((c) => c.name)).toEqual(['Enterprise Bot', 'Trial Bot']);
    expect(mine.elsewhere.map((c) => `${c.name} ${c.url}`)).toEqual([
      'Demo Bot http://127.0.0.1:3000/webhook',
      'LIFF demo shop https://shop.example/iap',
    ]);
    // A world without that MINI App (or without its in-app purchase) has no shop to point.
    expect(demoBotWebhooks(mod.DEMO_BOTS, defaultChannels(), run).answering.map((c) => c.name)).not.toContain('LIFF demo shop');
  });

  it('a channel of another world (another secret) is not the demo bot’s', () => {
    const channels = defaultChannels().map((c) => ({ ...c, secret: 'ffeeddccbbaa99887766554433221100' }));
    expect(demoBotWebhooks(mod.DEMO_BOTS, channels, run)).toEqual({ set: [], answering: [], elsewhere: [] });
  });

  it('without the bots: a webhook left at an earlier in-process bot goes back to npm run demo:bot’s address; others are kept', () => {
    const channels = defaultChannels();
    channels[0]!.webhook_url = 'http://127.0.0.1:8080/demo/bot/webhook';
    channels[1]!.webhook_url = 'http://127.0.0.1:4000/mine';
    const plan = demoBotWebhooks(mod.DEMO_BOTS, channels, { run: false, baseUrl: 'http://127.0.0.1:8080' });
    expect(plan.set).toEqual([{ channelId: '1650000001', name: 'Demo Bot', url: 'http://127.0.0.1:3000/webhook' }]);
  });
});

describe('the ready lines', () => {
  it('name each bot and where it answers, the bots left to another URL, or that they are off', () => {
    const plan = demoBotWebhooks(
      mod.DEMO_BOTS,
      defaultChannels().map((c, i) => (i === 2 ? { ...c, webhook_url: 'http://127.0.0.1:4000/trial' } : c)),
      { run: true, baseUrl: 'http://127.0.0.1:8080' },
    );
    expect(demoBotLines(plan)).toEqual([
      '  demo bot        Demo Bot: answers at http://127.0.0.1:8080/demo/bot/webhook',
      '  demo bot        Enterprise Bot: answers at http://127.0.0.1:8080/demo/bot/v1/enterprise',
      '  demo bot        Trial Bot: not run here, its webhook is http://127.0.0.1:4000/trial',
    ]);
    expect(demoBotLines(null)).toEqual([expect.stringMatching(/^ {2}demo bots {7}off \(--no-demo-bot\): run npm run demo:bot/)]);
  });

  it('the kit reaches itself at 127.0.0.1 on loopback and wildcard binds, else at the bound address', () => {
    expect(ownOrigin(undefined, 8080)).toBe('http://127.0.0.1:8080');
    expect(ownOrigin('0.0.0.0', 8080)).toBe('http://127.0.0.1:8080');
    expect(ownOrigin('::1', 8080)).toBe('http://[::1]:8080');
    expect(ownOrigin('192.168.1.5', 8080)).toBe('http://192.168.1.5:8080');
  });
});

describe('the demo bots mounted on a running kit', { timeout: 30_000 }, () => {
  let server: RunningServer;
  beforeAll(async () => {
    const logger = pino({ level: 'silent' });
    server = await startServer({ port: 0, inMemory: true, logger, mounts: demoBotMounts(mod, undefined, logger) });
    const channels = await new WorldStore(server.embedkit.db).channels();
    const iap = new IapStore(server.embedkit.db);
    await pointDemoBotWebhooks(
      mod,
      server,
      undefined,
      channels,
      null,
      undefined,
      undefined,
      async (id) => (await iap.settings(id))?.webhookUrl,
    );
  });
  afterAll(() => server.close());

  /** Alice writes `text` into a chat through the host's API, then the bot's messages of that chat are awaited. */
  async function answerTo(chatId: string, text: string): Promise<string[]> {
    const base = `http://127.0.0.1:${server.port}`;
    const sent = await fetch(`${base}/embedkit/v1/chats/${chatId}/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: ALICE, message: { type: 'text', text } }),
    });
    expect(sent.status).toBe(200);
    for (let i = 0; i < 100; i++) {
      const page = (await (await fetch(`${base}/embedkit/v1/chats/${chatId}/messages?limit=50`)).json()) as {
        messages: { sender: { type: string }; message: { text?: string } }[];
      };
      const fromBot = page.messages.filter((m) => m.sender.type === 'bot').map((m) => m.message.text ?? '');
      if (fromBot.length > 0) return fromBot;
      await new Promise((r) => setTimeout(r, 100));
    }
    return [];
  }

  it('each of the three bots answers a text through the platform’s APIs', async () => {
    const world = (await (await fetch(`${server.baseUrl}/embedkit/v1/world`)).json()) as {
      chats: { chatId: string; type: string; memberIds: string[]; bot?: string }[];
    };
    const chatOf = (channelId: string) => world.chats.find((c) => c.type === 'utou' && c.bot === channelId && c.memberIds.includes(ALICE))!;
    expect(await answerTo(chatOf('1650000001').chatId, 'hello demo')).toContain('hello demo');
    expect(await answerTo(chatOf('1650000002').chatId, 'hello enterprise')).toContain('echo: hello enterprise');
    expect(await answerTo(chatOf('1650000003').chatId, 'hello trial')).toContain('echo: hello trial');
  });

  it('refuses a webhook without the channel’s signature (403), as any bot must', async () => {
    for (const path of ['/webhook', '/v1/enterprise', '/v1/trial', '/mini-app/iap']) {
      const res = await fetch(`http://127.0.0.1:${server.port}/demo/bot${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Service-Signature': 'bm90IGl0', 'X-Service-ChannelSignature': 'bm90IGl0' },
        body: '{"events":[],"result":[]}',
      });
      expect(res.status).toBe(403);
    }
  });
  it('the LIFF demo’s shop: reserves on a verified LIFF access token, grants on purchaseComplete, confirms by service message', async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });
    const put = (path: string, body: unknown) =>
      fetch(`${base}${path}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    await put(`/embedkit/v1/users/${ALICE}/iap/consent`, { agreed: true });
    const session = await json(
      await post('/embedkit/v1/sessions', { userId: ALICE, channelId: '1650000001', scopes: ['openid', 'profile'] }),
    );
    const liffToken = String(session.body.access_token);
    const coins = async (token = liffToken) =>
      json(await fetch(`${base}/demo/bot/mini-app/coins`, { headers: { Authorization: `Bearer ${token}` } }));
    expect((await coins()).body).toEqual({ userId: ALICE, coins: 0 });
    expect((await coins('not-a-token')).status).toBe(401);

    // A token that is not this MINI App's is refused before anything is reserved.
    const refused = await json(await post('/demo/bot/mini-app/reserve', { accessToken: 'nope', productId: 'iap_ln_002', clientOs: 'ios' }));
    expect(refused.status).toBe(401);
    const reserved = await json(
      await post('/demo/bot/mini-app/reserve', { accessToken: liffToken, productId: 'iap_ln_002', clientOs: 'ios' }),
    );
    expect(reserved).toEqual({ status: 200, body: { orderId: expect.stringMatching(/^T\d{22}$/) } });
    const orderId = String(reserved.body.orderId);
    expect((await post(`/embedkit/v1/iap/orders/${orderId}/payment`, { outcome: 'paid' })).status).toBe(200);

    // The webhook came (signed): 100 coins, and one service message in Alice's service-message chat.
    await expect.poll(async () => (await coins()).body.coins, { timeout: 5000 }).toBe(100);
    const notices = async () =>
      (await json(await fetch(`${base}/embedkit/v1/users/${ALICE}/service-messages`))).body.messages as { notice: ServiceNotice }[];
    await expect.poll(async () => (await notices()).map((m) => m.notice.templateName), { timeout: 5000 }).toEqual(['thankyou_msg_en']);
    const [{ notice }] = (await notices()) as [{ notice: ServiceNotice }];
    expect(notice.items).toContainEqual({ label: 'Name', value: 'Alice' });
    expect(notice.buttons).toEqual([{ label: 'See details', url: 'https://liff.line.me/1650000001-liffapp1' }]);

    // A refund takes the coins back.
    expect((await post(`/embedkit/v1/iap/orders/${orderId}/refund`, {})).status).toBe(200);
    await expect.poll(async () => (await coins()).body.coins, { timeout: 5000 }).toBe(0);
  });
});

describe('embedkit start', { timeout: 60_000 }, () => {
  /** Runs the built CLI until its ready lines are out; returns them. */
  async function readyOutput(args: string[]): Promise<string> {
    const child = spawn(process.execPath, [resolve('server/dist/bin/embedkit.js'), '--port', '0', '--in-memory', ...args], {
      cwd: dir,
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    });
    let out = '';
    try {
      return await new Promise<string>((done, fail) => {
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          if (/ {2}demo bots? {2}/.test(out)) setTimeout(() => done(out), 100);
        });
        child.stderr.on('data', (c: Buffer) => (out += c.toString()));
        child.once('exit', (code) => fail(new Error(`exited with ${code}:\n${out}`)));
      });
    } finally {
      child.kill('SIGTERM');
    }
  }

  it('prints which demo bots answer where; with --no-demo-bot, that they are off', async () => {
    const on = await readyOutput([]);
    expect(on).toMatch(/demo bot {8}Demo Bot: answers at http:\/\/127\.0\.0\.1:\d+\/demo\/bot\/webhook/);
    expect(on).toMatch(/demo bot {8}Trial Bot: answers at http:\/\/127\.0\.0\.1:\d+\/demo\/bot\/v1\/trial/);
    const off = await readyOutput(['--no-demo-bot']);
    expect(off).toContain('demo bots       off');
    expect(off).not.toContain('answers at');
  });
});
