/**
 * `template` (spec part B "Template"): buttons, confirm, carousel (columns side by side, swiped
 * horizontally) and image carousel. Texts are `textContent`; colors pass `safeColor`; pictures
 * pass `mediaSrc`; buttons hand their action to `onAction`.
 */
import { h } from '../../../shared/dom.js';
import { safeColor } from '../../../shared/safe.js';
import type { Action } from '../../chat/actions.js';
import { enableSwipe } from '../../chat/swipe.js';
import type { DrawContext, Json, KindView } from '../kind.js';
import { altTextPreview, messageImage, obj, str, tappable } from '../parts.js';

/** Renders `template` of a template message; an unknown template type → `null` (the caller shows altText). */
function renderTemplate(template: Json, handlers: DrawContext): HTMLElement | null {
  switch (template.type) {
    case 'buttons':
      return renderColumn(template, template, handlers, 'm-card m-template m-buttons');
    case 'confirm':
      return renderConfirm(template, handlers);
    case 'carousel': {
      const columns = arr(template.columns).slice(0, 10);
      const cards = columns.map((c) => renderColumn(obj(c) ?? {}, template, handlers, 'm-card m-template m-column'));
      return scroller('m-carousel', cards);
    }
    case 'image_carousel': {
      const columns = arr(template.columns).slice(0, 10);
      return scroller(
        'm-image-carousel',
        columns.map((c) => renderImageColumn(obj(c) ?? {}, handlers)),
      );
    }
    default:
      return null;
  }
}

/** A horizontal scroller holding `items`: `.m-scroller` > `.m-scroller-inner`. */
function scroller(className: string, items: HTMLElement[]): HTMLElement {
  return enableSwipe(h('div', { className: `m-scroller ${className}` }, h('div', { className: 'm-scroller-inner' }, ...items)));
}

/**
 * A buttons template, or one column of a carousel (`shared` holds the carousel's
 * `imageAspectRatio` and `imageSize`, which apply to every column): thumbnail, title, text, and
 * the action buttons. `defaultAction` makes the image, title and text area tappable.
 */
function renderColumn(column: Json, shared: Json, handlers: DrawContext, className: string): HTMLElement {
  const node = h('div', { className });
  const defaultAction = action(column.defaultAction);
  const run = defaultAction ? () => handlers.onAction(defaultAction) : null;
  if (typeof column.thumbnailImageUrl === 'string') {
    const square = shared.imageAspectRatio === 'square';
    const frame = h(
      'div',
      { className: `m-tpl-image ${square ? 'square' : 'rectangle'}` },
      messageImage(column.thumbnailImageUrl, `m-tpl-img ${shared.imageSize === 'contain' ? 'contain' : 'cover'}`),
    );
    frame.style.backgroundColor = safeColor(column.imageBackgroundColor) ?? '#ffffff';
    node.append(run ? tappable(frame, str(defaultAction?.label), run) : frame);
  }
  const content = h(
    'div',
    { className: 'm-tpl-content' },
    typeof column.title === 'string' && column.title ? h('div', { className: 'm-tpl-title', text: column.title }) : null,
    h('div', { className: 'm-tpl-text', text: str(column.text) }),
  );
  node.append(run ? tappable(content, str(defaultAction?.label), run) : content);
  node.append(actionList(arr(column.actions), handlers, 'm-tpl-actions'));
  return node;
}

/** A confirm template: the text, then its two buttons side by side. */
function renderConfirm(template: Json, handlers: DrawContext): HTMLElement {
  return h(
    'div',
    { className: 'm-card m-template m-confirm' },
    h('div', { className: 'm-tpl-content' }, h('div', { className: 'm-tpl-text', text: str(template.text) })),
    actionList(arr(template.actions).slice(0, 2), handlers, 'm-tpl-actions m-row'),
  );
}

/** One image of an image carousel: the square picture with the action's label over its foot. */
function renderImageColumn(column: Json, handlers: DrawContext): HTMLElement {
  const a = action(column.action);
  const label = str(a?.label);
  const node = h(
    'div',
    { className: 'm-image-column' },
    messageImage(column.imageUrl, 'm-image-column-img'),
    label ? h('span', { className: 'm-image-label', text: label }) : null,
  );
  if (a) {
    node.dataset.actionType = str(a.type);
    tappable(node, label, () => handlers.onAction(a));
  }
  return node;
}

/** The action buttons of a template: `button.m-tpl-action[data-action-type]` with the label. */
function actionList(actions: unknown[], handlers: DrawContext, className: string): HTMLElement {
  const list = h('div', { className });
  for (const raw of actions) {
    const a = action(raw);
    if (!a) continue;
    list.append(
      h('button', {
        className: 'm-tpl-action',
        text: str(a.label),
        attrs: { type: 'button', 'data-action-type': str(a.type) },
        on: {
          click: (event) => {
            event.stopPropagation();
            handlers.onAction(a);
          },
        },
      }),
    );
  }
  return list;
}

function action(v: unknown): Action | undefined {
  const a = obj(v);
  return a && typeof a.type === 'string' ? a : undefined;
}

function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/**
 * `template`: labelled with its template type ("Template · buttons"); carousels take the chat's
 * full width; an unknown template type shows the plain card. The chat list shows its `altText`.
 */
export const template: KindView = {
  label: (m) => {
    const t = obj(m.template);
    return t && typeof t.type === 'string' ? `Template · ${t.type}` : 'Template';
  },
  draw: (m, context) => {
    const t = obj(m.template);
    const node = t ? renderTemplate(t, context) : null;
    return node ? { node, wide: t?.type === 'carousel' || t?.type === 'image_carousel' } : null;
  },
  preview: altTextPreview,
};
