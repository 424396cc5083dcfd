/**
 * What a message kind of the chat is: the names of the kinds the host draws, and what each one
 * provides (its drawing, its preview line, its label). A leaf: the registry (`index.ts`), every
 * kind's folder and the tests build on it.
 */
import type { Message } from '#contract/bridge/messages.js';
import type { ClientFeatures } from '../device.js';
import type { Action } from '../chat/actions.js';
import type { CouponTicket } from '#contract/wire.js';

/**
 * Every message kind the chat draws: the kinds `sendMessages` takes (the SDK's message types),
 * a bot's coupon and textV2, the v1 bots' link message and shared contact, and the chat's own notices.
 */
export type MessageKind = Message['type'] | 'coupon' | 'link' | 'contact' | 'system' | 'textV2';

/** A message object as received: nothing in it is trusted or typed yet. */
export type Json = Record<string, unknown>;

/** What a drawing needs from the chat: where taps go, and what the phone's client supports. */
export interface DrawContext {
  onAction(action: Action): void;
  /** What the phone's client supports (phone/device.ts); absent means a current client. */
  client?: ClientFeatures;
  /** The person watched this message's video to its end (the video element's `ended`); absent: nobody is told. */
  onVideoEnded?(): void;
  /** The person's coupons (a coupon's state, tapping Use); absent: a coupon is drawn as sent, Use does nothing. */
  coupons?: CouponCalls;
}

/** The coupon calls of the person the phone plays (the simulator's `couponTicket` and `useCoupon`). */
export interface CouponCalls {
  ticket(couponId: string): Promise<CouponTicket>;
  use(couponId: string): Promise<CouponTicket>;
}

/** A rendered message body, and whether it needs the chat's full width (carousels). */
export interface RenderedContent {
  node: HTMLElement;
  wide: boolean;
}

/** One message kind: how the chat draws it, how the chat list and notifications sum it up, and its label. */
export interface KindView {
  /** The label of the message's plain card (`card-type`). */
  label(message: Json): string;
  /** The message's body in the chat, or `null` when it cannot be drawn (the plain card shows instead). */
  draw(message: Json, context: DrawContext): RenderedContent | null;
  /** The line of the chat list and of a notification, before its whitespace is folded. */
  preview(message: Json): string;
  /** The plain card's text when the message has no `altText`; absent: "(no preview)". */
  cardText?(message: Json): string;
}

/** The registry's type: one view for every kind, so a kind without one does not compile. */
export type KindRegistry = { readonly [K in MessageKind]: KindView };
