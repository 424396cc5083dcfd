// Every event type of the registry (`EVENT_TYPE_NAMES`, which other parts add to) can be caused the
// way a person causes it: through the simulator route its entry names in `causedBy` (the host's
// calls), or, for a type no person causes (`causedBy` empty), the bot's own call. A type added to
// the registry fails here until its cause is in `CAUSES` (a complete map, so it does not compile
// either), and its route must be one its entry names.
import { createHash } from 'node:crypto';
import request from 'supertest';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import type { SimulatorRoute } from '#contract/simulator-api.js';
import { EVENT_TYPES, EVENT_TYPE_NAMES, type EventType } from '#contract/event-types.js';
import { channelToken } from '../helpers.js';
import { ALICE, ALICE_BOT, BOB, CAROL, events, GROUP, GROUP_NO_BOT, makeBotKit, say, TRIAL, VERIFIED } from '../bot/helpers.js';

let kit: Embedkit;
afterEach(async () => {
  await kit.close();
});

/** The bots scenario with two module channels; the second is attached to the trial bot. */
const MODULES_SCENARIO = fileURLToPath(new URL('../fixtures/modules.json', import.meta.url));
const MODULE = '1650000092';
const control = (moduleChannelId: string | null) =>
  ok(sim().put(`/embedkit/v1/channels/${TRIAL.id}/chats/${ALICE_BOT}/control`).send({ moduleChannelId, ttl: 60 }));
const suspend = (suspended: boolean) => ok(sim().put(`/embedkit/v1/channels/${TRIAL.id}/suspension`).send({ suspended }));

const sim = () => request(kit.app);

/**
 * How one type is caused: the route used (`null`: no simulator route, the bot's own call), the
 * channel that hears it, the call, and the scenario (default the bots scenario).
 */
interface Cause {
  route: SimulatorRoute | null;
  channel: string;
  run(): Promise<unknown>;
  scenarioFile?: string;
}

const ok = async (r: request.Test) => expect((await r).status).toBe(200);

const CAUSES: Record<EventType, Cause> = {
  message: { route: 'sendMessage', channel: TRIAL.id, run: () => say(kit, ALICE_BOT, ALICE, 'hi') },
  follow: {
    route: 'setFriendship',
    channel: TRIAL.id,
    run: () => ok(sim().put(`/embedkit/v1/users/${CAROL}/friendships/${TRIAL.id}`).send({ state: 'friend' })),
  },
  unfollow: {
    route: 'setFriendship',
    channel: TRIAL.id,
    run: () => ok(sim().put(`/embedkit/v1/users/${ALICE}/friendships/${TRIAL.id}`).send({ state: 'blocked' })),
  },
  join: {
    route: 'inviteBot',
    channel: TRIAL.id,
    run: () => ok(sim().post(`/embedkit/v1/chats/${GROUP_NO_BOT}/bots`).send({ userId: ALICE, channelId: TRIAL.id })),
  },
  leave: { route: 'removeBot', channel: TRIAL.id, run: () => ok(sim().delete(`/embedkit/v1/chats/${GROUP}/bots/${TRIAL.id}`)) },
  postback: {
    route: 'postback',
    channel: TRIAL.id,
    run: () => ok(sim().post(`/embedkit/v1/chats/${ALICE_BOT}/postbacks`).send({ userId: ALICE, data: 'a=1' })),
  },
  beacon: {
    route: 'beacon',
    channel: TRIAL.id,
    run: () => ok(sim().post(`/embedkit/v1/channels/${TRIAL.id}/beacon`).send({ userId: ALICE, hwid: 'd41d8cd98f', type: 'enter' })),
  },
  accountLink: {
    route: 'accountLink',
    channel: TRIAL.id,
    run: () => ok(sim().post(`/embedkit/v1/channels/${TRIAL.id}/account-link`).send({ userId: ALICE, nonce: 'n', result: 'ok' })),
  },
  unsend: {
    route: 'unsend',
    channel: TRIAL.id,
    run: async () => {
      const { id } = await say(kit, ALICE_BOT, ALICE, 'oops');
      await ok(sim().post(`/embedkit/v1/chats/${ALICE_BOT}/messages/${id}/unsend`).send({ userId: ALICE }));
    },
  },
  memberJoined: {
    route: 'joinChat',
    channel: TRIAL.id,
    run: async () => {
      await ok(sim().delete(`/embedkit/v1/chats/${GROUP}/members/${BOB}`));
      await ok(sim().post(`/embedkit/v1/chats/${GROUP}/members`).send({ userId: BOB }));
    },
  },
  memberLeft: { route: 'leaveChat', channel: TRIAL.id, run: () => ok(sim().delete(`/embedkit/v1/chats/${GROUP}/members/${BOB}`)) },
  delivery: {
    route: null,
    channel: VERIFIED.id,
    run: async () => {
      const to = createHash('sha256').update('+819011112222').digest('hex');
      const token = await channelToken(kit, VERIFIED);
      await ok(
        sim()
          .post('/bot/pnp/push')
          .set('Authorization', `Bearer ${token}`)
          .send({ to, messages: [{ type: 'text', text: 'n' }] }),
      );
    },
  },
  module: {
    route: 'detachModuleFromBot',
    channel: MODULE,
    scenarioFile: MODULES_SCENARIO,
    run: () => ok(sim().post(`/embedkit/v1/modules/${MODULE}/detach`).send({ botChannelId: TRIAL.id })),
  },
  activated: { route: 'setChatControl', channel: MODULE, scenarioFile: MODULES_SCENARIO, run: () => control(MODULE) },
  deactivated: {
    route: 'setChatControl',
    channel: MODULE,
    scenarioFile: MODULES_SCENARIO,
    run: async () => {
      await control(MODULE);
      await control(null);
    },
  },
  botSuspended: { route: 'setBotSuspended', channel: MODULE, scenarioFile: MODULES_SCENARIO, run: () => suspend(true) },
  botResumed: {
    route: 'setBotSuspended',
    channel: MODULE,
    scenarioFile: MODULES_SCENARIO,
    run: async () => {
      await suspend(true);
      await suspend(false);
    },
  },
  membership: {
    route: 'joinMembership',
    channel: VERIFIED.id,
    run: () => ok(sim().post(`/embedkit/v1/memberships/4000/users/${ALICE}/join`)),
  },
  videoPlayComplete: {
    route: 'videoPlayComplete',
    channel: TRIAL.id,
    run: async () => {
      const token = await channelToken(kit, TRIAL);
      const video = {
        type: 'video',
        originalContentUrl: 'https://example.com/v.mp4',
        previewImageUrl: 'https://example.com/v.jpg',
        trackingId: 't',
      };
      await ok(
        sim()
          .post('/v2/bot/message/push')
          .set('Authorization', `Bearer ${token}`)
          .send({ to: ALICE, messages: [video] }),
      );
      const { messages } = (await sim().get(`/embedkit/v1/chats/${ALICE_BOT}/messages`)).body as { messages: { id: string }[] };
      await ok(
        sim()
          .post(`/embedkit/v1/chats/${ALICE_BOT}/messages/${messages.at(-1)!.id}/video-play-complete`)
          .send({ userId: ALICE }),
      );
    },
  },
};

describe('every event type of the registry', () => {
  it.each(EVENT_TYPE_NAMES.map((t) => [t]))(
    '%s: caused through the simulator API (or the bot’s own call), the bot hears it',
    async (type) => {
      const cause = CAUSES[type];
      expect(cause, `no cause for ${type}: add it to CAUSES`).toBeDefined();
      const causedBy: readonly string[] = EVENT_TYPES[type].causedBy;
      kit = await makeBotKit(cause.scenarioFile ? { scenarioFile: cause.scenarioFile } : {});
      if (cause.route === null) expect(causedBy).toEqual([]);
      else expect(causedBy).toContain(cause.route);
      await cause.run();
      expect((await events(kit, cause.channel)).map((e) => e.type)).toContain(type);
    },
  );
});
