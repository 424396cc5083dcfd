/**
 * The session review's and the probe's dependencies read from a kit: the phones, the platform calls,
 * the clock, the MINI Apps (their channel and name), the in-app purchase settings and paid orders.
 */
import type { Embedkit } from '../kit/embedkit.js';
import { AppStore } from '../interfaces/embedded-apps/index.js';
import { IapStore } from '../interfaces/mini-apps/index.js';
import { WorldStore } from '../world/world-store.js';
import type { ProbeDeps } from './probe/index.js';
import type { SessionReviewDeps } from './session/index.js';

/** Both dependency sets over `kit`. */
export function reviewDepsOf(kit: Pick<Embedkit, 'db' | 'clock' | 'headers' | 'services'>): {
  session: SessionReviewDeps;
  probe: ProbeDeps;
} {
  const apps = new AppStore(kit.db);
  const iap = new IapStore(kit.db);
  const world = new WorldStore(kit.db);
  const { phones, platformCalls } = kit.services;
  return {
    session: {
      phones,
      platformCalls,
      clock: kit.clock,
      miniApp: async (liffId) => {
        const app = await apps.get(liffId);
        return app ? { channelId: app.channel_id, name: app.name } : null;
      },
    },
    probe: {
      platformCalls,
      headers: kit.headers,
      clock: kit.clock,
      iapTarget: async (liffId) => {
        const [app, settings] = await Promise.all([apps.get(liffId), iap.settings(liffId)]);
        const channel = app && (await world.channel(app.channel_id));
        if (!app || !settings || !channel) return null;
        // The channel's newest paid orders; the probe replays this MINI App's newest.
        const paid = (await iap.orders({ channelId: app.channel_id, status: 'paid' }, 50)).find((o) => o.embed_id === liffId);
        return {
          channelId: app.channel_id,
          channelSecret: channel.secret,
          webhookUrl: settings.webhookUrl,
          paidOrder: paid
            ? { orderId: paid.order_id, productId: paid.product_id, userId: paid.user_id, paidAt: Number(paid.paid_at ?? paid.reserved_at) }
            : null,
        };
      },
    },
  };
}
