/**
 * What the MINI App header's action button opens (LINE MINI App docs, "Built-in features"): on
 * LINE 15.12.0 or later the multi-tab view (the open MINI App's options in a row, then the
 * recently used services), before it the options sheet (a list); and the chip that brings a
 * minimized MINI App back. Each is drawn over the phone's screen, every value as text.
 *
 * Elements: `#multi-tab-view` (`#multi-tab-close`, `button.frame-option[data-option]`,
 * `#recent-services` with one `button[data-embed-id]` per service), `#options-sheet`
 * (`button.frame-option[data-option]`, `#options-cancel`), `button#minimized-app`.
 */
import { h } from '../shared/dom.js';
import type { RecentService } from './recent-services.js';
import type { FrameOption } from './rules.js';
import { withName, type FrameTexts } from './texts.js';

/** What a sheet shows of the open MINI App and offers. */
export interface SheetContent {
  /** The service name the header shows. */
  serviceName: string;
  options: readonly FrameOption[];
  texts: FrameTexts;
}

/** The label of each option, in the sheets' words. */
function optionLabel(option: FrameOption, texts: FrameTexts): string {
  if (option === 'refresh') return texts.refresh;
  if (option === 'share') return texts.share;
  if (option === 'add-to-home') return texts.addToHome;
  return texts.minimizeOption;
}

const ICONS: Record<FrameOption, string> = { refresh: '↻', share: '⤴', 'add-to-home': '⊕', minimize: '⌄' };

/** Puts `sheet` over `screen`, closed by a tap beside it; answers the function that closes it. */
function overScreen(screen: HTMLElement, sheet: HTMLElement): () => void {
  const backdrop = h('div', { className: 'frame-sheet-backdrop', on: { click: () => dismiss() } });
  const dismiss = () => {
    backdrop.remove();
    sheet.remove();
  };
  screen.append(backdrop, sheet);
  return dismiss;
}

/**
 * Shows the multi-tab view: the open MINI App's options, then the person's other recently used
 * services (`recent`, newest first). `choose` gets the option tapped, `openService` the service;
 * the view closes first either way.
 * @returns a function that closes the view
 */
export function showMultiTabView(
  screen: HTMLElement,
  content: SheetContent,
  recent: readonly RecentService[],
  choose: (option: FrameOption) => void,
  openService: (service: RecentService) => void,
): () => void {
  const { texts } = content;
  const then = (run: () => void) => () => {
    close();
    run();
  };
  const sheet = h(
    'section',
    { className: 'frame-sheet multi-tab-view', attrs: { id: 'multi-tab-view', role: 'dialog', 'aria-label': content.serviceName } },
    h(
      'div',
      { className: 'frame-sheet-head' },
      h('h3', { text: content.serviceName }),
      h('button', {
        className: 'icon-button',
        text: '✕',
        attrs: { id: 'multi-tab-close', type: 'button', 'aria-label': texts.close },
        on: { click: () => close() },
      }),
    ),
    h(
      'div',
      { className: 'frame-option-row', attrs: { role: 'group', 'aria-label': texts.options } },
      ...content.options.map((option) =>
        h(
          'button',
          { className: 'frame-option', attrs: { type: 'button', 'data-option': option }, on: { click: then(() => choose(option)) } },
          h('span', { className: 'frame-option-icon', text: ICONS[option], attrs: { 'aria-hidden': 'true' } }),
          h('span', { className: 'frame-option-label', text: optionLabel(option, texts) }),
        ),
      ),
    ),
    h('h4', { className: 'frame-sheet-subhead', text: texts.recentServices }),
    recent.length
      ? h(
          'ul',
          { className: 'recent-services', attrs: { id: 'recent-services' } },
          ...recent.map((service) =>
            h(
              'li',
              {},
              h(
                'button',
                {
                  className: 'recent-service',
                  attrs: { type: 'button', 'data-embed-id': service.embedId },
                  on: { click: then(() => openService(service)) },
                },
                h('span', {
                  className: 'home-shortcut-icon',
                  text: service.name.slice(0, 1).toUpperCase(),
                  attrs: { 'aria-hidden': 'true' },
                }),
                h('span', { text: service.name }),
              ),
            ),
          ),
        )
      : h('p', { className: 'frame-sheet-empty', attrs: { id: 'recent-services' }, text: texts.noRecentServices }),
  );
  const close = overScreen(screen, sheet);
  return close;
}

/**
 * Shows the options sheet of clients before LINE 15.12.0: the options as a list, and Cancel.
 * @returns a function that closes the sheet
 */
export function showOptionsSheet(screen: HTMLElement, content: SheetContent, choose: (option: FrameOption) => void): () => void {
  const { texts } = content;
  const sheet = h(
    'section',
    { className: 'frame-sheet options-sheet', attrs: { id: 'options-sheet', role: 'dialog', 'aria-label': texts.options } },
    h('h3', { className: 'frame-sheet-subhead', text: content.serviceName }),
    ...content.options.map((option) =>
      h('button', {
        className: 'frame-option',
        text: optionLabel(option, texts),
        attrs: { type: 'button', 'data-option': option },
        on: {
          click: () => {
            close();
            choose(option);
          },
        },
      }),
    ),
    h('button', {
      className: 'frame-option frame-cancel',
      text: texts.cancel,
      attrs: { id: 'options-cancel', type: 'button' },
      on: { click: () => close() },
    }),
  );
  const close = overScreen(screen, sheet);
  return close;
}

/**
 * The chip that stays on the phone's screens while a MINI App is minimized ("Minimizing LIFF
 * browser": shown as an icon); tapping it brings the app back as it was.
 */
export function minimizedChip(serviceName: string, texts: FrameTexts, restore: () => void): HTMLButtonElement {
  const label = withName(texts.restore, serviceName);
  return h(
    'button',
    {
      className: 'minimized-app',
      attrs: { id: 'minimized-app', type: 'button', 'aria-label': label, title: label },
      on: { click: restore },
    },
    h('span', { className: 'home-shortcut-icon', text: serviceName.slice(0, 1).toUpperCase(), attrs: { 'aria-hidden': 'true' } }),
    h('span', { className: 'minimized-app-name', text: serviceName }),
  );
}
