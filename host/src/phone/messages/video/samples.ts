/** Sample video messages. */
import type { VideoMessage } from '#contract/bridge/messages.js';
import { sampleUrl } from '../../../shared/safe.js';

/** A preview picture over a short sample clip the viewer plays (offline: the sample media). */
export const VIDEO: VideoMessage = {
  type: 'video',
  originalContentUrl: sampleUrl('video-clip'),
  previewImageUrl: sampleUrl('video-preview'),
};

/** A bot's video with a `trackingId`: watched to its end, the bot hears `videoPlayComplete`. */
export const VIDEO_TRACKED: VideoMessage = { ...VIDEO, trackingId: 'sample-clip' };
