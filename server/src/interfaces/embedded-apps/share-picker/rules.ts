/**
 * The rules of the share target picker's page outside the messenger (`liff.shareTargetPicker()` in
 * an external browser): which chats the person may pick, what a pick must be, which opener may
 * talk to the page, and how long the page's one-time ticket lives. Pure functions and schemas; the
 * routes (`routes.ts`) apply them.
 */
import { Type } from '@sinclair/typebox';
import { MessagesSchema } from '../../../messages/bodies.js';

/**
 * How long a picker ticket (the `ott` the app's token buys) stays usable, in ms: the published SDK
 * (`@liff/share-target-picker` 2.31) gives up waiting for the picker's result after 10 minutes.
 */
export const PICKER_TICKET_LIFE_MS = 10 * 60_000;

/** A chat the picker offers: its id, type and name as the host's chat list shows them. */
export interface PickerChat {
  chatId: string;
  type: string;
  name: string;
}

/**
 * The chats the person may share into, as the host's picker lists them (`chatsOfUser`): every chat
 * they are a member of (friends' and bots' 1:1 chats, groups, rooms), in the world's order.
 */
export function pickerChats(
  chats: readonly { chat_id: string; type: string; name: string; memberIds: readonly string[] }[],
  userId: string,
): PickerChat[] {
  return chats.filter((c) => c.memberIds.includes(userId)).map((c) => ({ chatId: c.chat_id, type: c.type, name: c.name }));
}

/**
 * What is wrong with a pick: none, an id the picker did not offer, the same chat twice, or several
 * when the app asked for one (`isMultiple: false`). @returns why, or null when the pick stands
 */
export function pickProblem(chatIds: readonly string[], offered: readonly PickerChat[], isMultiple: boolean): string | null {
  if (chatIds.length === 0) return 'pick at least one chat';
  if (!isMultiple && chatIds.length > 1) return 'the app asked for one chat (isMultiple is false)';
  if (new Set(chatIds).size !== chatIds.length) return 'a chat is picked twice';
  const known = new Set(offered.map((c) => c.chatId));
  const unknown = chatIds.find((id) => !known.has(id));
  return unknown === undefined ? null : `chat ${unknown} is not one of the person's chats`;
}

/**
 * The origins that may drive the picker page: those of the app's endpoint URLs (and, under
 * `--lan`, of its proxy), the rule the social login applies to a public client's redirect URI.
 * Unparsable URLs count for nothing.
 */
export function openerOrigins(viewUrls: readonly string[]): string[] {
  return [...new Set(viewUrls.flatMap((u) => (URL.canParse(u) ? [new URL(u).origin] : [])))].filter((o) => o !== 'null');
}

/** The query of the picker page: the app's LIFF ID and the ticket its token bought. */
export const PickerPageQuery = Type.Object({ liffId: Type.String({ minLength: 1 }), ott: Type.String({ minLength: 1 }) });

/**
 * What the picker page posts when the person sends: the app's LIFF ID and its ticket, the picked chats, whether the app
 * allowed several, and the app's messages (checked by the sendMessages rules, `checkShareBody`).
 */
export const PickerSendBody = Type.Object(
  {
    liffId: Type.String({ minLength: 1 }),
    ott: Type.String({ minLength: 1 }),
    chatIds: Type.Array(Type.String({ minLength: 1 }), { maxItems: 1000 }),
    isMultiple: Type.Boolean(),
    messages: MessagesSchema,
  },
  { additionalProperties: false },
);
