/**
 * The side panel's "Time and friendship" group: the server's simulated time with buttons that
 * move it forward (+1 h, +1 day, +30 days), so that a token expiring, a refresh token dying 10
 * days later or a code expiring can be watched without waiting; and the signed-in user's
 * friendship with the bot of the open app's channel (add, block), which the friendship status
 * call answers. Talks to the simulator API's `clock`, `advanceClock`, `friendship` and
 * `setFriendship` routes (docs/project/simulator-api.md).
 */
import type { ClockState, FriendshipView } from '#contract/wire.js';
import { hostClient, type Fetch, type SimulatorClient } from '../simulator-api/client.js';
import { h, replaceChildren } from '../shared/dom.js';
import type { HostState } from '../state/host-state.js';
import { findApp, findUser, type World } from '../state/world.js';
import { CLOCK_STEPS, describeOffset, formatTime } from './clock.js';

const STATE_TEXT: Record<FriendshipView['state'], string> = { friend: 'friend', blocked: 'blocked', none: 'not added' };

/** The panel, built inside `root` (the `#sim-panel` section of the page). */
export class TimeAndFriendshipPanel {
  private offsetMs = 0;
  private readonly now = h('output', { className: 'sim-now', attrs: { id: 'clock-now', 'aria-live': 'polite' } });
  private readonly offset = h('span', { className: 'sim-note', attrs: { id: 'clock-offset' } });
  private readonly friendLabel = h('p', { className: 'sim-note', attrs: { id: 'friend-label' } });
  private readonly friendState = h('output', { className: 'sim-state', attrs: { id: 'friend-state' } });
  private readonly addButton = h('button', { className: 'ghost', text: 'Add friend', attrs: { type: 'button', id: 'friend-add' } });
  private readonly blockButton = h('button', { className: 'ghost', text: 'Block', attrs: { type: 'button', id: 'friend-block' } });
  private readonly status = h('p', { className: 'sim-note', attrs: { id: 'sim-status', role: 'status' } });
  private subject: { userId: string; channelId: string } | null = null;

  private readonly client: SimulatorClient;

  /**
   * @param client the page's shared client of the simulator API, or a `fetch` to answer in place of the network (tests)
   */
  constructor(
    root: HTMLElement,
    private readonly world: World,
    client: SimulatorClient | Fetch = hostClient(),
  ) {
    this.client = typeof client === 'function' ? hostClient('', client) : client;
    const steps = CLOCK_STEPS.map((s) =>
      h('button', {
        className: 'ghost',
        text: s.label,
        attrs: { type: 'button', id: s.id, title: `Move simulated time ${s.label}` },
        on: { click: () => void this.advance(s.ms) },
      }),
    );
    replaceChildren(root, [
      h('h2', { text: 'Time and friendship' }),
      h('div', { className: 'sim-row' }, h('span', { className: 'sim-label', text: 'Now' }), this.now),
      h('div', { className: 'sim-row' }, this.offset),
      h('div', { className: 'sim-buttons' }, ...steps),
      this.friendLabel,
      h('div', { className: 'sim-row' }, h('span', { className: 'sim-label', text: 'Friendship' }), this.friendState),
      h('div', { className: 'sim-buttons' }, this.addButton, this.blockButton),
      this.status,
    ]);
    this.addButton.addEventListener('click', () => void this.setFriend('friend'));
    this.blockButton.addEventListener('click', () => void this.setFriend('blocked'));
    void this.loadClock();
    // Simulated time runs on with real time: redraw every 15 s.
    setInterval(() => this.drawClock(), 15_000);
  }

  /** Shows the friendship of the state's user with the bot of the state's app channel. */
  show(state: HostState): void {
    const channelId = findApp(this.world, state.embedId)?.channelId ?? this.world.channels[0]?.channelId;
    const next = channelId ? { userId: state.userId, channelId } : null;
    if (next?.userId === this.subject?.userId && next?.channelId === this.subject?.channelId) return;
    this.subject = next;
    if (!next) {
      this.friendLabel.textContent = 'No channel.';
      this.renderFriendship(null);
      return;
    }
    const user = findUser(this.world, next.userId)?.displayName ?? next.userId;
    const channel = this.world.channels.find((c) => c.channelId === next.channelId)?.name ?? next.channelId;
    this.friendLabel.textContent = `${user} and the bot of ${channel}`;
    void this.loadFriendship();
  }

  private async loadClock(): Promise<void> {
    try {
      this.applyClock(await this.client.call('clock'));
    } catch (err) {
      this.setStatus(`Could not read the clock: ${(err as Error).message}`, 'error');
    }
  }

  private async advance(ms: number): Promise<void> {
    try {
      const answer = await this.client.call('advanceClock', { body: { advanceMs: ms } });
      this.applyClock(answer);
      this.setStatus(`Time moved forward. Tokens issued before may have expired.`);
    } catch (err) {
      this.setStatus(`Could not move the clock: ${(err as Error).message}`, 'error');
    }
  }

  private applyClock(answer: ClockState): void {
    this.offsetMs = answer.offsetMs;
    this.drawClock();
  }

  private drawClock(): void {
    const now = Date.now() + this.offsetMs;
    this.now.textContent = formatTime(now);
    this.now.dataset.offsetMs = String(this.offsetMs);
    this.offset.textContent = describeOffset(this.offsetMs);
  }

  private async loadFriendship(): Promise<void> {
    const subject = this.subject;
    if (!subject) return;
    try {
      const answer = await this.client.call('friendship', { params: subject });
      if (subject === this.subject) this.renderFriendship(answer);
    } catch (err) {
      if (subject === this.subject) this.renderFriendship(null);
      this.setStatus(`Could not read the friendship: ${(err as Error).message}`, 'error');
    }
  }

  private async setFriend(state: 'friend' | 'blocked'): Promise<void> {
    const subject = this.subject;
    if (!subject) return;
    try {
      const answer = await this.client.call('setFriendship', { params: subject, body: { state } });
      if (subject === this.subject) this.renderFriendship(answer);
      this.setStatus(state === 'friend' ? 'The user added the bot.' : 'The user blocked the bot.');
    } catch (err) {
      this.setStatus(`Could not change the friendship: ${(err as Error).message}`, 'error');
    }
  }

  private renderFriendship(answer: FriendshipView | null): void {
    this.friendState.textContent = answer ? (answer.botLinked ? STATE_TEXT[answer.state] : 'no linked bot') : '—';
    this.friendState.dataset.state = answer?.state ?? '';
    const usable = answer !== null && answer.botLinked;
    this.addButton.disabled = !usable || answer.state === 'friend';
    this.addButton.textContent = answer?.state === 'blocked' ? 'Unblock' : 'Add friend';
    this.blockButton.disabled = !usable || answer.state === 'blocked';
  }

  private setStatus(text: string, kind: 'info' | 'error' = 'info'): void {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
  }
}
