// Which call a fault rule names: a published operation by its operationId (the most literal path
// wins where several patterns match), a simulator route by its name, a path glob.
import { describe, expect, it } from 'vitest';
import { globPattern, operationOf } from '../../src/faults/rules.js';

describe('the operation of a call', () => {
  it('is the published operationId of the most literal matching path', () => {
    expect(operationOf('POST', '/v2/bot/message/push')).toBe('pushMessage');
    expect(operationOf('GET', '/v2/bot/richmenu/list')).toBe('getRichMenuList');
    expect(operationOf('GET', '/v2/bot/richmenu/richmenu-0123')).toBe('getRichMenu');
    expect(operationOf('DELETE', '/v2/bot/message/push')).toBeUndefined();
  });

  it('is the simulator route name under the simulator prefix', () => {
    expect(operationOf('GET', '/embedkit/v1/world')).toBe('world');
    expect(operationOf('POST', '/embedkit/v1/chats/C1/messages')).toBe('sendMessage');
  });
});

describe('a path glob', () => {
  it('matches one segment with * and the rest with a trailing /**', () => {
    expect(globPattern('/v2/bot/message/*').test('/v2/bot/message/push')).toBe(true);
    expect(globPattern('/v2/bot/message/*').test('/v2/bot/message/push/x')).toBe(false);
    expect(globPattern('/v2/bot/**').test('/v2/bot/message/push')).toBe(true);
    expect(globPattern('/v2/bot/**').test('/v2/bot')).toBe(true);
    expect(globPattern('/v2/bot/**').test('/v2/botx')).toBe(false);
    expect(globPattern('/v1/time').test('/v1/time')).toBe(true);
  });
});
