// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { clientFeatures, type Device } from '../src/device.js';
import { renderFlex } from '../src/flex/render.js';
import { renderQuickReply } from '../src/chat/render.js';

const bubble = {
  type: 'bubble',
  body: {
    type: 'box',
    layout: 'vertical',
    action: { type: 'postback', label: 'Open', data: 'box' },
    contents: [{ type: 'text', text: 'one two three four five six seven eight nine ten', wrap: true, maxLines: 2 }],
  },
};
const old: Device = { platform: 'ios', appVersion: '8.10.0', osVersion: '11.4' };
const current: Device = { platform: 'ios', appVersion: '8.11.0', osVersion: '11.4' };

describe('a flex message on clients before and after 8.11.0 (spec Versioning)', () => {
  it('8.11.0: the box is tappable and the text clamped to maxLines', () => {
    const onAction = vi.fn();
    const node = renderFlex(bubble, { onAction, client: clientFeatures(current) });
    const box = node.querySelector<HTMLElement>('[data-action-type="postback"]')!;
    expect(box).not.toBeNull();
    expect(node.querySelector('[data-max-lines="2"]')).not.toBeNull();
    box.click();
    expect(onAction).toHaveBeenCalledWith(bubble.body.action);
  });

  it('8.10.0: the box action and maxLines are ignored, each part says why', () => {
    const onAction = vi.fn();
    const node = renderFlex(bubble, { onAction, client: clientFeatures(old) });
    expect(node.querySelector('[data-action-type]')).toBeNull();
    expect(node.querySelector('[data-max-lines]')).toBeNull();
    const box = node.querySelector<HTMLElement>('[data-unsupported="action"]')!;
    expect(box.title).toContain('needs the mobile app 8.11.0');
    expect(node.querySelector<HTMLElement>('[data-unsupported="maxLines"]')!.title).toContain('maxLines');
    box.click();
    expect(onAction).not.toHaveBeenCalled();
  });
});

describe('quick reply on an older client', () => {
  const message = { type: 'text', text: 'Pick', quickReply: { items: [{ type: 'action', action: { type: 'message', label: 'Yes', text: 'Yes' } }] } };

  it('8.11.0 shows the buttons; 8.10.0 and desktop show a note with the rule instead', () => {
    expect(renderQuickReply(message, { onAction: () => undefined, client: clientFeatures(current) })!.querySelectorAll('button.quick-reply')).toHaveLength(1);
    const note = renderQuickReply(message, { onAction: () => undefined, client: clientFeatures(old) })!;
    expect(note.querySelector('button')).toBeNull();
    expect(note.textContent).toBe('1 quick reply button not shown on this client');
    expect(note.title).toContain('8.11.0');
    const desk = renderQuickReply(message, { onAction: () => undefined, client: clientFeatures({ platform: 'desktop', appVersion: '9.0.0', osVersion: '14' }) })!;
    expect(desk.title).toContain('not available on Desktop');
  });
});
