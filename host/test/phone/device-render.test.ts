// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { clientFeatures, type Device } from '../../src/phone/device.js';
import { renderFlex } from '../../src/phone/flex/render.js';
import { renderQuickReply } from '../../src/phone/chat/render.js';
import { ActionDispatcher, type ActionDeps } from '../../src/phone/chat/actions.js';
import { RichMenuBar } from '../../src/phone/chat/rich-menu.js';

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
  const message = {
    type: 'text',
    text: 'Pick',
    quickReply: { items: [{ type: 'action', action: { type: 'message', label: 'Yes', text: 'Yes' } }] },
  };

  it('8.11.0 shows the buttons; 8.10.0 and desktop show a note with the rule instead', () => {
    expect(
      renderQuickReply(message, { onAction: () => undefined, client: clientFeatures(current) })!.querySelectorAll('button.quick-reply'),
    ).toHaveLength(1);
    const note = renderQuickReply(message, { onAction: () => undefined, client: clientFeatures(old) })!;
    expect(note.querySelector('button')).toBeNull();
    expect(note.textContent).toBe('1 quick reply button not shown on this client');
    expect(note.title).toContain('8.11.0');
    const desk = renderQuickReply(message, {
      onAction: () => undefined,
      client: clientFeatures({ platform: 'desktop', appVersion: '9.0.0', osVersion: '14' }),
    })!;
    expect(desk.title).toContain('not available on Desktop');
  });
});

describe('the datetime picker on clients before its minimum version (iOS 7.9.0, Android 7.12.0)', () => {
  const picker = { type: 'datetimepicker', data: 'd', mode: 'date' };
  const run = async (device: Device) => {
    const dateTime = vi.fn(async () => '2025-07-04');
    const d = {
      sendAsUser: vi.fn(),
      openBrowser: vi.fn(),
      pickers: { dateTime, photo: vi.fn(), location: vi.fn(), call: vi.fn() },
      toast: vi.fn(),
      onPostback: vi.fn(),
      onSent: vi.fn(),
      client: () => clientFeatures(device),
    };
    const outcome = await new ActionDispatcher(d as unknown as ActionDeps).run(picker, { chatId: 'C1', userId: 'U1' });
    return {
      outcome,
      opened: dateTime.mock.calls.length,
      posted: d.onPostback.mock.calls.length,
      toast: String(d.toast.mock.calls[0]?.[0] ?? ''),
    };
  };

  it('Android 7.11.0 and desktop: no picker, no postback, the rule in the toast; Android 7.12.0: the picker', async () => {
    const old = await run({ platform: 'android', appVersion: '7.11.0', osVersion: '7.1' });
    expect(old).toMatchObject({ opened: 0, posted: 0, outcome: { kind: 'blocked' } });
    expect(old.toast).toContain('needs Android 7.12.0');
    expect(await run({ platform: 'desktop', appVersion: '9.0.0', osVersion: '14' })).toMatchObject({ opened: 0, posted: 0 });
    expect(await run({ platform: 'android', appVersion: '7.12.0', osVersion: '7.1' })).toMatchObject({ opened: 1, posted: 1 });
  });
});

describe('rich menu action labels (iOS 8.2.0)', () => {
  const menu = {
    richMenuId: 'rm1',
    size: { width: 2500, height: 843 },
    selected: true,
    name: 'm',
    chatBarText: 'Menu',
    areas: [{ bounds: { x: 0, y: 0, width: 2500, height: 843 }, action: { type: 'message', label: 'Order', text: 'order' } }],
  };
  const areaOn = async (device: Device) => {
    const bar = new RichMenuBar({
      getJson: async () => ({ richMenu: menu }),
      run: () => undefined,
      postback: async () => undefined,
      client: () => clientFeatures(device),
    });
    bar.show({ chatId: 'UB1', type: 'utou', name: 'Bot', memberIds: ['U1'], bot: '1650000001' }, 'U1');
    await vi.waitFor(() => expect(bar.root.querySelector('.rich-menu-area')).not.toBeNull());
    const area = bar.root.querySelector<HTMLElement>('.rich-menu-area')!;
    bar.show(null, 'U1');
    return area;
  };

  it('iOS 8.2.0 reads the label; iOS 8.1.0 and Android name the area only, the rule as its tooltip', async () => {
    expect((await areaOn({ platform: 'ios', appVersion: '8.2.0', osVersion: '11.4' })).getAttribute('aria-label')).toBe('Order');
    const old = await areaOn({ platform: 'ios', appVersion: '8.1.0', osVersion: '11.2' });
    expect(old.getAttribute('aria-label')).toBe('Area 1');
    expect(old.title).toContain('iOS 8.2.0');
    expect((await areaOn({ platform: 'android', appVersion: '14.0.0', osVersion: '14' })).getAttribute('aria-label')).toBe('Area 1');
  });
});
