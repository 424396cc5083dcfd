/** A sample sticker message. */
import type { StickerMessage } from '#contract/bridge/messages.js';

/** Package 446, sticker 1988. */
export const STICKER: StickerMessage = { type: 'sticker', packageId: '446', stickerId: '1988' };
