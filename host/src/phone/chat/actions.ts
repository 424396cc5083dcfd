/**
 * What a tap on an action does in the host (spec part B "Action objects"), as the messenger does:
 * - `message`: the user sends `text` into the chat;
 * - `postback`: a postback event is recorded through {@link PostbackHook} (the bot webhook picks
 *   it up); `displayText` goes with it and shows as the user's message (no message event); the
 *   deprecated `text` is sent as a real message of the user's;
 * - `uri`: http(s) opens the in-app browser, but an app's own platform URL (`https://liff.line.me/…`,
 *   `https://miniapp.line.me/…`) opens the app; `tel:` the call screen, `embedkit://app/<embedId>`
 *   the app; any other scheme is blocked and said so;
 * - `datetimepicker`: the date/time picker, then a postback with `params` `{date}`, `{time}` or
 *   `{datetime}`;
 * - `camera`, `cameraRoll`: the simulated camera / camera roll, then the user sends the photo as
 *   an image message; `location`: the location screen, then a location message.
 * Every outcome is also shown as a toast, so a user sees that something happened.
 */
import type { ChatMessage } from '#contract/wire.js';
import type { PostbackRequest } from '../../simulator-api/bot-api.js';
import type { DateTimeMode, LocationPick } from '../views/pickers.js';
import { dateTimeMode } from '../views/pickers.js';
import type { ClientFeatures } from '../device.js';
import { appLinkEmbedId, uriTarget } from '../../shared/safe.js';

/** An action object as received (unchecked). */
export type Action = Record<string, unknown>;

/** Where an action is run: the chat on screen and the signed-in user. */
export interface ActionContext {
  chatId: string;
  userId: string;
  /** The bot message whose action was tapped (its URL opens are reported for insight). */
  messageId?: string;
}

/** A postback the user triggered (spec "Events", postback), as the bot webhook will need it. */
export interface PostbackEvent {
  chatId: string;
  userId: string;
  /** `postback.data`. */
  data: string;
  /** The action's `displayText`, when set: shown in the chat as the user's message, sent to no bot as one. */
  displayText?: string;
  /** Datetimepicker: `{date}`, `{time}` or `{datetime}`; rich menu switch (chat/rich-menu.ts): `{newRichMenuAliasId, status}`. */
  params?: PostbackRequest['params'];
}

/**
 * Receives every postback. The host shell (shell/host-shell.ts) hands it to the chat's bots as a webhook
 * event; the message preview only records it ({@link recordPostback}).
 */
export type PostbackHook = (event: PostbackEvent) => void | Promise<void>;

/** The default {@link PostbackHook}: postbacks are shown (toast) and kept in `postbacks`, nothing more. */
export const recordPostback: PostbackHook = () => undefined;

/** What the dispatcher needs from the page. */
export interface ActionDeps {
  /** Sends a message as the user (the simulator API's `sendMessage` route). */
  sendAsUser(chatId: string, userId: string, message: Record<string, unknown>): Promise<ChatMessage>;
  /** Opens an http(s) URL in the in-app browser. */
  openBrowser(url: string): void;
  pickers: {
    dateTime(mode: DateTimeMode, action: Action): Promise<string | null>;
    photo(source: 'camera' | 'cameraRoll'): Promise<string | null>;
    location(): Promise<LocationPick | null>;
    call(number: string): Promise<null>;
  };
  toast(text: string, kind?: 'info' | 'ok' | 'error'): void;
  onPostback: PostbackHook;
  /** Messages were sent: reload the chat. */
  onSent(): void;
  /**
   * A web URL: when it is an app's own platform URL (a LIFF URL, a MINI App's URL or Custom Path,
   * `app/liff/liff-urls.ts`) the host opens that app and answers true; false leaves it to the browser.
   */
  openPlatformUrl?(url: string): boolean;
  /** An `embedkit://app/<embedId>` URI: open that app in the chat. */
  onAppLink?(embedId: string): void;
  /** What the phone's client supports (phone/device.ts); absent means a current client. */
  client?(): Pick<ClientFeatures, 'datetimePicker'>;
  /** A web URL of a bot message's action was opened (reported for the bot's insight, docs/platform/insight.md). */
  onUrlOpened?(ctx: ActionContext & { messageId: string }, url: string): void;
}

/** What a tap did. */
export type ActionOutcome =
  | { kind: 'sent'; message: Record<string, unknown> }
  | { kind: 'postback'; event: PostbackEvent }
  | { kind: 'browser'; url: string }
  | { kind: 'call'; number: string }
  | { kind: 'app'; uri: string }
  | { kind: 'cancelled' }
  | { kind: 'blocked'; reason: string }
  | { kind: 'preview'; description: string }
  | { kind: 'failed'; reason: string };

/** Runs actions for the chat screen (and, without a chat, for the message preview). */
export class ActionDispatcher {
  /** Every postback recorded since the page loaded, oldest first. */
  readonly postbacks: PostbackEvent[] = [];

  constructor(private readonly deps: ActionDeps) {}

  /**
   * Runs `action` in `ctx`. Without a chat (`ctx` null, the message preview) nothing is sent:
   * the outcome says what would be. Never throws: failures are toasts and a `failed` outcome.
   */
  async run(action: unknown, ctx: ActionContext | null): Promise<ActionOutcome> {
    const a = action !== null && typeof action === 'object' ? (action as Action) : {};
    try {
      return await this.dispatch(a, ctx);
    } catch (err) {
      const reason = (err as Error).message || String(err);
      this.deps.toast(`Action failed: ${reason}`, 'error');
      return { kind: 'failed', reason };
    }
  }

  private async dispatch(a: Action, ctx: ActionContext | null): Promise<ActionOutcome> {
    const { deps } = this;
    switch (a.type) {
      case 'message':
        return this.sendText(str(a.text), ctx);
      case 'postback': {
        const shown = str(a.displayText) || str(a.text);
        const event: PostbackEvent = { chatId: ctx?.chatId ?? '', userId: ctx?.userId ?? '', data: str(a.data) };
        if (str(a.displayText)) event.displayText = str(a.displayText);
        return this.postback(event, shown, ctx);
      }
      case 'datetimepicker': {
        const mode = dateTimeMode(a.mode);
        if (!mode) return this.block('a datetimepicker needs mode date, time or datetime');
        // An older client has no picker (spec Versioning): the tap does nothing there; say why.
        const picker = deps.client?.().datetimePicker;
        if (picker && !picker.supported) return this.block(picker.why);
        const value = await deps.pickers.dateTime(mode, a);
        if (value === null) return { kind: 'cancelled' };
        const event: PostbackEvent = {
          chatId: ctx?.chatId ?? '',
          userId: ctx?.userId ?? '',
          data: str(a.data),
          params: pickedParams(mode, value),
        };
        return this.postback(event, '', ctx);
      }
      case 'uri':
        return this.openUri(a.uri, ctx);
      case 'camera':
      case 'cameraRoll': {
        const url = await deps.pickers.photo(a.type);
        if (url === null) return { kind: 'cancelled' };
        return this.send({ type: 'image', originalContentUrl: url, previewImageUrl: url }, ctx, 'a photo');
      }
      case 'location': {
        const pick = await deps.pickers.location();
        if (pick === null) return { kind: 'cancelled' };
        return this.send({ type: 'location', ...pick }, ctx, `the location "${pick.title}"`);
      }
      default:
        return this.block(`unknown action type ${JSON.stringify(a.type ?? null)}`);
    }
  }

  private sendText(text: string, ctx: ActionContext | null): Promise<ActionOutcome> {
    if (!text) return Promise.resolve(this.block('a message action needs text'));
    return this.send({ type: 'text', text }, ctx, `"${text}"`);
  }

  private async send(message: Record<string, unknown>, ctx: ActionContext | null, what: string): Promise<ActionOutcome> {
    if (!ctx) {
      const description = `In a chat, the user would send ${what}.`;
      this.deps.toast(description);
      return { kind: 'preview', description };
    }
    await this.deps.sendAsUser(ctx.chatId, ctx.userId, message);
    this.deps.onSent();
    return { kind: 'sent', message };
  }

  private async postback(event: PostbackEvent, shownText: string, ctx: ActionContext | null): Promise<ActionOutcome> {
    const params = event.params
      ? ` ${Object.entries(event.params)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')}`
      : '';
    if (!ctx) {
      const description = `In a chat, a postback would be sent: data "${event.data}"${params}${shownText ? `, shown as "${shownText}"` : ''}.`;
      this.deps.toast(description);
      return { kind: 'preview', description };
    }
    // displayText is only shown in the chat: the server stores it with the postback and the bot gets
    // no message event for it. The deprecated `text` is a real message of the user's (spec part B, postback action).
    if (shownText && !event.displayText) await this.deps.sendAsUser(ctx.chatId, ctx.userId, { type: 'text', text: shownText });
    this.postbacks.push(event);
    await this.deps.onPostback(event);
    this.deps.toast(`Postback: data "${event.data}"${params}`, 'ok');
    if (shownText) this.deps.onSent();
    return { kind: 'postback', event };
  }

  private async openUri(uri: unknown, ctx: ActionContext | null): Promise<ActionOutcome> {
    const target = uriTarget(uri);
    switch (target.kind) {
      case 'web':
        if (ctx?.messageId) this.deps.onUrlOpened?.({ ...ctx, messageId: ctx.messageId }, target.url);
        if (this.deps.openPlatformUrl?.(target.url)) return { kind: 'app', uri: target.url };
        this.deps.openBrowser(target.url);
        return { kind: 'browser', url: target.url };
      case 'tel':
        this.deps.toast(`Calling ${target.number} (simulated)`);
        void this.deps.pickers.call(target.number);
        return { kind: 'call', number: target.number };
      case 'app': {
        const embedId = appLinkEmbedId(target.url);
        if (embedId && this.deps.onAppLink) this.deps.onAppLink(embedId);
        else this.deps.toast(`App link ${target.url}: nothing to open in the simulator`);
        return { kind: 'app', uri: target.url };
      }
      case 'blocked':
        return this.block(`link not opened: ${target.reason}`);
    }
  }

  private block(reason: string): ActionOutcome {
    this.deps.toast(`Blocked: ${reason}`, 'error');
    return { kind: 'blocked', reason };
  }
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** A datetimepicker's postback `params`: the picked value under the key named by its mode. */
function pickedParams(mode: DateTimeMode, value: string): NonNullable<PostbackRequest['params']> {
  if (mode === 'date') return { date: value };
  if (mode === 'time') return { time: value };
  return { datetime: value };
}
