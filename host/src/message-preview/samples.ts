/** Starting points of the message preview: a few kinds' samples (`../phone/messages/samples.ts`). */
import { AA_COLORS, BUTTONS_TEMPLATE, cafeBubble, TEXT_WITH_QUICK_REPLY } from '../phone/messages/samples.js';

/** A named example for the preview's "Example" menu. */
export interface PreviewSample {
  name: string;
  messages: Record<string, unknown>[];
}

export const PREVIEW_SAMPLES: PreviewSample[] = [
  // The tab's first view: its colors keep the host's pages at WCAG AA contrast.
  { name: 'Flex bubble', messages: [{ type: 'flex', altText: 'Brown Cafe: 4.0 stars', contents: cafeBubble(AA_COLORS) }] },
  { name: 'Buttons template', messages: [{ ...BUTTONS_TEMPLATE }] },
  { name: 'Text with quick replies', messages: [{ ...TEXT_WITH_QUICK_REPLY }] },
];
