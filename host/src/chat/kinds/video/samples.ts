/** A sample video message. */
import type { VideoMessage } from '../../../../../sdk/src/messages.js';
import { sampleUrl } from '../../../shared/safe.js';

/** A preview picture; the video itself is not among the sample media, so the viewer says it cannot play. */
export const VIDEO: VideoMessage = {
  type: 'video',
  originalContentUrl: 'https://example.com/media/clip.mp4',
  previewImageUrl: sampleUrl('video-preview'),
};
