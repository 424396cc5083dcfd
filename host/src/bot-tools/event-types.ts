/**
 * Where a person causes each webhook event type in the host: one entry per type of the registry
 * (`contract/src/event-types.ts`), typed over its union, so a type added there does not
 * compile until the host says where it is caused. The panels take their tools' names from here.
 */
import { EVENT_TYPES, type EventType } from '#contract/event-types.js';

/** The host's entry of one event type. */
export interface HostEventEntry {
  /** The event's name in the host's tools. */
  label: string;
  /** Where a person causes it: the part of the host and the control (its id or class). */
  where: string;
}

/** The host's entry of every event type (`T` only widens the union in tests). */
export type HostEventTable<T extends string = EventType> = { [K in T]: HostEventEntry };

/** Where each event type is caused in the host. */
export const HOST_EVENTS: HostEventTable = {
  message: {
    label: EVENT_TYPES.message.label,
    where: 'the chat bar: Send (#chat-send), a file or a location from its menu (#chat-attach)',
  },
  follow: { label: EVENT_TYPES.follow.label, where: 'side panel, Time and friendship: Add friend (#friend-add)' },
  unfollow: { label: EVENT_TYPES.unfollow.label, where: 'side panel, Time and friendship: Block (#friend-block)' },
  join: { label: EVENT_TYPES.join.label, where: 'side panel, Bot: Invite to this chat (#bot-invite)' },
  leave: { label: EVENT_TYPES.leave.label, where: 'side panel, Bot: Remove from this chat (#bot-remove)' },
  postback: { label: EVENT_TYPES.postback.label, where: 'a postback action of a bot’s message, quick reply or rich menu' },
  beacon: { label: EVENT_TYPES.beacon.label, where: 'side panel, Bot: Beacon (#beacon-send)' },
  accountLink: { label: EVENT_TYPES.accountLink.label, where: 'side panel, Bot: Account link (#link-send), or the account link page' },
  unsend: { label: EVENT_TYPES.unsend.label, where: 'Unsend on a message of one’s own (.message-unsend)' },
  memberJoined: { label: EVENT_TYPES.memberJoined.label, where: 'side panel, Bot, Members: Join this chat (#member-join)' },
  memberLeft: { label: EVENT_TYPES.memberLeft.label, where: 'side panel, Bot, Members: Leave this chat (#member-leave)' },
  delivery: {
    label: EVENT_TYPES.delivery.label,
    where: 'none: a bot’s push by phone number (POST /bot/pnp/push) to a person with that number, or embedkit trigger delivery',
  },
  membership: {
    label: EVENT_TYPES.membership.label,
    where: 'side panel, Bot, Membership: Join / Leave on a plan (.membership-join, .membership-leave); renewed: moving the clock',
  },
  videoPlayComplete: {
    label: EVENT_TYPES.videoPlayComplete.label,
    where: 'a bot’s video message with a trackingId: tap it and watch it to its end in the viewer (.m-viewer-video)',
  },
  module: {
    label: EVENT_TYPES.module.label,
    where: 'Bot → Module channels: Authorize (the module then calls POST /module/auth/v1/token) and Detach, or embedkit trigger module',
  },
  activated: {
    label: EVENT_TYPES.activated.label,
    where: 'Bot → Module channels: Hand this chat, or a module’s acquire call',
  },
  deactivated: {
    label: EVENT_TYPES.deactivated.label,
    where: 'Bot → Module channels: Take the chat back, a release, or the end of the TTL',
  },
  botSuspended: { label: EVENT_TYPES.botSuspended.label, where: 'Bot → Module channels: Suspend the bot' },
  botResumed: { label: EVENT_TYPES.botResumed.label, where: 'Bot → Module channels: Resume the bot' },
};
