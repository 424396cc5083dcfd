/**
 * The side panel's "Bot" group: what the signed-in user does with a channel's bot besides
 * chatting: invite it to the open group or room, or remove it (join, leave); walk into a
 * beacon's range or tap its banner (beacon); link their account (accountLink, ok or failed).
 * Adding and blocking the bot (follow, unfollow) is in the "Time and friendship" group. The
 * "Members" tool has a person join or leave the open group or room (the bots in it hear
 * memberJoined, memberLeft); the "In-app purchases" tool refunds the person's orders with the
 * channel's LINE MINI App (refundComplete); the "LINE Pay" tool refunds the person's LINE Pay
 * payments and expires their regKeys.
 */
import type { BotApi, BotInfo } from '../simulator-api/bot-api.js';
import { h, option, replaceChildren } from '../shared/dom.js';
import { HOST_EVENTS } from './event-types.js';
import type { HostState } from '../state/host-state.js';
import { findChat, type World } from '../state/world.js';
import { IapTool } from '../iap/tool.js';
import { LinePayTool } from '../line-pay/tool.js';
import { MembershipTool } from './membership-tool.js';
import { ModuleTool } from './module-tool.js';

/** A random nonce of 16 letters and digits, as a bot's account link would carry. */
function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes))
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 16);
}

/**
 * The group inside `root` (`#bot-tools`): `#bot-channel`, `#bot-chat-status`, `#bot-invite`,
 * `#bot-remove`, the beacon form (`#beacon-hwid`, `#beacon-type`, `#beacon-dm`, `#beacon-send`)
 * and the account link form (`#link-nonce`, `#link-result`, `#link-send`), `#bot-status`.
 */
export class BotTools {
  private state: HostState | null = null;
  private bots: BotInfo[] = [];
  private channelId: string;
  private readonly channel: HTMLSelectElement;
  private readonly chatStatus: HTMLElement;
  private readonly invite: HTMLButtonElement;
  private readonly remove: HTMLButtonElement;
  private readonly status: HTMLElement;

  private readonly memberUser: HTMLSelectElement;
  private readonly memberJoin: HTMLButtonElement;
  private readonly memberLeave: HTMLButtonElement;
  private readonly plans: MembershipTool;
  private readonly modules: ModuleTool;
  private readonly orders: IapTool;
  private readonly linePay: LinePayTool;

  /** @param onMembersChanged a person joined or left a chat: the page reloads the world. */
  constructor(
    private readonly root: HTMLElement,
    private readonly api: BotApi,
    private readonly world: () => World,
    private readonly onMembersChanged: () => void = () => undefined,
  ) {
    const channels = world().channels;
    this.channelId = channels[0]?.channelId ?? '';
    this.channel = h(
      'select',
      {
        attrs: { id: 'bot-channel' },
        on: {
          change: () => {
            this.channelId = this.channel.value;
            this.draw();
          },
        },
      },
      ...channels.map((c) => option(c.channelId, c.name)),
    );
    this.chatStatus = h('p', { className: 'field-note', attrs: { id: 'bot-chat-status' } });
    this.invite = h('button', {
      text: 'Invite to this chat',
      attrs: { id: 'bot-invite', type: 'button' },
      on: { click: () => void this.inviteBot() },
    });
    this.remove = h('button', {
      text: 'Remove from this chat',
      attrs: { id: 'bot-remove', type: 'button' },
      on: { click: () => void this.removeBot() },
    });
    this.status = h('p', { className: 'status', attrs: { id: 'bot-status', role: 'status', 'aria-live': 'polite' } });
    this.memberUser = h(
      'select',
      { attrs: { id: 'member-user', 'aria-label': 'Person' }, on: { change: () => this.draw() } },
      ...world().users.map((u) => option(u.userId, u.displayName)),
    );
    this.memberJoin = h('button', {
      text: 'Join this chat',
      attrs: { id: 'member-join', type: 'button' },
      on: { click: () => void this.members('join') },
    });
    this.memberLeave = h('button', {
      text: 'Leave this chat',
      attrs: { id: 'member-leave', type: 'button' },
      on: { click: () => void this.members('leave') },
    });

    this.plans = new MembershipTool(api);
    this.modules = new ModuleTool(api);
    this.orders = new IapTool(api);
    this.linePay = new LinePayTool(api);

    replaceChildren(root, [
      h('h2', { text: 'Bot' }),
      field('Bot', this.channel),
      this.chatStatus,
      h('div', { className: 'button-row' }, this.invite, this.remove),
      this.beaconTool(),
      this.accountLinkTool(),
      h(
        'details',
        { className: 'bot-tool', attrs: { id: 'member-tool' } },
        h('summary', { text: 'Members' }),
        field('Person', this.memberUser),
        h('div', { className: 'button-row' }, this.memberJoin, this.memberLeave),
      ),
      this.plans.element,
      this.modules.element,
      this.orders.element,
      this.linePay.element,
      this.status,
    ]);
    void this.refresh();
  }

  /** The beacon form: the user walks into a beacon's range, leaves it or taps its banner. */
  private beaconTool(): HTMLElement {
    const hwid = h('input', { attrs: { id: 'beacon-hwid', value: 'd41d8cd98f', maxlength: 100, 'aria-label': 'Beacon hardware id' } });
    const type = h(
      'select',
      { attrs: { id: 'beacon-type', 'aria-label': 'Beacon event' } },
      option('enter', 'enter'),
      option('banner', 'banner'),
      option('leave', 'leave (deprecated)'),
    );
    const dm = h('input', {
      attrs: { id: 'beacon-dm', placeholder: 'device message (hex, optional)', maxlength: 100, 'aria-label': 'Device message' },
    });
    const send = () =>
      this.run(`${HOST_EVENTS.beacon.label} event sent.`, (userId) =>
        this.api.beacon(this.channelId, {
          userId,
          hwid: hwid.value.trim(),
          type: type.value as 'enter' | 'leave' | 'banner',
          ...(dm.value.trim() ? { dm: dm.value.trim() } : {}),
        }),
      );
    return tool(
      HOST_EVENTS.beacon.label,
      [
        ['hwid', hwid],
        ['Event', type],
        ['dm', dm],
      ],
      { id: 'beacon-send', text: 'Send beacon event', send },
    );
  }

  /** The account link form: the user comes back from the bot's login with its nonce, linked or not. */
  private accountLinkTool(): HTMLElement {
    const nonce = h('input', { attrs: { id: 'link-nonce', value: randomNonce(), maxlength: 255, 'aria-label': 'Nonce' } });
    const result = h(
      'select',
      { attrs: { id: 'link-result', 'aria-label': 'Link result' } },
      option('ok', 'ok'),
      option('failed', 'failed'),
    );
    const send = () =>
      this.run(`${HOST_EVENTS.accountLink.label} (${result.value}) sent.`, async (userId) => {
        await this.api.accountLink(this.channelId, { userId, nonce: nonce.value.trim(), result: result.value as 'ok' | 'failed' });
        nonce.value = randomNonce();
      });
    return tool(
      HOST_EVENTS.accountLink.label,
      [
        ['Nonce', nonce],
        ['Result', result],
      ],
      { id: 'link-send', text: 'Link account', send },
    );
  }

  /** Shows the tools for a new host state (user, chat). */
  show(state: HostState): void {
    this.state = state;
    this.draw();
  }

  /** Reloads the bots (the live feed said they changed). */
  async refresh(): Promise<void> {
    try {
      this.bots = await this.api.bots();
    } catch (err) {
      this.setStatus(`Could not load the bots: ${(err as Error).message}`, 'error');
    }
    this.draw();
  }

  private draw(): void {
    const chat = this.state?.chatId ? findChat(this.world(), this.state.chatId) : undefined;
    const bot = this.bots.find((b) => b.channelId === this.channelId);
    const inChat = chat && bot?.chats.find((c) => c.chatId === chat.chatId);
    const groupish = chat && chat.type !== 'utou';
    if (!chat || this.state?.contextType === 'none') this.chatStatus.textContent = 'Open a group or room to invite the bot.';
    else if (!groupish) {
      const friend = bot?.friends.find((f) => f.userId === this.state?.userId);
      this.chatStatus.textContent = chat.bot
        ? `1:1 chat with ${bot?.name ?? 'the bot'} (${friend?.state ?? 'not added'}).`
        : 'A 1:1 chat: bots join groups and rooms.';
    } else
      this.chatStatus.textContent = inChat
        ? `${bot?.name} is in ${chat.name}${inChat.state === 'pending' ? ' (joins with the next event)' : ''}.`
        : `${bot?.name ?? 'The bot'} is not in ${chat.name}.`;
    this.invite.disabled = !groupish || Boolean(inChat);
    this.remove.disabled = !groupish || !inChat;
    const member = Boolean(chat?.memberIds.includes(this.memberUser.value));
    this.memberJoin.disabled = !groupish || member;
    this.memberLeave.disabled = !groupish || !member;
    void this.plans.show(this.channelId, this.state?.userId ?? '');
    void this.modules.show(this.channelId, chat?.chatId ?? '');
    void this.orders.show(this.channelId, this.state?.userId ?? '');
    void this.linePay.show(this.channelId, this.state?.userId ?? '');
  }

  /** The chosen person joins or leaves the open group or room. */
  private members(kind: 'join' | 'leave'): Promise<void> {
    const chatId = this.state?.chatId;
    const person = this.memberUser.value;
    const name = this.memberUser.selectedOptions[0]?.textContent ?? person;
    return this.run(kind === 'join' ? `${name} joined the chat.` : `${name} left the chat.`, async () => {
      if (!chatId) return;
      await (kind === 'join' ? this.api.joinChat(chatId, person) : this.api.leaveChat(chatId, person));
      this.onMembersChanged();
    });
  }

  private inviteBot(): Promise<void> {
    const chatId = this.state?.chatId;
    return this.run('Bot invited.', async (userId) => {
      if (!chatId) return;
      const r = await this.api.invite(chatId, userId, this.channelId);
      this.setStatus(r.state === 'pending' ? 'Bot added to the room: it joins with the next event.' : 'Bot joined the group.', 'info');
    });
  }

  private removeBot(): Promise<void> {
    const chatId = this.state?.chatId;
    return this.run('Bot removed.', async () => {
      if (chatId) await this.api.remove(chatId, this.channelId);
    });
  }

  /** Runs an action as the signed-in user and says how it went. */
  private async run(done: string, action: (userId: string) => Promise<void>): Promise<void> {
    const userId = this.state?.userId;
    if (!userId) return;
    try {
      this.setStatus('', 'info');
      await action(userId);
      if (!this.status.textContent) this.setStatus(done, 'info');
      await this.refresh();
    } catch (err) {
      this.setStatus((err as Error).message, 'error');
    }
  }

  private setStatus(text: string, kind: 'info' | 'error'): void {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
  }
}

/** A labelled field of the panel (`label.field`): its name, then the control. */
function field(name: string, control: HTMLElement): HTMLLabelElement {
  return h('label', { className: 'field' }, h('span', { text: name }), control);
}

/**
 * A folding tool of the group (`details.bot-tool`): a field per `[name, control]` of `fields`, then
 * the button that sends what they hold.
 */
function tool(
  summary: string,
  fields: [name: string, control: HTMLElement][],
  button: { id: string; text: string; send: () => Promise<void> },
): HTMLElement {
  return h(
    'details',
    { className: 'bot-tool' },
    h('summary', { text: summary }),
    ...fields.map(([name, control]) => field(name, control)),
    h('button', { text: button.text, attrs: { id: button.id, type: 'button' }, on: { click: () => void button.send() } }),
  );
}
