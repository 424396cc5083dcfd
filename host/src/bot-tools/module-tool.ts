/**
 * The side panel's "Module channels" tool (inside the "Bot" group), the bot's admin's controls of
 * docs/platform/module-channels.md: which channel holds the chat shown (the bot, or a module channel until
 * when), handing the chat to an attached module channel with a TTL or taking it back, authorizing
 * a module channel's attachment (the code and the curl line of the module's exchange), detaching
 * a module channel, and suspending or resuming the bot.
 *
 * Attaching stays the module's own step: the host shows the authorization code and the token
 * exchange the module channel makes with its channel secret, which the host never holds.
 */
import type { BotApi, ChatControlState, ModuleChannels } from '../simulator-api/bot-api.js';
import { h, option, replaceChildren } from '../shared/dom.js';
import { BotTool } from '../shared/folding-tool.js';

/** What the tool calls (a {@link BotApi}, or a fake in tests). */
export type ModuleCalls = Pick<
  BotApi,
  'moduleChannels' | 'chatControl' | 'setChatControl' | 'authorizeModule' | 'detachModule' | 'setBotSuspended'
>;

/** The redirect URI the authorize form starts with (the exchange must send the same one). */
export const DEFAULT_REDIRECT_URI = 'https://example.com/module/callback';

/** A word for a POSIX shell: single-quoted, its own quotes escaped. */
function shellWord(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The module channel's token exchange (`POST /module/auth/v1/token`, module-attach.yml
 * `attachModule`) as a curl line, the channel secret left for the module's developer to fill.
 * @param origin the kit's base URL, e.g. `http://localhost:8787`
 */
export function exchangeCommand(origin: string, moduleChannelId: string, code: string, redirectUri: string): string {
  return [
    `curl -X POST ${shellWord(`${origin}/module/auth/v1/token`)}`,
    `-u ${shellWord(`${moduleChannelId}:`)}"$MODULE_CHANNEL_SECRET"`,
    '-d grant_type=authorization_code',
    `--data-urlencode ${shellWord(`code=${code}`)}`,
    `--data-urlencode ${shellWord(`redirect_uri=${redirectUri}`)}`,
  ].join(' ');
}

/** Who holds a chat as people read it; `expireAt` in ms on the simulated clock. */
export function holderText(state: ChatControlState, name: (channelId: string) => string): string {
  if (state.moduleChannelId === null) return 'The bot holds this chat.';
  const until = state.expireAt === null ? 'with no time limit' : `until ${new Date(state.expireAt).toISOString()}`;
  return `Module channel ${name(state.moduleChannelId)} holds this chat ${until}.`;
}

/**
 * The tool (`details#module-tool`): `#module-holder`, `#module-take-back`, the TTL (`#module-ttl`
 * seconds, `#module-no-limit`), one `.module-attached` per attached module channel with
 * `.module-hand` and `.module-detach`, the authorize form (`#module-authorize-channel`,
 * `#module-redirect`, `#module-authorize`, then `#module-code` and `#module-curl`),
 * `#module-suspend`, and `#module-status`. Read whenever it opens: the TTL runs out with the clock,
 * and modules act on their own.
 */
export class ModuleTool extends BotTool {
  private readonly holder: HTMLElement;
  private readonly takeBack: HTMLButtonElement;
  private readonly ttl: HTMLInputElement;
  private readonly noLimit: HTMLInputElement;
  private readonly attached: HTMLElement;
  private readonly authorizeChannel: HTMLSelectElement;
  private readonly redirect: HTMLInputElement;
  private readonly authorizeButton: HTMLButtonElement;
  private readonly code: HTMLElement;
  private readonly curl: HTMLElement;
  private readonly suspend: HTMLButtonElement;
  private overview: ModuleChannels = { modules: [], suspendedBots: [] };

  /** @param origin the kit's base URL the curl line names (the page's origin by default) */
  constructor(
    private readonly calls: ModuleCalls,
    private readonly origin: string = globalThis.location?.origin ?? '',
  ) {
    super({ tool: 'module-tool', status: 'module-status' }, 'Module channels', 'the module channels');
    this.holder = h('p', { className: 'field-note', attrs: { id: 'module-holder' } });
    this.takeBack = button('module-take-back', 'Take the chat back', () => this.act(() => this.give(null)));
    this.ttl = h('input', { attrs: { id: 'module-ttl', type: 'number', min: 1, max: 31_536_000, value: 3600, 'aria-label': 'TTL (s)' } });
    this.noLimit = h('input', { attrs: { id: 'module-no-limit', type: 'checkbox', 'aria-label': 'No time limit' } });
    this.attached = h('div', { className: 'module-list', attrs: { id: 'module-attached' } });
    this.authorizeChannel = h('select', { attrs: { id: 'module-authorize-channel', 'aria-label': 'Module channel' } });
    this.redirect = h('input', {
      attrs: { id: 'module-redirect', value: DEFAULT_REDIRECT_URI, maxlength: 1000, 'aria-label': 'Redirect URI' },
    });
    this.authorizeButton = button('module-authorize', 'Authorize', () => this.authorize());
    this.code = h('code', { attrs: { id: 'module-code' } });
    this.curl = h('code', { className: 'module-curl', attrs: { id: 'module-curl' } });
    this.suspend = button('module-suspend', 'Suspend the bot', () =>
      this.act(async () => {
        const suspended = await this.calls.setBotSuspended(this.channelId, !this.suspended());
        this.setStatus(
          suspended ? 'Bot suspended: its module channels heard botSuspended.' : 'Bot resumed: its module channels heard botResumed.',
          'info',
        );
      }),
    );
    this.fill(
      this.holder,
      h('div', { className: 'button-row' }, this.takeBack),
      h('label', { className: 'field' }, h('span', { text: 'TTL (s)' }), this.ttl),
      h('label', { className: 'field' }, h('span', { text: 'No time limit' }), this.noLimit),
      this.attached,
      h('label', { className: 'field' }, h('span', { text: 'Authorize' }), this.authorizeChannel),
      h('label', { className: 'field' }, h('span', { text: 'Redirect URI' }), this.redirect),
      h('div', { className: 'button-row' }, this.authorizeButton),
      h('p', { className: 'field-note' }, 'Code: ', this.code),
      this.curl,
      h('div', { className: 'button-row' }, this.suspend),
    );
  }

  /** The chat on screen ("" for none): the one whose holder is shown and handed. */
  private get chatId(): string {
    return this.subject;
  }

  /** Reads the module channels and the chat's holder and draws them. */
  protected override async read(): Promise<void> {
    this.overview = await this.calls.moduleChannels();
    const control = this.chatId ? await this.calls.chatControl(this.channelId, this.chatId) : null;
    this.draw(control);
  }

  private name(channelId: string): string {
    return this.overview.modules.find((m) => m.channelId === channelId)?.name ?? channelId;
  }

  private suspended(): boolean {
    return this.overview.suspendedBots.includes(this.channelId);
  }

  private draw(control: ChatControlState | null): void {
    const isModule = this.overview.modules.some((m) => m.channelId === this.channelId);
    const attached = this.overview.modules.filter((m) => m.bots.some((b) => b.channelId === this.channelId));
    const others = this.overview.modules.filter((m) => !attached.includes(m));
    this.holder.textContent = isModule
      ? 'This channel is a module channel: choose a bot.'
      : control
        ? holderText(control, (id) => this.name(id))
        : 'Open a chat to see which channel holds it.';
    this.takeBack.disabled = isModule || !control || control.moduleChannelId === null;
    this.suspend.textContent = this.suspended() ? 'Resume the bot' : 'Suspend the bot';
    this.suspend.disabled = isModule;
    replaceChildren(
      this.attached,
      isModule
        ? []
        : attached.length === 0
          ? [h('p', { className: 'field-note', text: 'No module channel is attached to this bot.' })]
          : attached.map((m) => {
              const scopes = m.bots.find((b) => b.channelId === this.channelId)?.scopes ?? [];
              return h(
                'div',
                { className: 'module-attached', attrs: { 'data-channel-id': m.channelId } },
                h('strong', { className: 'module-name', text: m.name }),
                h('span', { className: 'field-note', text: ` ${m.channelId}, ${scopes.join(' ')}` }),
                h(
                  'div',
                  { className: 'button-row' },
                  h('button', {
                    className: 'module-hand',
                    text: 'Hand this chat',
                    attrs: { type: 'button', disabled: !control || control.moduleChannelId === m.channelId },
                    on: { click: () => void this.act(() => this.give(m.channelId)) },
                  }),
                  h('button', {
                    className: 'module-detach',
                    text: 'Detach',
                    attrs: { type: 'button' },
                    on: {
                      click: () =>
                        void this.act(async () => {
                          await this.calls.detachModule(m.channelId, this.channelId);
                          this.setStatus(`Detached ${m.name}: it heard module (detached).`, 'info');
                        }),
                    },
                  }),
                ),
              );
            }),
    );
    replaceChildren(
      this.authorizeChannel,
      others.map((m) => option(m.channelId, m.name)),
    );
    this.authorizeButton.disabled = isModule || others.length === 0;
  }

  /** Hands the chat to a module channel with the TTL, or back to the bot (`null`). */
  private async give(moduleChannelId: string | null): Promise<void> {
    const ttl = Number(this.ttl.value);
    const body =
      moduleChannelId === null
        ? { moduleChannelId }
        : this.noLimit.checked
          ? { moduleChannelId, expired: false }
          : { moduleChannelId, ...(this.ttl.value.trim() === '' ? {} : { ttl }) };
    const state = await this.calls.setChatControl(this.channelId, this.chatId, body);
    this.setStatus(
      holderText(state, (id) => this.name(id)),
      'info',
    );
  }

  private async authorize(): Promise<void> {
    const moduleChannelId = this.authorizeChannel.value;
    const redirectUri = this.redirect.value.trim();
    await this.act(async () => {
      const { code, expiresAt } = await this.calls.authorizeModule(moduleChannelId, { botChannelId: this.channelId, redirectUri });
      this.code.textContent = code;
      this.curl.textContent = exchangeCommand(this.origin, moduleChannelId, code, redirectUri);
      this.setStatus(
        `Authorized: the module channel exchanges the code (until ${new Date(expiresAt).toISOString()}) with its channel secret.`,
        'info',
      );
    });
  }
}

function button(id: string, text: string, click: () => Promise<void>): HTMLButtonElement {
  return h('button', { text, attrs: { id, type: 'button' }, on: { click: () => void click() } });
}
