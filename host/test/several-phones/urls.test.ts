import { describe, expect, it } from 'vitest';
import { isPhoneFrame, parsePhoneUsers, phoneFrameUrl, phonesLink, phonesUrl, singlePhoneUrl } from '../../src/several-phones/urls.js';
import { resolveState } from '../../src/state/host-state.js';
import { world } from '../world.fixture.js';

describe('several phones: users=', () => {
  it('is absent for the usual host', () => {
    expect(parsePhoneUsers('?user=Ualice', world)).toBeNull();
  });

  it('keeps known users once, in order, at most 4, and says what it left out', () => {
    expect(parsePhoneUsers('?users=Ubob,Ualice', world)).toEqual({ userIds: ['Ubob', 'Ualice'], problems: [] });
    const mixed = parsePhoneUsers('?users=Ualice,Unobody,Ualice,Ucarol', world)!;
    expect(mixed.userIds).toEqual(['Ualice', 'Ucarol']);
    expect(mixed.problems).toEqual(['unknown user Unobody', 'Ualice is listed twice']);
  });

  it('each phone loads the host for its user, the rest of the link carried over', () => {
    const url = phoneFrameUrl('?users=Ualice,Ubob&chat=UTalice-bob&context=utou&device=ios-8.10.0-11.4&tab=simulator', 'Ubob');
    const params = new URLSearchParams(url.slice(2));
    expect(params.get('user')).toBe('Ubob');
    expect(params.get('chat')).toBe('UTalice-bob');
    expect(params.get('device')).toBe('ios-8.10.0-11.4');
    expect(params.get('users')).toBeNull();
    expect(params.get('tab')).toBeNull();
    expect(isPhoneFrame(url.slice(1))).toBe(true);
    expect(isPhoneFrame('?user=Ubob')).toBe(false);
  });

  it('the link from one phone: the signed-in user and the other people of the chat', () => {
    const inRoom = resolveState(world, { userId: 'Ubob', contextType: 'room', chatId: 'Rroom1' });
    const link = phonesLink(world, inRoom);
    expect(link).toContain('users=Ubob,Ualice,Ucarol');
    expect(new URLSearchParams(link.slice(2)).get('chat')).toBe('Rroom1');
    expect(parsePhoneUsers(link.slice(1), world)?.userIds).toEqual(['Ubob', 'Ualice', 'Ucarol']);
    const home = resolveState(world, { userId: 'Ucarol', contextType: 'none' });
    expect(phonesLink(world, home)).toContain('users=Ucarol,Ualice');
  });

  it("the page's links: another set of phones keeps the rest of the link; one phone with its panels drops users=", () => {
    const search = '?users=Ualice,Ubob&chat=Rroom1&context=room&tab=simulator';
    expect(phonesUrl(search, ['Ualice', 'Ubob', 'Ucarol'])).toBe('/?users=Ualice,Ubob,Ucarol&chat=Rroom1&context=room&tab=simulator');
    expect(singlePhoneUrl(search, 'Ubob')).toBe('/?chat=Rroom1&context=room&tab=simulator&user=Ubob');
  });
});
