/**
 * What `liff.requestFriendship(options)` asks in the host: which official account (the app
 * channel's bot, or the one `officialAccount.id` names by its basic ID) and with which words (the
 * template's). Pure functions; the sheet and the friendship change are the app session's.
 *
 * From `@line/liff` 2.31 and the LIFF API reference ("liff.requestFriendship()"): the SDK refuses an
 * `officialAccount.id` without `@` (INVALID_ARGUMENT); `template.id` replaces the default question
 * with one of the published templates' text. Where the reference is silent (an account that is
 * not found, a template whose text is not published), docs/guide/liff.md records embedkit's choice.
 */
import type { FriendshipRequest } from '#contract/bridge/protocol.js';
import type { BotInfo } from '#contract/wire.js';

/** The question the sub window asks without a template (the LIFF API reference's example). */
export const DEFAULT_FRIENDSHIP_PROMPT = 'Add this official account as a friend?';

/** The published templates' texts that embedkit knows (the LIFF docs' example: `coupon`). */
export const FRIENDSHIP_TEMPLATE_TEXTS: Readonly<Record<string, string>> = {
  coupon: 'Get coupons and special offers from this official account.',
};

/** The sheet's words for a template: its text, or the default question with the template named when its text is not known here. */
export function friendshipPrompt(templateId?: string): string {
  if (templateId === undefined) return DEFAULT_FRIENDSHIP_PROMPT;
  return FRIENDSHIP_TEMPLATE_TEXTS[templateId] ?? `${DEFAULT_FRIENDSHIP_PROMPT} (template ${templateId})`;
}

/** The official account a request asks the person to add, and whether they are its friend already. */
export interface FriendshipTarget {
  channelId: string;
  name: string;
  friend: boolean;
}

/**
 * The account of a request: the bot whose basic ID is `officialAccountId`, else (none given, or
 * not found with `officialAccountFallback`) the app channel's bot.
 * @returns the target, or a refusal's message for an account that is not found without fallback
 */
export function friendshipTarget(
  bots: readonly BotInfo[],
  request: FriendshipRequest,
  appChannelId: string,
  userId: string,
): FriendshipTarget | { refused: string } {
  const of = (bot: BotInfo): FriendshipTarget => ({
    channelId: bot.channelId,
    name: bot.name,
    friend: bot.friends.some((f) => f.userId === userId && f.state === 'friend'),
  });
  const named = request.officialAccountId === undefined ? undefined : bots.find((b) => b.basicId === request.officialAccountId);
  if (named) return of(named);
  if (request.officialAccountId !== undefined && request.officialAccountFallback !== true)
    return { refused: `No official account ${request.officialAccountId}: use a bot's basic ID, or officialAccount.fallback` };
  const own = bots.find((b) => b.channelId === appChannelId);
  return own ? of(own) : { refused: `The app's channel ${appChannelId} has no bot` };
}
