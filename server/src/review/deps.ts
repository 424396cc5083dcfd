/**
 * The session review's and the probe's dependencies read from a kit: the phones, the platform calls,
 * the clock, the MINI Apps (their channel and name), the in-app purchase settings and paid orders.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock/clock.js';
import type { Database } from '../db/schema.js';
import type { PlatformHeaders } from '../http/platform-headers.js';
import type { PhoneInspector } from '../phones/inspector.js';
import type { PlatformCallRecorder } from '../platform-calls/index.js';
import { AppStore } from '../interfaces/embedded-apps/index.js';
import { IapStore } from '../interfaces/mini-apps/index.js';
import { WorldStore } from '../world/world-store.js';
import type { ProbeDeps } from './probe/index.js';
import type { SessionReviewDeps } from './session/index.js';

/** What of a kit (an `Embedkit`, or the parts the composition root has before it is one) the review reads. */
export interface ReviewKit {
  db: Kysely<Database>;
  clock: Clock;
  headers: PlatformHeaders;
  services: { phones: PhoneInspector; platformCalls: PlatformCallRecorder };
}

/** Both dependency sets over `kit`. */
export function reviewDepsOf(kit: ReviewKit): {
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
