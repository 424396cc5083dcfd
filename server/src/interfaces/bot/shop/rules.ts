/**
 * The rules of mission stickers (published `shop.yml`, `missionStickerV3`): the request's shape
 * and the chat line a present shows as. Pure; the user and chat lookups are the service's.
 */
import { Type } from '@sinclair/typebox';

/** Published `MissionStickerRequest`: every field required; `productType` `STICKER`, `sendPresentMessage` `false`. */
export const MissionStickerBody = Type.Object({
  to: Type.String({ minLength: 1 }),
  productId: Type.String({ minLength: 1, maxLength: 100 }),
  productType: Type.Literal('STICKER'),
  sendPresentMessage: Type.Literal(false),
});

/** The chat's line for a present: what the person reads (text only, drawn as text by the host). */
export const presentNotice = (botName: string, productId: string): string =>
  `You received a sticker set from ${botName} (product ${productId})`;
