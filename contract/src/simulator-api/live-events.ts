/**
 * The host's live feed (the `bot` unit's `liveEvents` route, server-sent events): the event each
 * unit publishes when what the host shows changed. Schemas only: no rule, no I/O.
 */
import { Type, type Static } from '@sinclair/typebox';
import { FAULT_KINDS } from '../faults.js';
import { StringEnum } from '../schema-builders.js';
import { DELIVERY_STATUSES } from './shared-shapes.js';

/**
 * The events of the host's live feed (server-sent events): what changed, so the host reads it
 * again. `chat`: messages were added to a chat; `delivery`: a webhook delivery changed status;
 * `bots`: a bot joined or left a group or room, its friendships or webhook settings changed; `world`: the world was
 * reset or replaced by another scenario (`resetWorld`), so everything shown is gone.
 */
export const LiveEventSchemas = {
  chat: Type.Object({ chatId: Type.String() }),
  delivery: Type.Object({ channelId: Type.String(), id: Type.Number(), status: StringEnum(DELIVERY_STATUSES) }),
  bots: Type.Object({ channelId: Type.String() }),
  phone: Type.Object({ phoneId: Type.String() }),
  world: Type.Object({ scenario: Type.String() }),
  /** A consent screen was opened or answered (`state`: pending, allowed or denied): the host shows or closes it. */
  consentScreen: Type.Object({ screenId: Type.String(), userId: Type.String(), state: Type.String() }),
  /** A person was sent a LINE MINI App service message (their service-message chat changed). */
  serviceMessage: Type.Object({ userId: Type.String() }),
  /**
   * A fault rule hit a call (`status` null: the connection was dropped, or the call was only
   * delayed) or a webhook delivery (`deliveryId`; `method` and `path` the send to the bot, `status`
   * its answer).
   */
  fault: Type.Object({
    faultId: Type.String(),
    kind: StringEnum(FAULT_KINDS),
    method: Type.String(),
    path: Type.String(),
    status: Type.Union([Type.Integer(), Type.Null()]),
    deliveryId: Type.Optional(Type.Integer()),
  }),
} as const;

/** The live feed's event names and their data. */
export type LiveEvents = { [K in keyof typeof LiveEventSchemas]: Static<(typeof LiveEventSchemas)[K]> };

/**
 * The live feed's event names, as the host listens for them: a list of its own, so that a browser
 * bundle reads the names without building the schemas; the host's live feed test holds it equal
 * to the keys of {@link LiveEventSchemas}.
 */
export const LIVE_EVENT_NAMES = [
  'chat',
  'delivery',
  'bots',
  'phone',
  'world',
  'consentScreen',
  'serviceMessage',
  'fault',
] as const satisfies readonly (keyof LiveEvents)[];
