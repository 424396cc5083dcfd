/** A sample location message. */
import type { LocationMessage } from '#contract/bridge/messages.js';

/** Tokyo Station. */
export const LOCATION: LocationMessage = {
  type: 'location',
  title: 'Tokyo Station',
  address: '1 Chome Marunouchi, Chiyoda City, Tokyo',
  latitude: 35.681236,
  longitude: 139.767125,
};
