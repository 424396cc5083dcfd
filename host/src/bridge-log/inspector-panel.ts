/**
 * The desktop's side of the remote inspector (docs/guide/phones.md, "Inspecting a phone from the
 * desktop"): a choice above the bridge log between this page's own log and the log of another
 * host page connected to the server (a phone), shown with the same entries, kept up to date by the
 * live feed's `phone` event. The choice is kept in session storage, so a reload shows the same phone.
 *
 * Elements: `#inspect-phone` (a select, hidden while no other page is connected), `#inspect-phone-info`,
 * `#bridge-log` (this page's log) and `#phone-log` (the chosen phone's).
 */
import type { NoticeKind } from '#contract/bridge/protocol.js';
import type { PhoneLogLine, PhoneView } from '#contract/wire.js';
import { HttpError, type SimulatorClient } from '../simulator-api/client.js';
import { h, replaceChildren } from '../shared/dom.js';
import { appEntry, callEntry, noticeEntry, rejectedEntry } from './log.js';
import { coalesced } from '../shared/coalesce.js';

/** How often (ms) the list is read again, so phones that went quiet leave it. */
const LIST_MS = 15_000;
const CHOICE_KEY = 'embedkit-inspect-phone';

/** The bridge log entry of a phone's line, as its own bridge log shows it. */
export function lineEntry(line: PhoneLogLine): HTMLElement {
  switch (line.kind) {
    case 'call':
      return callEntry(line.method ?? '?', line.args ?? '', line.ok === true, line.outcome ?? '', line.durationMs ?? 0, line.at);
    case 'rejected':
      return rejectedEntry(line.text ?? '', line.origin ?? '', line.at);
    case 'notice':
      return noticeEntry((line.method ?? '') as NoticeKind, line.at);
    case 'app':
      return appEntry({
        kind: line.appKind ?? 'console',
        text: line.text ?? '',
        at: line.at,
        ...(line.level ? { level: line.level } : {}),
        ...(line.method ? { method: line.method } : {}),
        ...(line.url ? { url: line.url } : {}),
        ...(line.status !== undefined ? { status: line.status } : {}),
        ...(line.durationMs !== undefined ? { ms: line.durationMs } : {}),
      });
  }
}

/** How the list names a phone: "iOS 14.2.0 (OS 17.0) · iPhone — Alice, Demo app". */
export function phoneLabel(phone: PhoneView, userName: (userId: string) => string): string {
  return `${phone.device} — ${userName(phone.userId)}${phone.app ? `, ${phone.app}` : ''}`;
}

/** The choice of log and the chosen phone's log; see the module's comment. */
export class PhoneInspectorPanel {
  private phones: PhoneView[] = [];
  private chosen = '';
  private lastSeq = 0;

  /**
   * @param ownId this page's phone id (not listed)
   * @param userName a user's display name, for the list
   */
  constructor(
    private readonly client: SimulatorClient,
    private readonly ownId: string,
    private readonly userName: (userId: string) => string,
    private readonly els: { select: HTMLSelectElement; info: HTMLElement; ownLog: HTMLElement; phoneLog: HTMLElement },
  ) {
    try {
      this.chosen = sessionStorage.getItem(CHOICE_KEY) ?? '';
    } catch {
      this.chosen = '';
    }
    els.select.addEventListener('change', () => this.choose(els.select.value));
    setInterval(() => void this.refreshList(), LIST_MS);
    void this.refreshList().then(() => this.choose(this.chosen));
  }

  /** The live feed's `phone` event: the chosen phone's new lines are read; another phone's change updates the list. */
  onPhone(phoneId: string): void {
    if (phoneId === this.ownId) return;
    if (phoneId === this.chosen) void this.readMore();
    void this.refreshList();
  }

  /** Reads the list and the chosen phone's new lines again (the live feed reconnected: events may have been missed). */
  refresh(): void {
    if (this.chosen) void this.readMore();
    void this.refreshList();
  }

  private choose(phoneId: string): void {
    this.chosen = phoneId;
    try {
      sessionStorage.setItem(CHOICE_KEY, phoneId);
    } catch {
      // Not kept: the choice lasts until the reload.
    }
    this.lastSeq = 0;
    this.els.ownLog.hidden = phoneId !== '';
    this.els.phoneLog.hidden = phoneId === '';
    replaceChildren(this.els.phoneLog, [h('li', { className: 'log-empty', text: 'Bridge calls of the chosen phone appear here.' })]);
    this.render();
    if (phoneId) void this.readMore();
  }

  /**
   * Reads the list again. Coalesced: reads do not overlap, so an older answer (a phone before it
   * opened its app) never lands after a newer one, and a change met during a read is read after it.
   */
  private readonly refreshList = coalesced(() => this.readList());

  private async readList(): Promise<void> {
    try {
      this.phones = (await this.client.call('phones')).phones.filter((p) => p.phoneId !== this.ownId);
    } catch {
      return;
    }
    this.render();
  }

  private render(): void {
    const { select, info } = this.els;
    const options = [h('option', { text: 'This page', attrs: { value: '' } })];
    for (const p of this.phones) options.push(h('option', { text: phoneLabel(p, this.userName), attrs: { value: p.phoneId } }));
    const chosen = this.phones.find((p) => p.phoneId === this.chosen);
    // A phone that went quiet stays chosen (its log stays readable while the server keeps it).
    if (this.chosen && !chosen) options.push(h('option', { text: `${this.chosen} (not connected)`, attrs: { value: this.chosen } }));
    replaceChildren(select, options);
    select.value = this.chosen;
    select.hidden = this.phones.length === 0 && this.chosen === '';
    info.hidden = !chosen;
    info.textContent = chosen ? `${chosen.phoneId} · ${chosen.screen}` : '';
  }

  /** Reads the chosen phone's lines after the last shown; coalesced as the list's reads are. */
  private readonly readMore = coalesced(() => this.readLines());

  private async readLines(): Promise<void> {
    const phoneId = this.chosen;
    try {
      const log = await this.client.call('phoneLog', { params: { phoneId }, query: { after: this.lastSeq } });
      if (phoneId !== this.chosen) return;
      this.els.phoneLog.querySelector('.log-empty')?.remove();
      for (const line of log.lines) {
        this.els.phoneLog.prepend(lineEntry(line));
        this.lastSeq = Math.max(this.lastSeq, line.seq ?? 0);
      }
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
    }
  }
}
