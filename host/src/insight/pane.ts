/**
 * The host's Insight tab: a bot's figures as the platform's insight calls compute them
 * (docs/platform/insight.md), read through the simulator route `botInsight` (the platform's calls need a
 * channel access token the host does not have): followers and blocks per day, messages sent per
 * day as bars, each message-sending request with its impressions and clicks, and demographics.
 * All data lands in `textContent` or attributes only.
 */
import type { BotInsight, WorldChannel } from '#contract/wire.js';
import { h, replaceChildren } from '../shared/dom.js';

const SVG = 'http://www.w3.org/2000/svg';

/** The Insight pane (`#insight-pane`). */
export class InsightPane {
  readonly root: HTMLElement;
  private readonly body: HTMLElement;
  private readonly select: HTMLSelectElement;

  /**
   * @param load reads a bot's figures (`botInsight`)
   * @param channels the world's channels to choose from
   */
  constructor(
    private readonly load: (channelId: string) => Promise<BotInsight>,
    channels: readonly WorldChannel[],
  ) {
    this.select = h(
      'select',
      { attrs: { id: 'insight-channel', 'aria-label': 'Bot' }, on: { change: () => void this.refresh() } },
      ...channels.map((c) => h('option', { text: c.name, attrs: { value: c.channelId } })),
    ) as HTMLSelectElement;
    this.body = h('div', { className: 'insight-body', attrs: { id: 'insight-body' } });
    this.root = h(
      'section',
      { className: 'insight-pane', attrs: { id: 'insight-pane', 'aria-label': 'Insight' } },
      h(
        'header',
        { className: 'bc-header' },
        h('h2', { text: 'Insight' }),
        this.select,
        h('button', { text: 'Refresh', attrs: { type: 'button', id: 'insight-refresh' }, on: { click: () => void this.refresh() } }),
      ),
      this.body,
    );
    this.root.hidden = true;
  }

  /** Loads and draws the chosen bot's figures now. */
  async refresh(): Promise<void> {
    if (!this.select.value) return;
    let view: BotInsight;
    try {
      view = await this.load(this.select.value);
    } catch (e) {
      replaceChildren(this.body, [h('p', { className: 'chat-error', text: `Could not load: ${(e as Error).message}` })]);
      return;
    }
    replaceChildren(this.body, [followers(view), deliveries(view), requests(view), demographics(view)]);
  }
}

function table(caption: string, head: string[], rows: (string | number)[][], id: string): HTMLElement {
  return h(
    'table',
    { className: 'bc-table', attrs: { id } },
    h('caption', { text: caption }),
    h('thead', {}, h('tr', {}, ...head.map((t) => h('th', { text: t, attrs: { scope: 'col' } })))),
    h('tbody', {}, ...rows.map((r) => h('tr', {}, ...r.map((c) => h('td', { text: String(c) }))))),
  );
}

function followers(v: BotInsight): HTMLElement {
  return table(
    'Followers per day (UTC+9)',
    ['Day', 'Status', 'Followers', 'Targeted reaches', 'Blocks'],
    v.days.map((d) => [d.date, d.status, d.followers, d.targetedReaches, d.blocks]),
    'insight-followers',
  );
}

/** Messages sent per day as bars (inline SVG, with a text alternative), and the table behind them. */
function deliveries(v: BotInsight): HTMLElement {
  const totals = v.days.map((d) => ({
    date: d.date,
    n: ['apiBroadcast', 'apiPush', 'apiMulticast', 'apiNarrowcast', 'apiReply'].reduce((s, k) => s + (d.deliveries[k] ?? 0), 0),
  }));
  const max = Math.max(1, ...totals.map((t) => t.n));
  const w = 24;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${totals.length * w} 100`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('class', 'insight-chart');
  svg.setAttribute('aria-label', `Messages sent per day: ${totals.map((t) => `${t.date} ${t.n}`).join(', ')}`);
  totals.forEach((t, i) => {
    const r = document.createElementNS(SVG, 'rect');
    const height = (t.n / max) * 90;
    r.setAttribute('x', String(i * w + 4));
    r.setAttribute('y', String(100 - height));
    r.setAttribute('width', String(w - 8));
    r.setAttribute('height', String(height));
    r.setAttribute('fill', '#06c755');
    svg.append(r);
  });
  return h(
    'div',
    { className: 'insight-deliveries' },
    h('h3', { text: 'Messages sent per day' }),
    svg as unknown as HTMLElement,
    table(
      'Messages sent per day by kind',
      ['Day', 'Broadcast', 'Push', 'Multicast', 'Narrowcast', 'Reply'],
      v.days.map((d) => [
        d.date,
        d.deliveries.apiBroadcast ?? 0,
        d.deliveries.apiPush ?? 0,
        d.deliveries.apiMulticast ?? 0,
        d.deliveries.apiNarrowcast ?? 0,
        d.deliveries.apiReply ?? 0,
      ]),
      'insight-deliveries',
    ),
  );
}

function requests(v: BotInsight): HTMLElement {
  return table(
    'Message events per request',
    ['Request ID', 'Kind', 'Unit', 'Sent', 'Ready', 'Delivered', 'Impressions', 'Unique impressions', 'Clicks', 'Unique clicks'],
    v.requests.map((r) => [
      r.requestId,
      r.kind,
      r.unit ?? '',
      new Date(r.sentAt).toISOString(),
      r.ready ? 'yes' : 'not yet',
      r.delivered,
      r.impressions,
      r.uniqueImpression,
      r.clicks,
      r.uniqueClick,
    ]),
    'insight-requests',
  );
}

function demographics(v: BotInsight): HTMLElement {
  const d = v.demographics;
  if (!d) return h('p', { className: 'empty', text: 'No friends: no demographics.' });
  const line = (label: string, pairs: [string, number][]) => [label, pairs.map(([k, p]) => `${k} ${p}%`).join(', ')];
  return table(
    `Demographics of ${d.friends} friends`,
    ['Attribute', 'Share'],
    [line('Gender', d.genders), line('Age', d.ages), line('Area', d.areas), line('App', d.appTypes)],
    'insight-demographics',
  );
}
