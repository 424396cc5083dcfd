/**
 * What users do with bots in the host, and the webhook events it makes (spec "Events"), as one
 * service the simulator routes and the other units call. The rules live per family in this
 * folder: chat messages and media (`chat-messages.ts`: message, unsend), friendship
 * (`friendship.ts`: follow, unfollow), group membership (`group-membership.ts`: join, leave,
 * memberJoined, memberLeft), postbacks (`postback.ts`), beacons and account links
 * (`beacon-account-link.ts`), notification messages (`notification.ts`: delivery), membership plans
 * (`membership-plans.ts`: membership), videos watched to their end (`video.ts`: videoPlayComplete),
 * and reply tokens, the bots overview and webhook settings
 * (`bots-overview.ts`); what they share is `context.ts`.
 */
import { BeaconAndLinkEvents } from './beacon-account-link.js';
import { TriggerEvents } from './trigger.js';
import { BotsOverview } from './bots-overview.js';
import { ChatMessageEvents } from './chat-messages.js';
import { BotEventContext, type BotEventDeps } from './context.js';
import { FriendshipEvents } from './friendship.js';
import { GroupMembershipEvents } from './group-membership.js';
import { PostbackEvents } from './postback.js';
import { NotificationEvents } from './notification.js';
import { MembershipPlanEvents } from './membership-plans.js';
import { VideoEvents } from './video.js';

export { MAX_MEDIA_BYTES, type StoredUserMessage } from './chat-messages.js';
export { botChatIdOf } from './friendship.js';
export type { BotView } from './bots-overview.js';
export type { BotEventDeps } from './context.js';

/** The users' event rules of every family, by the names their callers use. */
export class BotEventService {
  /** Users' messages stored in a chat reach its bots: {@link ChatMessageEvents.userMessages}. */
  readonly userMessages: ChatMessageEvents['userMessages'];
  /** A person sends media from the host: {@link ChatMessageEvents.sendMedia}. */
  readonly sendMedia: ChatMessageEvents['sendMedia'];
  /** A person unsends a message: {@link ChatMessageEvents.unsend}. */
  readonly unsend: ChatMessageEvents['unsend'];
  /** A friendship changed (follow, unfollow): {@link FriendshipEvents.friendshipChanged}. */
  readonly friendshipChanged: FriendshipEvents['friendshipChanged'];
  /** A person invites a bot (join): {@link GroupMembershipEvents.invite}. */
  readonly invite: GroupMembershipEvents['invite'];
  /** A person removes a bot (leave): {@link GroupMembershipEvents.remove}. */
  readonly remove: GroupMembershipEvents['remove'];
  /** A bot leaves a chat (leave): {@link GroupMembershipEvents.leave}. */
  readonly leave: GroupMembershipEvents['leave'];
  /** A person joins a group or room (memberJoined): {@link GroupMembershipEvents.memberJoins}. */
  readonly memberJoins: GroupMembershipEvents['memberJoins'];
  /** A person leaves a group or room (memberLeft): {@link GroupMembershipEvents.memberLeaves}. */
  readonly memberLeaves: GroupMembershipEvents['memberLeaves'];
  /** A person taps a postback action: {@link PostbackEvents.postback}. */
  readonly postback: PostbackEvents['postback'];
  /** A beacon's range or banner: {@link BeaconAndLinkEvents.beacon}. */
  readonly beacon: BeaconAndLinkEvents['beacon'];
  /** A person links their account: {@link BeaconAndLinkEvents.accountLink}. */
  readonly accountLink: BeaconAndLinkEvents['accountLink'];
  /** Any event type on demand: {@link TriggerEvents.trigger}. */
  readonly trigger: TriggerEvents['trigger'];
  /** A bot's notification message reached the person (delivery): {@link NotificationEvents.notificationDelivered}. */
  readonly notificationDelivered: NotificationEvents['notificationDelivered'];
  /** A person joined, left or renewed a membership plan: {@link MembershipPlanEvents.membershipChanged}. */
  readonly membershipChanged: MembershipPlanEvents['membershipChanged'];
  /** A person watched a bot's video to its end (videoPlayComplete): {@link VideoEvents.videoPlayComplete}. */
  readonly videoPlayComplete: VideoEvents['videoPlayComplete'];
  /** A reply token for `embedkit trigger`: {@link BotsOverview.replyTokenFor}. */
  readonly replyTokenFor: BotsOverview['replyTokenFor'];
  /** Every channel's bot for the host's bot tools: {@link BotsOverview.overview}. */
  readonly overview: BotsOverview['overview'];
  /** A channel's webhook settings: {@link BotsOverview.webhookSettings}. */
  readonly webhookSettings: BotsOverview['webhookSettings'];
  /** Changes a channel's webhook settings: {@link BotsOverview.setWebhookSettings}. */
  readonly setWebhookSettings: BotsOverview['setWebhookSettings'];

  constructor(deps: BotEventDeps) {
    const context = new BotEventContext(deps);
    const messages = new ChatMessageEvents(context);
    const friendship = new FriendshipEvents(context);
    const groups = new GroupMembershipEvents(context);
    const postbacks = new PostbackEvents(context);
    const beaconsAndLinks = new BeaconAndLinkEvents(context);
    const bots = new BotsOverview(context);
    const notifications = new NotificationEvents(context);
    const videos = new VideoEvents(context);
    const triggers = new TriggerEvents(context);
    this.userMessages = messages.userMessages.bind(messages);
    this.sendMedia = messages.sendMedia.bind(messages);
    this.unsend = messages.unsend.bind(messages);
    this.friendshipChanged = friendship.friendshipChanged.bind(friendship);
    this.invite = groups.invite.bind(groups);
    this.remove = groups.remove.bind(groups);
    this.leave = groups.leave.bind(groups);
    this.memberJoins = groups.memberJoins.bind(groups);
    this.memberLeaves = groups.memberLeaves.bind(groups);
    this.postback = postbacks.postback.bind(postbacks);
    this.beacon = beaconsAndLinks.beacon.bind(beaconsAndLinks);
    this.accountLink = beaconsAndLinks.accountLink.bind(beaconsAndLinks);
    this.trigger = triggers.trigger.bind(triggers);
    this.notificationDelivered = notifications.notificationDelivered.bind(notifications);
    const plans = new MembershipPlanEvents(context);
    this.membershipChanged = plans.membershipChanged.bind(plans);
    this.videoPlayComplete = videos.videoPlayComplete.bind(videos);
    this.replyTokenFor = bots.replyTokenFor.bind(bots);
    this.overview = bots.overview.bind(bots);
    this.webhookSettings = bots.webhookSettings.bind(bots);
    this.setWebhookSettings = bots.setWebhookSettings.bind(bots);
  }
}
