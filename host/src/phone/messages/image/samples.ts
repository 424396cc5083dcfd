/** A sample image message. */
import type { ImageMessage } from '#contract/bridge/messages.js';
import { sampleUrl } from '../../../shared/safe.js';

/** The mountain photo, as picture and preview. */
export const IMAGE: ImageMessage = {
  type: 'image',
  originalContentUrl: sampleUrl('photo-mountain'),
  previewImageUrl: sampleUrl('photo-mountain'),
};
