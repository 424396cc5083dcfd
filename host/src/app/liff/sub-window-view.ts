/**
 * The sub window over the app (`liff.subWindow.open`): a second sheet above the app's overlay with
 * its own header, close button and frame (or a screen the host draws itself, Quick-fill's), 50%,
 * 80% or 100% of the phone screen's height as the app's own view. Elements: `#sub-window[data-view-type]`,
 * `#sub-window-title`, `#sub-window-close`, and `#sub-window-frame` or the host's own content.
 */
import type { ViewType } from '#contract/bridge/protocol.js';
import { h } from '../../shared/dom.js';
import { originOf } from '../../phone/views/frame-policy.js';
import { policedFrame } from '../../phone/views/policed-frame.js';

/** What the sub window shows: a page in a frame (`url`) or the host's own screen (`content`). */
export interface SubWindowContent {
  title: string;
  viewType: ViewType;
  /** The close button's label (`native.closeButtonLabel`); a cross when empty. */
  closeLabel?: string;
  url?: string;
  content?: HTMLElement;
}

// Above the app's overlay (z-index 10 and 11 in styles.css).
const BACKDROP_STYLE = 'z-index:20';
const SHEET_STYLE = 'z-index:21';
const FRAME_STYLE = 'display:block;flex:1;width:100%;min-height:0;border:0;background:#fff';

/** The sub window on the phone screen; one at a time. */
export class SubWindowView {
  private parts: HTMLElement[] = [];

  /**
   * @param screen the positioned phone screen
   */
  constructor(private readonly screen: HTMLElement) {}

  /**
   * Shows the sub window (replacing any) and returns its frame, already pointed at `content.url`,
   * or null for the host's own screen. `onCloseClick` runs when the person taps the close button.
   */
  open(content: SubWindowContent, onCloseClick: () => void): HTMLIFrameElement | null {
    this.close();
    const frame = content.url
      ? policedFrame({ id: 'sub-window-frame', title: content.title, url: content.url, referrerPolicy: 'origin' })
      : null;
    frame?.setAttribute('style', FRAME_STYLE);
    const backdrop = h('div', { className: 'app-backdrop', attrs: { 'data-view-type': content.viewType, style: BACKDROP_STYLE } });
    const sheet = h(
      'section',
      {
        className: 'app-overlay',
        attrs: {
          id: 'sub-window',
          'data-view-type': content.viewType,
          role: 'dialog',
          'aria-modal': 'true',
          'aria-labelledby': 'sub-window-title',
          style: SHEET_STYLE,
        },
      },
      h(
        'header',
        { className: 'app-header' },
        h(
          'div',
          { className: 'app-heading' },
          h('h2', { attrs: { id: 'sub-window-title', style: 'margin:0;font-size:15px' }, text: content.title }),
          ...(content.url ? [h('span', { className: 'app-origin', text: originOf(content.url) ?? content.url })] : []),
        ),
        h('button', {
          className: 'icon-button',
          text: content.closeLabel || '✕',
          attrs: { id: 'sub-window-close', type: 'button', 'aria-label': 'Close the sub window' },
          on: { click: () => onCloseClick() },
        }),
      ),
      frame ?? content.content ?? h('div'),
    );
    this.parts = [backdrop, sheet];
    this.screen.append(backdrop, sheet);
    // The source last, once the sandbox is in place.
    if (frame && content.url) frame.src = content.url;
    return frame;
  }

  /** Removes the sub window (no-op when none is shown). */
  close(): void {
    for (const part of this.parts) part.remove();
    this.parts = [];
  }
}
