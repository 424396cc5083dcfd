/** A sample audio message. */
import type { AudioMessage } from '#contract/bridge/messages.js';
import { sampleUrl } from '../../../shared/safe.js';

/** The sample tone, 2 seconds (shown as 0:02). */
export const AUDIO: AudioMessage = { type: 'audio', originalContentUrl: sampleUrl('tone'), duration: 2000 };
