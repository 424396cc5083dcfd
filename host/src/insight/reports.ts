/**
 * What one phone reports for its bots' insight (docs/platform/insight.md): the bot messages shown
 * to a person, once each, and what the person opened or tapped (a message's URL, a rich menu).
 * Its own module so the chat screen, the actions and the rich menu report through one place.
 */
import type { SimulatorInputs } from '#contract/client.js';
import type { ChatMessage } from '../simulator-api/phone-api.js';
import type { SimulatorClient } from '../simulator-api/client.js';

/** The phone's insight reports, over the host's client. */
export class InsightReports {
  /** Bot messages shown to a person, reported once each for the bot's insight (docs/platform/insight.md). */
  private readonly reportedShown = new Set<string>();

  constructor(private readonly client: SimulatorClient) {}

  /** Reports the bot messages among `messages` not yet reported as shown to `userId`. */
  shown(userId: string, messages: ChatMessage[]): void {
    for (const m of messages) {
      const key = `${userId} ${m.id}`;
      if (this.reportedShown.has(key)) continue;
      this.reportedShown.add(key);
      this.send({ type: 'impression', userId, messageId: m.id });
    }
  }

  /** Sends a report for the bot's insight; a failure only costs a figure, so it is not shown. */
  send(body: SimulatorInputs['reportInsight']['body']): void {
    void this.client.call('reportInsight', { body }).catch(() => undefined);
  }
}
