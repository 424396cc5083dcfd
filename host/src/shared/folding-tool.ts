/**
 * What the folding tools of the side panel's "Bot" group that show a bot's state (Membership,
 * Module channels) have in common: a `details.bot-tool` with its status line last, the state read
 * again whenever the tool is opened or shown another bot while open, and actions that say how they
 * went and then read the state again.
 */
import { append, h, type Child } from './dom.js';

/**
 * A folding tool showing one bot's state for a person or a chat. The state changes while the tool
 * is closed (with the clock, by the bot, by other tools): it is read when the tool opens, not kept.
 */
export abstract class BotTool {
  /** The tool's element, for the panel to place. */
  readonly element: HTMLDetailsElement;
  /** The bot shown ("" before {@link show}). */
  protected channelId = '';
  /** Whom or where the bot is shown for: a person's user ID or a chat ID, as the tool says ("" for none). */
  protected subject = '';
  private readonly status: HTMLElement;

  /**
   * @param ids the `id` of the tool's element and of its status line
   * @param summary the tool's title, always shown
   * @param what what the tool reads, as a failure to read it says: `Could not load <what>: …`
   */
  protected constructor(
    ids: { tool: string; status: string },
    summary: string,
    private readonly what: string,
  ) {
    this.status = h('p', { className: 'status', attrs: { id: ids.status, role: 'status', 'aria-live': 'polite' } });
    this.element = h('details', { className: 'bot-tool', attrs: { id: ids.tool } }, h('summary', { text: summary }));
    this.element.addEventListener('toggle', () => {
      if (this.element.open) void this.load();
    });
  }

  /** Shows a bot for a person or a chat (see {@link subject}); read now when the tool is open. */
  async show(channelId: string, subject: string): Promise<void> {
    this.channelId = channelId;
    this.subject = subject;
    if (this.element.open) await this.load();
  }

  /** Reads the state again and draws it; a failure is said in the status line. */
  async load(): Promise<void> {
    if (!this.ready()) return;
    try {
      await this.read();
    } catch (err) {
      this.setStatus(`Could not load ${this.what}: ${(err as Error).message}`, 'error');
    }
  }

  /** Puts the tool's parts under its summary, the status line last. */
  protected fill(...parts: Child[]): void {
    append(this.element, [...parts, this.status]);
  }

  /** Whether there is a state to read: a bot is shown (a tool may need its subject too). */
  protected ready(): boolean {
    return this.channelId !== '';
  }

  /** Reads the state of the bot shown and draws it. */
  protected abstract read(): Promise<void>;

  /** Runs an action (which says what it did), says its failure, and reads the state again. */
  protected async act(action: () => Promise<void>): Promise<void> {
    if (!this.channelId) return;
    try {
      await action();
    } catch (err) {
      this.setStatus((err as Error).message, 'error');
    }
    await this.load();
  }

  /** Says how the last action went; `error` styles it as a failure. */
  protected setStatus(text: string, kind: 'info' | 'error'): void {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
  }
}
