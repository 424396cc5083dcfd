/**
 * The message kinds of the chat, one folder each (`<kind>/view.ts`: drawing, preview line, label;
 * `<kind>/style.css`; `<kind>/samples.ts`). The registry is typed as a complete map over
 * `MessageKind`: a kind without its view, or a view without its drawing, preview or label, does
 * not compile.
 */
import { audio } from './audio/view.js';
import { contact } from './contact/view.js';
import { coupon } from './coupon/view.js';
import { flex } from './flex/view.js';
import { image } from './image/view.js';
import { imagemap } from './imagemap/view.js';
import type { KindRegistry, KindView } from './kind.js';
import { link } from './link/view.js';
import { location } from './location/view.js';
import { sticker } from './sticker/view.js';
import { system } from './system/view.js';
import { template } from './template/view.js';
import { text } from './text/view.js';
import { textV2 } from './text-v2/view.js';
import { video } from './video/view.js';

/** Every kind's view, by message `type`. */
export const KINDS = {
  text,
  image,
  video,
  audio,
  location,
  sticker,
  imagemap,
  template,
  flex,
  coupon,
  link,
  contact,
  system,
  textV2,
} as const satisfies KindRegistry;

/** The view of a message `type`, or `undefined` for a type the chat does not know. */
export function kindOf(type: unknown): KindView | undefined {
  return typeof type === 'string' && Object.hasOwn(KINDS, type) ? KINDS[type as keyof typeof KINDS] : undefined;
}
