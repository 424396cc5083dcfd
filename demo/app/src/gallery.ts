/**
 * The message gallery: one valid message of every kind the messenger shows (spec part B "Message
 * objects"), with every action kind in them: the kinds' samples (`host/src/phone/messages/samples.ts`)
 * in the order the demo sends them. The demo app's "Send gallery" button sends it, and the
 * end-to-end rendering tests compare the host's drawing of it with screenshots.
 *
 * Pictures use the simulator's sample media (`https://embedkit.invalid/samples/<name>`): https
 * URLs, as the platform requires, that the host resolves to built-in files, so the gallery looks
 * the same on a machine without network.
 */
import type * as Sdk from '#contract/bridge/messages.js';
import * as Sample from '../../../host/src/phone/messages/samples.js';

export { CAFE_BUBBLE } from '../../../host/src/phone/messages/samples.js';
export { sampleUrl as sample } from '../../../host/src/shared/safe.js';

/** A message object. */
export type Message = Record<string, unknown>;

/** Gallery entries: a stable name (used for screenshot file names) and the message. */
export interface GalleryEntry {
  name: string;
  message: Message;
}

/** A gallery entry of a sample (typed with the SDK's message types, which the gallery reads as plain objects). */
const entry = (name: string, message: Sdk.Message): GalleryEntry => ({ name, message: { ...message } });

/** Every kind, in the order the demo sends it; the last one carries quick replies. */
export const GALLERY: GalleryEntry[] = [
  entry('text', Sample.TEXT),
  entry('image', Sample.IMAGE),
  entry('video', Sample.VIDEO),
  entry('audio', Sample.AUDIO),
  entry('location', Sample.LOCATION),
  entry('sticker', Sample.STICKER),
  entry('imagemap', Sample.IMAGEMAP),
  entry('template-buttons', Sample.BUTTONS_TEMPLATE),
  entry('template-confirm', Sample.CONFIRM_TEMPLATE),
  entry('template-carousel', Sample.CAROUSEL_TEMPLATE),
  entry('template-image-carousel', Sample.IMAGE_CAROUSEL_TEMPLATE),
  entry('flex-bubble', Sample.FLEX_BUBBLE),
  entry('flex-carousel', Sample.FLEX_CAROUSEL),
  entry('quick-reply', Sample.TEXT_WITH_QUICK_REPLY),
];

/** The gallery's messages in batches of at most 5 (sendMessages takes 1 to 5 per call). */
export function galleryBatches(entries: GalleryEntry[] = GALLERY, size = 5): Message[][] {
  const batches: Message[][] = [];
  for (let i = 0; i < entries.length; i += size) batches.push(entries.slice(i, i + size).map((e) => e.message));
  return batches;
}
