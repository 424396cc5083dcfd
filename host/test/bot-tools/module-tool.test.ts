// @vitest-environment happy-dom
/**
 * The side panel's Module channels tool (`host/src/bot-tools/module-tool.ts`): who holds the chat
 * shown (the bot, a module channel until when or with no time limit), handing it to an attached
 * module channel with the TTL and taking it back, authorizing an attachment (the code and the
 * module's exchange as a curl line without the secret), detaching, suspending and resuming the
 * bot, a refusal shown as the status, and a hostile module name kept as text.
 */
import { describe, expect, it } from 'vitest';
import type { ChatControlState, ModuleChannels } from '../../src/simulator-api/bot-api.js';
import { DEFAULT_REDIRECT_URI, exchangeCommand, holderText, ModuleTool, type ModuleCalls } from '../../src/bot-tools/module-tool.js';

const BOT = '1650000001';
const MODULE = '1650000091';
const OTHER = '1650000092';
const CHAT = 'chat-alice-bot';

type Fake = ModuleCalls & { actions: string[]; refuse?: string; control: ChatControlState; overview: ModuleChannels };

/** Calls over a server-like state: each action moves it; `refuse` makes the next action fail. */
function fakeCalls(): Fake {
  const fail = (calls: Fake) => {
    if (calls.refuse) throw new Error(calls.refuse);
  };
  const calls: Fake = {
    actions: [],
    control: { moduleChannelId: null, expireAt: null },
    overview: {
      modules: [
        { channelId: MODULE, name: 'Helpdesk', bots: [{ channelId: BOT, scopes: ['message:send', 'message:receive'], attachedAt: 1 }] },
        { channelId: OTHER, name: 'Survey', bots: [] },
      ],
      suspendedBots: [],
    },
    moduleChannels: async () => calls.overview,
    chatControl: async () => calls.control,
    setChatControl: async (channelId, chatId, body) => {
      calls.actions.push(`control ${channelId} ${chatId} ${JSON.stringify(body)}`);
      fail(calls);
      calls.control =
        body.moduleChannelId === null
          ? { moduleChannelId: null, expireAt: null }
          : { moduleChannelId: body.moduleChannelId, expireAt: body.expired === false ? null : Date.UTC(2026, 0, 1, 1) };
      return calls.control;
    },
    authorizeModule: async (moduleChannelId, body) => {
      calls.actions.push(`authorize ${moduleChannelId} ${JSON.stringify(body)}`);
      fail(calls);
      return { code: 'c0de', expiresAt: Date.UTC(2026, 0, 1, 0, 10) };
    },
    detachModule: async (moduleChannelId, botChannelId) => {
      calls.actions.push(`detach ${moduleChannelId} ${botChannelId}`);
      fail(calls);
      calls.overview = { ...calls.overview, modules: calls.overview.modules.map((m) => ({ ...m, bots: [] })) };
      return true;
    },
    setBotSuspended: async (channelId, suspended) => {
      calls.actions.push(`suspend ${channelId} ${suspended}`);
      fail(calls);
      calls.overview = { ...calls.overview, suspendedBots: suspended ? [channelId] : [] };
      return suspended;
    },
  };
  return calls;
}

const settle = async () => {
  for (let i = 0; i < 4; i++) await new Promise((r) => setTimeout(r, 0));
};

async function open(calls: ModuleCalls, channelId = BOT, chatId = CHAT): Promise<ModuleTool> {
  const tool = new ModuleTool(calls, 'http://localhost:8787');
  document.body.replaceChildren(tool.element);
  tool.element.open = true;
  await tool.show(channelId, chatId);
  return tool;
}

const $ = <T extends HTMLElement = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const text = (sel: string) => $(sel).textContent;
const attached = (id: string) => $(`.module-attached[data-channel-id="${id}"]`);

describe('the Module channels tool', () => {
  it('says the bot holds the chat, lists the attached module and offers the others to authorize', async () => {
    await open(fakeCalls());
    expect(text('#module-holder')).toBe('The bot holds this chat.');
    expect($<HTMLButtonElement>('#module-take-back').disabled).toBe(true);
    expect(document.querySelectorAll('.module-attached')).toHaveLength(1);
    expect(attached(MODULE).querySelector('.module-name')?.textContent).toBe('Helpdesk');
    expect([...$<HTMLSelectElement>('#module-authorize-channel').options].map((o) => o.value)).toEqual([OTHER]);
    expect(text('#module-suspend')).toBe('Suspend the bot');
  });

  it('hands the chat to the module with the TTL, shows until when, and takes it back', async () => {
    const calls = fakeCalls();
    await open(calls);
    $<HTMLInputElement>('#module-ttl').value = '600';
    attached(MODULE).querySelector<HTMLButtonElement>('.module-hand')!.click();
    await settle();
    expect(calls.actions).toEqual([`control ${BOT} ${CHAT} {"moduleChannelId":"${MODULE}","ttl":600}`]);
    expect(text('#module-holder')).toBe('Module channel Helpdesk holds this chat until 2026-01-01T01:00:00.000Z.');
    expect(attached(MODULE).querySelector<HTMLButtonElement>('.module-hand')!.disabled).toBe(true);
    expect($<HTMLButtonElement>('#module-take-back').disabled).toBe(false);
    $<HTMLButtonElement>('#module-take-back').click();
    await settle();
    expect(calls.actions[1]).toBe(`control ${BOT} ${CHAT} {"moduleChannelId":null}`);
    expect(text('#module-holder')).toBe('The bot holds this chat.');
    expect(text('#module-status')).toBe('The bot holds this chat.');
  });

  it('hands the chat with no time limit when asked', async () => {
    const calls = fakeCalls();
    await open(calls);
    $<HTMLInputElement>('#module-no-limit').checked = true;
    attached(MODULE).querySelector<HTMLButtonElement>('.module-hand')!.click();
    await settle();
    expect(calls.actions).toEqual([`control ${BOT} ${CHAT} {"moduleChannelId":"${MODULE}","expired":false}`]);
    expect(text('#module-holder')).toBe('Module channel Helpdesk holds this chat with no time limit.');
  });

  it('authorizes a module channel: the code and the exchange the module makes, without a secret', async () => {
    const calls = fakeCalls();
    await open(calls);
    $<HTMLButtonElement>('#module-authorize').click();
    await settle();
    expect(calls.actions).toEqual([`authorize ${OTHER} {"botChannelId":"${BOT}","redirectUri":"${DEFAULT_REDIRECT_URI}"}`]);
    expect(text('#module-code')).toBe('c0de');
    expect(text('#module-curl')).toBe(exchangeCommand('http://localhost:8787', OTHER, 'c0de', DEFAULT_REDIRECT_URI));
    expect(text('#module-curl')).toContain(`-u '${OTHER}:'"$MODULE_CHANNEL_SECRET"`);
    expect(text('#module-curl')).toContain("--data-urlencode 'code=c0de'");
    expect(text('#module-status')).toContain('until 2026-01-01T00:10:00.000Z');
  });

  it('detaches a module, then suspends and resumes the bot', async () => {
    const calls = fakeCalls();
    await open(calls);
    attached(MODULE).querySelector<HTMLButtonElement>('.module-detach')!.click();
    await settle();
    expect(calls.actions).toEqual([`detach ${MODULE} ${BOT}`]);
    expect(text('#module-attached')).toBe('No module channel is attached to this bot.');
    expect(text('#module-status')).toBe('Detached Helpdesk: it heard module (detached).');
    $<HTMLButtonElement>('#module-suspend').click();
    await settle();
    expect(text('#module-suspend')).toBe('Resume the bot');
    $<HTMLButtonElement>('#module-suspend').click();
    await settle();
    expect(calls.actions.slice(1)).toEqual([`suspend ${BOT} true`, `suspend ${BOT} false`]);
    expect(text('#module-suspend')).toBe('Suspend the bot');
  });

  it('shows a refusal as the status; a module channel chosen as the bot gets no controls', async () => {
    const calls = fakeCalls();
    await open(calls);
    calls.refuse = 'Module channel 1650000091 is not attached to bot 1650000001';
    attached(MODULE).querySelector<HTMLButtonElement>('.module-hand')!.click();
    await settle();
    expect([text('#module-status'), $('#module-status').dataset.kind]).toEqual([calls.refuse, 'error']);
    expect(text('#module-holder')).toBe('The bot holds this chat.');
    await open(fakeCalls(), MODULE);
    expect(text('#module-holder')).toBe('This channel is a module channel: choose a bot.');
    expect(document.querySelectorAll('.module-attached')).toHaveLength(0);
    expect($<HTMLButtonElement>('#module-suspend').disabled).toBe(true);
  });

  it('reads nothing while closed, says when no chat is open, and keeps hostile names and URIs as text', async () => {
    const calls = fakeCalls();
    let reads = 0;
    const counting: ModuleCalls = {
      ...calls,
      moduleChannels: async () => {
        reads++;
        return calls.overview;
      },
    };
    const tool = new ModuleTool(counting, 'http://localhost:8787');
    document.body.replaceChildren(tool.element);
    await tool.show(BOT, '');
    expect(reads).toBe(0);
    tool.element.open = true;
    await tool.load();
    expect(text('#module-holder')).toBe('Open a chat to see which channel holds it.');
    calls.overview.modules[0]!.name = '<img src=x onerror=alert(1)>';
    calls.control = { moduleChannelId: MODULE, expireAt: null };
    await tool.show(BOT, CHAT);
    expect(document.querySelector('img')).toBeNull();
    expect(attached(MODULE).querySelector('.module-name')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(text('#module-holder')).toBe('Module channel <img src=x onerror=alert(1)> holds this chat with no time limit.');
    expect(exchangeCommand('http://h', OTHER, "x'; rm -rf / #", "https://e/'$(id)")).toBe(
      `curl -X POST 'http://h/module/auth/v1/token' -u '${OTHER}:'"$MODULE_CHANNEL_SECRET" -d grant_type=authorization_code ` +
        `--data-urlencode 'code=x'\\''; rm -rf / #' --data-urlencode 'redirect_uri=https://e/'\\''$(id)'`,
    );
    expect(holderText({ moduleChannelId: OTHER, expireAt: 0 }, (id) => id)).toBe(
      `Module channel ${OTHER} holds this chat until 1970-01-01T00:00:00.000Z.`,
    );
  });
});
