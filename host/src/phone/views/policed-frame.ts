/**
 * The frame a page runs in inside the phone (the app overlay, the in-app browser), under the
 * host's frame policy (frame-policy.ts).
 */
import { h } from '../../shared/dom.js';
import { APP_FRAME_ALLOW, sandboxFor } from './frame-policy.js';

/** Who a framed page is, and what it learns of the host. */
export interface FrameSpec {
  id: string;
  /** The frame's accessible name. */
  title: string;
  /** The page's absolute URL: it decides the sandbox (a page on the host's own origin gets an opaque one). */
  url: string;
  /** What the page learns of the host's address (`Referer`). */
  referrerPolicy: 'origin' | 'no-referrer';
}

/**
 * An `<iframe>` for `spec.url` with the sandbox and the permissions of the frame policy, not yet
 * pointed at the URL: set `src` last, once the frame is in the page, so the page never loads
 * without its sandbox.
 */
export function policedFrame(spec: FrameSpec): HTMLIFrameElement {
  return h('iframe', {
    attrs: {
      id: spec.id,
      title: spec.title,
      sandbox: sandboxFor(spec.url, location.origin),
      allow: APP_FRAME_ALLOW,
      referrerpolicy: spec.referrerPolicy,
    },
  });
}
