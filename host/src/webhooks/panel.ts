/**
 * The webhook panel: a channel's webhook settings (URL, the unknown-property option) and every
 * delivery to its bot, newest first: event types, status, latency, and when opened the exact body,
 * the signature header and each attempt, with a button that sends it again. Refreshed by the live
 * feed (see simulator-api/live-feed.ts) when a delivery changes.
 */
import { HttpError } from '../simulator-api/client.js';
import type { BotApi, Delivery } from '../simulator-api/bot-api.js';
import { webhookDeprecations } from '../shared/deprecations.js';
import { h, replaceChildren } from '../shared/dom.js';
import type { World } from '../state/world.js';
import { coalesced } from '../shared/coalesce.js';

const STATUS_TEXT: Record<Delivery['status'], string> = {
  pending: 'retrying',
  delivered: 'delivered',
  failed: 'failed',
  skipped: 'not sent (no webhook URL)',
};

/** `HH:MM:SS` of a time in ms. */
function clock(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** The body pretty-printed when it is JSON, else as sent. */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** One line about an attempt: "200 · 12 ms", "500 · 8 ms", "ECONNREFUSED · 3 ms". */
export function attemptText(a: Delivery['attempts'][number]): string {
  return `${a.statusCode ?? a.error ?? 'no answer'} · ${a.latencyMs} ms`;
}

/**
 * The panel inside `root` (`#webhook-panel`): `#webhook-channel`, `#webhook-url`, `#webhook-save`,
 * `#webhook-unknown` (v2 bots) or `#webhook-block-ops` (v1 bots), `#webhook-signature-header` (the
 * configured signature header names), and `#webhook-list` of `li.delivery[data-delivery-id][data-status]` with
 * `details`, `.delivery-body`, `.delivery-signature` and `button.redeliver`.
 */
export class WebhookPanel {
  private channelId: string;
  private readonly channelSelect: HTMLSelectElement;
  private readonly urlInput: HTMLInputElement;
  private readonly unknownBox: HTMLInputElement;
  private readonly blockOpsBox: HTMLInputElement;
  /** Counts the person's saves, so that a settings reload begun before one does not undo it. */
  private edits = 0;
  private readonly v1Row: HTMLElement;
  private readonly list: HTMLOListElement;
  private readonly note: HTMLElement;
  private readonly open = new Set<number>();

  constructor(
    private readonly root: HTMLElement,
    private readonly api: BotApi,
    world: World,
  ) {
    this.channelId = world.channels[0]?.channelId ?? '';
    const prefix = world.headerPrefix ?? 'X-Service-';
    this.channelSelect = h(
      'select',
      { attrs: { id: 'webhook-channel', 'aria-label': 'Channel' }, on: { change: () => this.selectChannel(this.channelSelect.value) } },
      ...world.channels.map((c) => h('option', { text: `${c.name} (${c.channelId})`, attrs: { value: c.channelId } })),
    );
    this.urlInput = h('input', {
      attrs: { id: 'webhook-url', type: 'url', placeholder: 'http://127.0.0.1:3000/webhook', 'aria-label': 'Webhook URL' },
    });
    this.unknownBox = h('input', {
      attrs: { id: 'webhook-unknown', type: 'checkbox' },
      on: { change: () => void this.save({ unknownProperty: this.unknownBox.checked }) },
    });
    // v1 bots: block (8) and unblock (4) operations are off unless the channel enables them.
    this.blockOpsBox = h('input', {
      attrs: { id: 'webhook-block-ops', type: 'checkbox' },
      on: { change: () => void this.saveBlockOperations(this.blockOpsBox.checked) },
    });
    this.v1Row = h(
      'label',
      {
        className: 'check',
        attrs: { hidden: true, title: 'The spec: operations for blocking (8) and unblocking (4) are disabled by default' },
      },
      this.blockOpsBox,
      h('span', { text: 'Send block (8) and unblock (4) operations' }),
    );
    this.note = h('p', { className: 'field-note', attrs: { id: 'webhook-note', role: 'status' } });
    this.list = h('ol', { className: 'log-list webhook-list', attrs: { id: 'webhook-list' } });
    replaceChildren(root, [
      h('header', { className: 'panel-header log-header' }, h('h2', { text: 'Webhooks' }), this.channelSelect),
      h(
        'form',
        {
          className: 'webhook-settings',
          on: {
            submit: (e) => {
              e.preventDefault();
              void this.save({ url: this.urlInput.value.trim() || null });
            },
          },
        },
        h(
          'div',
          { className: 'webhook-url-row' },
          this.urlInput,
          h('button', { text: 'Save', attrs: { id: 'webhook-save', type: 'submit' } }),
        ),
        h(
          'label',
          {
            className: 'check',
            attrs: { title: 'Every event and source carries a property your bot does not know: the spec says bots must ignore it' },
          },
          this.unknownBox,
          h('span', { text: 'Add an unknown property to events' }),
        ),
        this.v1Row,
      ),
      // The names follow the server's header prefix, so a bot knows which header to verify.
      h('p', {
        className: 'field-note',
        attrs: { id: 'webhook-signature-header' },
        text: `Signed in ${prefix}Signature (v1 callbacks: ${prefix}ChannelSignature)`,
      }),
      this.note,
      this.list,
    ]);
    void this.loadSettings();
    void this.refresh();
  }

  /** Reloads the deliveries (called by the live feed); calls made meanwhile coalesce. */
  readonly refresh = coalesced(() => this.load());

  /** Reloads the settings (a setting changed elsewhere). */
  async loadSettings(): Promise<void> {
    const edits = this.edits;
    try {
      const bot = (await this.api.bots()).find((b) => b.channelId === this.channelId);
      // The person changed a setting while this was on its way: its answer is older than the box.
      if (!bot || edits !== this.edits) return;
      if (document.activeElement !== this.urlInput) this.urlInput.value = bot.webhookUrl ?? '';
      this.unknownBox.checked = bot.unknownProperty;
      // A v1 bot's callbacks have no place for an unknown property; they have block operations.
      const v1 = bot.botInterface !== 'messaging';
      this.v1Row.hidden = !v1;
      (this.unknownBox.parentElement as HTMLElement).hidden = v1;
      this.blockOpsBox.checked = bot.blockOperations;
    } catch (err) {
      this.setNote(`Could not load the webhook settings: ${(err as Error).message}`, 'error');
    }
  }

  private selectChannel(channelId: string): void {
    this.channelId = channelId;
    this.open.clear();
    void this.loadSettings();
    void this.refresh();
  }

  private async save(settings: { url?: string | null; unknownProperty?: boolean }): Promise<void> {
    this.edits++;
    try {
      const saved = await this.api.setWebhook(this.channelId, settings);
      this.urlInput.value = saved.url ?? '';
      this.unknownBox.checked = saved.unknownProperty;
      this.setNote(saved.url ? `Events go to ${saved.url}` : 'No webhook URL: events are recorded, not sent.', 'info');
    } catch (err) {
      this.setNote(err instanceof HttpError ? err.message : (err as Error).message, 'error');
    }
  }

  private async saveBlockOperations(on: boolean): Promise<void> {
    this.edits++;
    try {
      this.blockOpsBox.checked = await this.api.setBlockOperations(this.channelId, on);
      this.setNote(
        on ? 'Blocks and unblocks are sent as operations 8 and 4.' : 'Blocks and unblocks are not sent (the platform default).',
        'info',
      );
    } catch (err) {
      this.setNote(err instanceof HttpError ? err.message : (err as Error).message, 'error');
    }
  }

  private setNote(text: string, kind: 'info' | 'error'): void {
    this.note.textContent = text;
    this.note.dataset.kind = kind;
  }

  private async load(): Promise<void> {
    let deliveries: Delivery[];
    try {
      deliveries = await this.api.deliveries(this.channelId, 50);
    } catch (err) {
      this.setNote(`Could not load deliveries: ${(err as Error).message}`, 'error');
      return;
    }
    replaceChildren(
      this.list,
      deliveries.length
        ? deliveries.map((d) => this.item(d))
        : [h('li', { className: 'empty', text: 'No webhook events yet. Chat with the bot.' })],
    );
  }

  private item(d: Delivery): HTMLElement {
    const last = d.attempts.at(-1);
    const details = h(
      'details',
      { on: { toggle: () => (details.open ? this.open.add(d.id) : this.open.delete(d.id)) } },
      h(
        'summary',
        { className: 'delivery-summary' },
        h('span', { className: 'delivery-types', text: d.eventTypes.join(', ') }),
        h('span', { className: `delivery-status status-${d.status}`, text: STATUS_TEXT[d.status] }),
        h('span', { className: 'delivery-meta', text: [clock(d.createdAt), last ? attemptText(last) : ''].filter(Boolean).join(' · ') }),
        ...webhookDeprecations(d.body).map((x) =>
          h('span', { className: 'delivery-deprecated', text: 'deprecated', attrs: { title: `${x.path}: ${x.message}` } }),
        ),
      ),
      // v2 webhooks carry <prefix>Signature, v1 callbacks <prefix>ChannelSignature (as the server sends them).
      ...Object.entries(d.headers)
        .filter(([name]) => name.endsWith('Signature'))
        .map(([name, value]) =>
          h('div', { className: 'delivery-signature mono' }, h('span', { text: `${name}: ` }), h('code', { text: value })),
        ),
      ...webhookDeprecations(d.body).map((x) => h('p', { className: 'field-note delivery-deprecation', text: `${x.path}: ${x.message}` })),
      h('pre', { className: 'delivery-body mono', text: pretty(d.body) }),
      d.attempts.length
        ? h(
            'ol',
            { className: 'delivery-attempts' },
            ...d.attempts.map((a) =>
              h('li', {
                text: `${clock(a.startedAt)} → ${a.url}: ${attemptText(a)}${a.responseBody ? ` · ${a.responseBody.slice(0, 120)}` : ''}`,
              }),
            ),
          )
        : null,
      d.status === 'pending' && d.nextAttemptAt
        ? h('p', { className: 'field-note', text: `Next attempt at ${clock(d.nextAttemptAt)}` })
        : null,
      h('button', {
        className: 'ghost redeliver',
        text: 'Redeliver',
        attrs: { type: 'button' },
        on: { click: () => void this.redeliver(d.id) },
      }),
    );
    details.open = this.open.has(d.id);
    return h('li', { className: 'delivery', attrs: { 'data-delivery-id': d.id, 'data-status': d.status } }, details);
  }

  private async redeliver(id: number): Promise<void> {
    try {
      await this.api.redeliver(id);
      await this.refresh();
    } catch (err) {
      this.setNote(`Could not redeliver: ${(err as Error).message}`, 'error');
    }
  }
}
