// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { ActionDispatcher, type ActionDeps } from '../../../src/phone/chat/actions.js';
import { dateTimeInputSpec, pickedValue } from '../../../src/phone/views/pickers.js';

const CTX = { chatId: 'C1', userId: 'U1' };

function deps(over: Partial<ActionDeps['pickers']> = {}) {
  const d = {
    sendAsUser: vi.fn(async (chatId: string, userId: string, message: Record<string, unknown>) => ({
      id: '1',
      chatId,
      sender: { type: 'user' as const, id: userId, displayName: 'U' },
      message,
      timestamp: 0,
    })),
    openBrowser: vi.fn(),
    pickers: {
      dateTime: vi.fn(async () => '2025-07-04'),
      photo: vi.fn(async () => 'https://embedkit.invalid/samples/photo-city'),
      location: vi.fn(async () => ({ title: 'T', address: 'A', latitude: 1, longitude: 2 })),
      call: vi.fn(async () => null),
      ...over,
    },
    toast: vi.fn(),
    onPostback: vi.fn(),
    onSent: vi.fn(),
    onAppLink: vi.fn(),
  };
  return d;
}

describe('ActionDispatcher', () => {
  it('message: the user sends the text', async () => {
    const d = deps();
    const out = await new ActionDispatcher(d).run({ type: 'message', label: 'Yes', text: 'yes' }, CTX);
    expect(d.sendAsUser).toHaveBeenCalledWith('C1', 'U1', { type: 'text', text: 'yes' });
    expect(d.onSent).toHaveBeenCalled();
    expect(out.kind).toBe('sent');
  });

  it('postback: recorded; displayText travels with the postback, the deprecated text is sent as the user', async () => {
    const d = deps();
    const dispatcher = new ActionDispatcher(d);
    await dispatcher.run({ type: 'postback', data: 'a=1', displayText: 'Buy' }, CTX);
    // displayText is shown, not sent: the server stores it with the postback, without a message event.
    expect(d.sendAsUser).not.toHaveBeenCalled();
    expect(d.onPostback).toHaveBeenCalledWith({ chatId: 'C1', userId: 'U1', data: 'a=1', displayText: 'Buy' });
    await dispatcher.run({ type: 'postback', data: 'b=2' }, CTX);
    expect(d.sendAsUser).not.toHaveBeenCalled();
    await dispatcher.run({ type: 'postback', data: 'c=3', text: 'Old style' }, CTX);
    expect(d.sendAsUser).toHaveBeenCalledWith('C1', 'U1', { type: 'text', text: 'Old style' });
    expect(dispatcher.postbacks.map((p) => p.data)).toEqual(['a=1', 'b=2', 'c=3']);
  });

  it('datetimepicker: the picked value comes back as params', async () => {
    const d = deps();
    await new ActionDispatcher(d).run({ type: 'datetimepicker', data: 'd', mode: 'date' }, CTX);
    expect(d.onPostback).toHaveBeenCalledWith({ chatId: 'C1', userId: 'U1', data: 'd', params: { date: '2025-07-04' } });
    const cancelled = deps({ dateTime: vi.fn(async () => null) });
    expect((await new ActionDispatcher(cancelled).run({ type: 'datetimepicker', data: 'd', mode: 'time' }, CTX)).kind).toBe('cancelled');
    expect(cancelled.onPostback).not.toHaveBeenCalled();
  });

  it('uri: http(s) in the in-app browser, tel: the call screen, app links the app, the rest blocked', async () => {
    const d = deps();
    const dispatcher = new ActionDispatcher(d);
    await dispatcher.run({ type: 'uri', uri: 'https://example.com' }, CTX);
    expect(d.openBrowser).toHaveBeenCalledWith('https://example.com/');
    await dispatcher.run({ type: 'uri', uri: 'tel:0312345678' }, CTX);
    expect(d.pickers.call).toHaveBeenCalledWith('0312345678');
    await dispatcher.run({ type: 'uri', uri: 'embedkit://app/1650000001-demoapp1' }, CTX);
    expect(d.onAppLink).toHaveBeenCalledWith('1650000001-demoapp1');
    expect((await dispatcher.run({ type: 'uri', uri: 'javascript:alert(1)' }, CTX)).kind).toBe('blocked');
    expect(d.openBrowser).toHaveBeenCalledTimes(1);
  });

  it('camera and location: the pick is sent as an image or location message', async () => {
    const d = deps();
    const dispatcher = new ActionDispatcher(d);
    await dispatcher.run({ type: 'camera', label: 'Camera' }, CTX);
    expect(d.sendAsUser).toHaveBeenLastCalledWith('C1', 'U1', {
      type: 'image',
      originalContentUrl: 'https://embedkit.invalid/samples/photo-city',
      previewImageUrl: 'https://embedkit.invalid/samples/photo-city',
    });
    await dispatcher.run({ type: 'location', label: 'Location' }, CTX);
    expect(d.sendAsUser).toHaveBeenLastCalledWith('C1', 'U1', { type: 'location', title: 'T', address: 'A', latitude: 1, longitude: 2 });
  });

  it('without a chat (the preview) nothing is sent; a failure is a toast, not a throw', async () => {
    const d = deps();
    expect((await new ActionDispatcher(d).run({ type: 'message', text: 'x' }, null)).kind).toBe('preview');
    expect(d.sendAsUser).not.toHaveBeenCalled();
    const failing = deps();
    failing.sendAsUser.mockRejectedValueOnce(new Error('400: bad'));
    expect(await new ActionDispatcher(failing).run({ type: 'message', text: 'x' }, CTX)).toEqual({ kind: 'failed', reason: '400: bad' });
    expect(failing.toast).toHaveBeenCalledWith('Action failed: 400: bad', 'error');
  });
});

describe('date/time picker inputs', () => {
  const now = new Date(2025, 5, 15, 9, 5);

  it('honours initial, min and max; t is read as T', () => {
    expect(dateTimeInputSpec('datetime', { initial: '2025-06-20t10:00', min: '2025-06-01T00:00', max: '2025-06-30T23:59' }, now)).toEqual({
      type: 'datetime-local',
      value: '2025-06-20T10:00',
      min: '2025-06-01T00:00',
      max: '2025-06-30T23:59',
      param: 'datetime',
    });
  });

  it('defaults to now and to the spec ranges; ignores malformed values', () => {
    expect(dateTimeInputSpec('date', { initial: 'tomorrow' }, now)).toEqual({
      type: 'date',
      value: '2025-06-15',
      min: '1900-01-01',
      max: '2100-12-31',
      param: 'date',
    });
    expect(dateTimeInputSpec('time', {}, now)).toMatchObject({ type: 'time', value: '09:05', min: '00:00', max: '23:59' });
  });

  it('keeps the picked value inside the range, cutting seconds', () => {
    const spec = dateTimeInputSpec('time', { min: '08:00', max: '18:00' }, now);
    expect(pickedValue(spec, '09:30:00')).toBe('09:30');
    expect(pickedValue(spec, '19:00')).toBeNull();
    expect(pickedValue(spec, '')).toBeNull();
  });
});
