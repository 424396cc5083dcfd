/** `audio`: a player bubble with the duration; the file loads only when played. */
import { h } from '../../../shared/dom.js';
import { mediaSrc } from '../../../shared/safe.js';
import type { Json, KindView } from '../kind.js';

/** `m:ss` of a duration in milliseconds ("0:00" when it is not a non-negative number). */
export function formatDuration(ms: unknown): string {
  const total = typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? Math.round(ms / 1000) : 0;
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** `audio`: a player bubble (play/pause, progress, duration from `duration` ms); loads only when played. */
function renderAudio(m: Json): HTMLElement {
  const src = mediaSrc(m.originalContentUrl);
  const fill = h('span', { className: 'm-audio-fill' });
  const time = h('span', { className: 'm-audio-time', text: formatDuration(m.duration) });
  const button = h('button', {
    className: 'm-audio-play',
    attrs: { type: 'button', 'aria-label': 'Play', 'data-state': 'paused', disabled: !src },
  });
  let audio: HTMLAudioElement | null = null;
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    if (!src) return;
    if (!audio) {
      audio = new Audio();
      audio.preload = 'auto';
      audio.addEventListener('timeupdate', () => {
        const d = audio!.duration || (typeof m.duration === 'number' ? m.duration / 1000 : 0);
        fill.style.width = d ? `${Math.min(100, (audio!.currentTime / d) * 100)}%` : '0%';
        time.textContent = formatDuration(audio!.currentTime * 1000);
      });
      const stop = () => {
        button.dataset.state = 'paused';
        button.setAttribute('aria-label', 'Play');
      };
      audio.addEventListener('pause', stop);
      audio.addEventListener('ended', () => {
        stop();
        time.textContent = formatDuration(m.duration);
        fill.style.width = '0%';
      });
      audio.addEventListener('error', () => {
        stop();
        time.textContent = 'cannot play';
      });
      audio.src = src;
    }
    if (audio.paused) {
      button.dataset.state = 'playing';
      button.setAttribute('aria-label', 'Pause');
      void audio.play().catch(() => {
        button.dataset.state = 'paused';
      });
    } else {
      audio.pause();
    }
  });
  return h('div', { className: 'bubble m-audio' }, button, h('span', { className: 'm-audio-bar' }, fill), time);
}

/** `audio`. */
export const audio: KindView = {
  label: () => 'Audio',
  draw: (m) => ({ node: renderAudio(m), wide: false }),
  preview: () => 'Audio',
  cardText: () => 'Audio',
};
