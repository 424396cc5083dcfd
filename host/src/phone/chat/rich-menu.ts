/**
 * The rich menu under a bot chat (objects: spec part B "Rich menu objects"), as the
 * messenger shows it: the menu the platform would show the signed-in user (their own menu, else
 * the bot's default), its image, opened and closed by its chat bar text (`selected: true` opens it
 * by default). Each area is a button whose accessible name is the action's `label` (the spec: rich
 * menu labels are read aloud; a client that does not read them, spec Versioning "iOS 8.2.0", names
 * each area "Area N" and gives the rule as its tooltip). A tap runs the action as a chat button does (chat/actions.ts); a
 * `richmenuswitch` shows the alias's menu and sends its postback with `params`
 * `{newRichMenuAliasId, status}`. All data lands in attributes or `textContent` only.
 */
import type { SimulatorInputs } from '#contract/client.js';
import { simulatorPath } from '#contract/simulator-api.js';
import type { ShownRichMenu } from '#contract/wire.js';
import { h, replaceChildren } from '../../shared/dom.js';
import type { ClientFeatures } from '../device.js';
import type { WorldChat } from '../../state/world.js';
import type { Action, ActionContext, PostbackEvent } from './actions.js';

export type { ShownRichMenu } from '#contract/wire.js';

/** The simulator routes the rich menu reads: the menu shown to the user, and an alias's menu. */
export type RichMenuRoute = 'shownRichMenu' | 'aliasRichMenu';
/** A call of one of the rich menu's routes: its name and its input. */
export type RichMenuCall = { [K in RichMenuRoute]: [name: K, input: SimulatorInputs[K]] }[RichMenuRoute];
/** What the rich menu's routes answer: the menu, null when the user is shown none. */
export interface RichMenuAnswer {
  richMenu: ShownRichMenu | null;
}

/** What the rich menu needs from the page. */
export interface RichMenuDeps {
  /** Calls a simulator route of the rich menu; null for a 404. */
  getJson(...call: RichMenuCall): Promise<RichMenuAnswer | null>;
  /** Runs an action as a chat button does. */
  run(action: Action, ctx: ActionContext): void;
  /** Sends a postback event (the richmenuswitch postback). */
  postback(event: PostbackEvent): Promise<void>;
  /** What the phone's client supports (phone/device.ts); absent means a current client. */
  client?(): Pick<ClientFeatures, 'richMenuLabels'>;
  /** The menu was shown open, or an area tapped (reported for the bot's insight, docs/platform/insight.md). */
  report?(report: SimulatorInputs['reportInsight']['body']): void;
}

/** How often the menu is re-read while a bot chat is shown, in ms (the bot may change it any time). */
export const RICH_MENU_POLL_MS = 3000;

/** The rich menu bar and panel of the chat screen. */
export class RichMenuBar {
  readonly root: HTMLElement;
  private readonly toggle: HTMLButtonElement;
  private readonly panel: HTMLElement;
  private ctx: (ActionContext & { channelId: string }) | null = null;
  private menu: ShownRichMenu | null = null;
  /** The menu switched to by a richmenuswitch, kept until the chat or the user changes. */
  private switched = false;
  private key = '';
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly deps: RichMenuDeps) {
    this.toggle = h('button', {
      className: 'rich-menu-toggle',
      attrs: { type: 'button', 'aria-expanded': 'false', 'aria-controls': 'rich-menu-panel' },
      on: { click: () => this.setOpen(this.panel.hidden) },
    });
    this.panel = h('div', { className: 'rich-menu-panel', attrs: { id: 'rich-menu-panel', role: 'group' } });
    this.panel.hidden = true;
    this.root = h('div', { className: 'rich-menu', attrs: { id: 'rich-menu' } }, this.toggle, this.panel);
    this.root.hidden = true;
  }

  /** Shows the menu of `chat` (a 1:1 chat with a bot) for `userId`; other chats show none. */
  show(chat: WorldChat | null, userId: string): void {
    const next = chat?.bot ? { chatId: chat.chatId, userId, channelId: chat.bot } : null;
    if (next?.chatId === this.ctx?.chatId && next?.userId === this.ctx?.userId) return;
    this.ctx = next;
    this.switched = false;
    this.menu = null;
    this.key = '';
    this.render(null);
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    if (!next) return;
    void this.load();
    this.timer = setInterval(() => {
      if (document.visibilityState === 'visible' && !this.switched) void this.load();
    }, RICH_MENU_POLL_MS);
  }

  /** Re-reads the menu shown to the user now. */
  async load(): Promise<void> {
    const ctx = this.ctx;
    if (!ctx) return;
    let answer: RichMenuAnswer | null;
    try {
      answer = await this.deps.getJson('shownRichMenu', { params: { channelId: ctx.channelId }, query: { userId: ctx.userId } });
    } catch {
      return;
    }
    if (ctx !== this.ctx || this.switched) return;
    this.render(answer?.richMenu ?? null);
  }

  private render(menu: ShownRichMenu | null): void {
    const labels = this.deps.client?.().richMenuLabels ?? { supported: true, why: '' };
    const key = menu ? `${labels.supported}${JSON.stringify(menu)}` : '';
    if (key === this.key && menu) return;
    const firstShow = !this.menu || this.menu.richMenuId !== menu?.richMenuId;
    this.key = key;
    this.menu = menu;
    this.root.hidden = menu === null;
    if (!menu || !this.ctx) {
      replaceChildren(this.panel, []);
      return;
    }
    this.toggle.textContent = `${menu.chatBarText} ▾`;
    this.root.dataset.richMenuId = menu.richMenuId;
    const image = h('img', {
      className: 'rich-menu-image',
      attrs: {
        src: simulatorPath('richMenuImage', { channelId: this.ctx.channelId, richMenuId: menu.richMenuId }),
        alt: '',
        draggable: 'false',
      },
    });
    const areas = menu.areas.map((area, i) => {
      const label = labels.supported && typeof area.action.label === 'string' && area.action.label ? area.action.label : `Area ${i + 1}`;
      const b = area.bounds;
      const pct = (v: number, of: number) => `${((v / of) * 100).toFixed(4)}%`;
      const button = h('button', {
        className: 'rich-menu-area',
        attrs: {
          type: 'button',
          'aria-label': label,
          title: labels.supported ? label : labels.why,
          'data-action-type': String(area.action.type ?? ''),
        },
        on: { click: () => void this.tap(area.action, i) },
      });
      button.style.left = pct(b.x, menu.size.width);
      button.style.top = pct(b.y, menu.size.height);
      button.style.width = pct(b.width, menu.size.width);
      button.style.height = pct(b.height, menu.size.height);
      return button;
    });
    const frame = h('div', { className: 'rich-menu-frame' }, image, ...areas);
    frame.style.aspectRatio = `${menu.size.width} / ${menu.size.height}`;
    replaceChildren(this.panel, [frame]);
    this.panel.setAttribute('aria-label', menu.chatBarText);
    if (firstShow) this.setOpen(menu.selected);
  }

  private setOpen(open: boolean): void {
    if (open && this.panel.hidden && this.menu && this.ctx)
      this.deps.report?.({
        type: 'richMenuImpression',
        userId: this.ctx.userId,
        channelId: this.ctx.channelId,
        richMenuId: this.menu.richMenuId,
      });
    this.panel.hidden = !open;
    this.toggle.setAttribute('aria-expanded', String(open));
    this.toggle.textContent = this.menu ? `${this.menu.chatBarText} ${open ? '▾' : '▴'}` : '';
  }

  private async tap(action: Action, area: number): Promise<void> {
    const ctx = this.ctx;
    if (!ctx) return;
    if (this.menu)
      this.deps.report?.({ type: 'richMenuClick', userId: ctx.userId, channelId: ctx.channelId, richMenuId: this.menu.richMenuId, area });
    if (action.type !== 'richmenuswitch') return this.deps.run(action, { chatId: ctx.chatId, userId: ctx.userId });
    const aliasId = typeof action.richMenuAliasId === 'string' ? action.richMenuAliasId : '';
    const data = typeof action.data === 'string' ? action.data : '';
    let status: 'SUCCESS' | 'RICHMENU_ALIAS_ID_NOTFOUND' = 'RICHMENU_ALIAS_ID_NOTFOUND';
    try {
      const answer = await this.deps.getJson('aliasRichMenu', { params: { channelId: ctx.channelId, aliasId } });
      if (answer?.richMenu && ctx === this.ctx) {
        status = 'SUCCESS';
        this.switched = true;
        this.render(answer.richMenu);
        this.setOpen(true);
      }
    } catch {
      // An unknown alias: the menu stays, the postback says so.
    }
    if (aliasId)
      await this.deps.postback({ chatId: ctx.chatId, userId: ctx.userId, data, params: { newRichMenuAliasId: aliasId, status } });
  }
}
