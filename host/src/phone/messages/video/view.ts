/** `video`: the preview picture with a play mark; a tap plays the video in the viewer. */
import { h } from '../../../shared/dom.js';
import { mediaSrc } from '../../../shared/safe.js';
import type { DrawContext, Json, KindView } from '../kind.js';
import { messageImage, openViewer, tappable } from '../parts.js';

/**
 * `video`: the preview image with a play mark; a tap plays `originalContentUrl` in the viewer. Each
 * time it plays to its end, `onEnded` is told (the chat reports it for videoPlayComplete).
 */
function renderVideo(m: Json, onEnded?: DrawContext['onVideoEnded']): HTMLElement {
  const node = h(
    'div',
    { className: 'm-media m-video' },
    messageImage(m.previewImageUrl, 'm-media-img'),
    h('span', { className: 'm-play', attrs: { 'aria-hidden': 'true' } }),
  );
  return tappable(node, 'Play video', () => {
    const src = mediaSrc(m.originalContentUrl);
    const note = h('p', { className: 'm-viewer-note', text: src ? '' : 'This video cannot be played.' });
    const video = h('video', { className: 'm-viewer-video', attrs: { controls: true, playsinline: true, preload: 'metadata' } });
    if (src) {
      video.addEventListener('error', () => (note.textContent = 'This video cannot be played (the file did not load).'), { once: true });
      if (onEnded) video.addEventListener('ended', () => onEnded());
      video.src = src;
      void video.play().catch(() => undefined);
    }
    openViewer(node, h('div', { className: 'm-viewer-stack' }, video, note), 'Video');
  });
}

/** `video`. */
export const video: KindView = {
  label: () => 'Video',
  draw: (m, { onVideoEnded }) => ({ node: renderVideo(m, onVideoEnded), wide: false }),
  preview: () => 'Video',
  cardText: () => 'Video',
};
