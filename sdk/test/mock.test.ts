// The SDK mock (embedkit/sdk/mock): the interface of `embed` without a host, with the
// real SDK's argument rules, settable data and errors, and a record of every call.
import { describe, expect, it, vi } from 'vitest';
import { createEmbedMock, EmbedError } from '../src/mock.js';

const init = (embed: ReturnType<typeof createEmbedMock>) => new Promise((resolve, reject) => embed.init(resolve, reject));

describe('createEmbedMock', () => {
  it('inits with the settable init data, then answers the profile and records what was sent', async () => {
    const embed = createEmbedMock({ profile: { userId: 'U1', displayName: 'Alice', statusMessage: 'hi' } });
    embed.initData = { language: 'ja', context: { type: 'group', viewType: 'full', userId: 'U1', groupId: 'C1' } };
    expect(await init(embed)).toEqual({ language: 'ja', context: { type: 'group', viewType: 'full', userId: 'U1', groupId: 'C1' } });
    expect(await embed.getProfile()).toEqual({ userId: 'U1', displayName: 'Alice', statusMessage: 'hi' });
    await embed.sendMessages([{ type: 'text', text: 'hello' }]);
    await embed.openWindow({ url: 'https://example.com/', external: true });
    await embed.closeWindow();
    expect(embed.sent).toEqual([{ type: 'text', text: 'hello' }]);
    expect(embed.opened).toEqual([{ url: 'https://example.com/', external: true }]);
    expect(embed.closed).toBe(true);
    expect(embed.calls.map((c) => [c.method, c.outcome])).toEqual([
      ['init', 'ok'],
      ['getProfile', 'ok'],
      ['sendMessages', 'ok'],
      ['openWindow', 'ok'],
      ['closeWindow', 'ok'],
    ]);
  });

  it('refuses what the SDK refuses, with the same codes and messages', async () => {
    const embed = createEmbedMock();
    await expect(embed.getProfile()).rejects.toMatchObject({
      code: 'INIT_FAILED',
      message: 'embed.getProfile: call embed.init and wait for its success callback first',
    });
    await init(embed);
    await expect(embed.sendMessages([])).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'embed.sendMessages: messages must be an array of 1 to 5 message objects',
    });
    await expect(embed.sendMessages(Array(6).fill({ type: 'text', text: 'x' }))).rejects.toBeInstanceOf(EmbedError);
    await expect(embed.openWindow({ url: 'javascript:alert(1)' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'embed.openWindow: url must be an absolute http(s) URL',
    });
    await expect(embed.sendMessages([{ type: 'text', text: 'x', f: () => 1 }] as never)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'embed.sendMessages: the argument cannot be sent to the host',
    });
    expect(() => embed.init(() => undefined, 'x' as never)).toThrow('errorCallback must be a function');
    expect(embed.sent).toEqual([]);
  });

  it('answers getAccessToken with null and a warning naming it, as the SDK does (not a method of the spec)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(createEmbedMock().getAccessToken()).toBeNull();
      expect(String(warn.mock.calls[0]?.[0])).toContain("embed.getAccessToken is not in the spec's SDK");
    } finally {
      warn.mockRestore();
    }
  });

  it.each(['INIT_FAILED', 'INTERNAL_ERROR', '400', '401', '403'] as const)('fails a method with the error set for it: %s', async (code) => {
    const embed = createEmbedMock({ errors: { sendMessages: { code, message: `no (${code})` } } });
    await init(embed);
    const error = await embed.sendMessages([{ type: 'text', text: 'x' }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbedError);
    expect(error).toMatchObject({ code, message: `no (${code})` });
    expect(embed.calls.at(-1)).toMatchObject({ method: 'sendMessages', outcome: code });
    expect(embed.sent).toEqual([]);
    // A failing init reaches the error callback.
    const failing = createEmbedMock({ errors: { init: { code: 'INIT_FAILED' } } });
    await expect(init(failing)).rejects.toMatchObject({ code: 'INIT_FAILED' });
  });

  it('reset forgets the session', async () => {
    const embed = createEmbedMock();
    await init(embed);
    await embed.sendMessages([{ type: 'text', text: 'x' }]);
    embed.reset();
    expect(embed.calls).toEqual([]);
    expect(embed.sent).toEqual([]);
    await expect(embed.getProfile()).rejects.toMatchObject({ code: 'INIT_FAILED' });
  });
});
