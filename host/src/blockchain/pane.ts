/**
 * The host's Blockchain tab (spec part A): the signed requests `{blockchain_url}`
 * received, each with its verdict and the exact string the server signed to check it (the
 * commonest failure is a signature mismatch, which the platform only calls an error), and the
 * wallets, tokens and transactions that writes change. Reads the simulator API's `blockchain`
 * route; no secret is in it. Everything lands in `textContent`.
 */
import type { BlockchainView } from '#contract/wire.js';
import { h, replaceChildren } from '../shared/dom.js';

/** Refresh period while the tab shows, in ms. */
export const BLOCKCHAIN_POLL_MS = 2000;

export class BlockchainPane {
  readonly root: HTMLElement;
  private readonly body: HTMLElement;
  private timer: ReturnType<typeof setInterval> | undefined;

  /**
   * @param load reads the view (`SimulatorApi.blockchain`)
   * @param origin `{blockchain_url}`, shown so the developer knows where to send requests
   */
  constructor(
    private readonly load: () => Promise<BlockchainView>,
    origin: string,
  ) {
    this.body = h('div', { className: 'bc-body', attrs: { id: 'blockchain-body' } }, h('p', { className: 'empty', text: 'Loading…' }));
    this.root = h(
      'section',
      { className: 'blockchain-pane', attrs: { id: 'blockchain-pane', 'aria-label': 'Blockchain interface' } },
      h(
        'header',
        { className: 'bc-header' },
        h('h2', { text: 'Blockchain interface' }),
        h('code', { className: 'bc-origin', text: origin }),
        h('button', { text: 'Refresh', attrs: { type: 'button', id: 'blockchain-refresh' }, on: { click: () => void this.refresh() } }),
      ),
      this.body,
    );
    this.root.hidden = true;
  }

  /** Loads and draws the view now. */
  async refresh(): Promise<void> {
    let view: BlockchainView;
    try {
      view = await this.load();
    } catch (e) {
      replaceChildren(this.body, [h('p', { className: 'chat-error', text: `Could not load: ${(e as Error).message}` })]);
      return;
    }
    replaceChildren(this.body, [requests(view), wallets(view), tokens(view), transactions(view)]);
  }

  /** Polls while `visible()` says the tab shows. */
  startPolling(visible: () => boolean): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = setInterval(() => {
      if (visible() && document.visibilityState === 'visible') void this.refresh();
    }, BLOCKCHAIN_POLL_MS);
  }
}

const time = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

function section(title: string, id: string, content: HTMLElement): HTMLElement {
  return h('section', { className: 'bc-section', attrs: { id } }, h('h3', { text: title }), content);
}

function table(head: string[], rows: HTMLElement[], empty: string): HTMLElement {
  if (rows.length === 0) return h('p', { className: 'empty', text: empty });
  return h(
    'table',
    { className: 'bc-table' },
    h('thead', {}, h('tr', {}, ...head.map((t) => h('th', { text: t })))),
    h('tbody', {}, ...rows),
  );
}

function requests(v: BlockchainView): HTMLElement {
  const rows = v.requests.map((r) =>
    h(
      'tr',
      {
        className: r.statusCode >= 4000 ? 'bc-request refused' : 'bc-request',
        attrs: { 'data-status-code': r.statusCode, 'data-request-id': r.id },
      },
      h('td', { text: time(r.at) }),
      h('td', { text: `${r.method} ${r.path}` }),
      h('td', { className: 'bc-verdict', text: `${r.statusCode} ${r.statusMessage}` }),
      h(
        'td',
        {},
        r.signatureInput === null
          ? h('span', { className: 'empty', text: '(no nonce or timestamp)' })
          : h('code', { className: 'bc-signature-input', text: r.signatureInput }),
      ),
    ),
  );
  const keys = v.services.map((s) => `${s.name}: ${s.apiKey}${s.activated ? '' : ' (not activated)'}`).join(' · ');
  return section(
    'Signed requests',
    'blockchain-requests',
    h(
      'div',
      {},
      h('p', {
        className: 'bc-note',
        text: `service-api-key ${keys}. The signature input is what the server signed with the API secret (wallet secrets shortened): compare it with yours.`,
      }),
      table(['time', 'request', 'verdict', 'signature input'], rows, 'No signed request yet.'),
    ),
  );
}

function wallets(v: BlockchainView): HTMLElement {
  return section(
    'Wallets',
    'blockchain-wallets',
    table(
      ['name', 'address'],
      v.wallets.map((w) => h('tr', {}, h('td', { text: w.name }), h('td', {}, h('code', { text: w.walletAddress })))),
      'No wallet.',
    ),
  );
}

function tokens(v: BlockchainView): HTMLElement {
  return section(
    'Non-fungible tokens',
    'blockchain-tokens',
    table(
      ['contract', 'token', 'name', 'meta', 'owner'],
      v.tokens.map((t) =>
        h(
          'tr',
          { attrs: { 'data-token-id': t.tokenId } },
          h('td', { text: t.contractId }),
          h('td', { text: t.tokenId }),
          h('td', { text: t.name }),
          h('td', { text: t.meta }),
          h('td', {}, h('code', { text: t.owner })),
        ),
      ),
      'No token.',
    ),
  );
}

function transactions(v: BlockchainView): HTMLElement {
  return section(
    'Recent transactions',
    'blockchain-transactions',
    table(
      ['height', 'type', 'hash', 'time'],
      v.transactions.map((t) =>
        h(
          'tr',
          {},
          h('td', { text: String(t.height) }),
          h('td', { text: String((t.tx.value.msg[0] as { type?: unknown } | undefined)?.type ?? '') }),
          h('td', {}, h('code', { text: t.txhash })),
          h('td', { text: time(t.timestamp) }),
        ),
      ),
      'No transaction yet.',
    ),
  );
}
