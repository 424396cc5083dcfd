// The registry of webhook event types (contract/src/event-types.ts) and the tables that
// must know every type: the v1 forms (webhooks/v1-callbacks.ts) and `embedkit trigger`'s flags and
// drafts (cli/remote/trigger.ts). The compiler demands an entry of each for every type of the registry;
// the cases below widen the union by one name, as adding an entry to the registry would.
import { describe, expect, it } from 'vitest';
import { TRIGGER_EVENTS, TRIGGER_TABLE, TriggerError, triggerDraft, type TriggerTable } from '../../src/webhooks/triggers.js';
import { SIMULATOR_API, type SimulatorRoute } from '#contract/simulator-api.js';
import { draftOf, EVENT_TYPE_NAMES, EVENT_TYPES, isRepliable, type EventType } from '#contract/event-types.js';
import { userSource } from '../../src/webhooks/events.js';
import { V1_FORMS, type V1Forms } from '../../src/webhooks/v1-callbacks.js';

/** The registry with one more type, as a new entry would make it. */
type Added = EventType | 'poke';

describe('the registry of event types', () => {
  it('lists the types of today, in the order trigger names them', () => {
    expect(EVENT_TYPE_NAMES).toEqual([
      'message',
      'follow',
      'unfollow',
      'join',
      'leave',
      'postback',
      'beacon',
      'accountLink',
      'unsend',
      'memberJoined',
      'memberLeft',
      'delivery',
      'membership',
      'videoPlayComplete',
      'module',
      'activated',
      'deactivated',
      'botSuspended',
      'botResumed',
    ]);
    expect(TRIGGER_EVENTS).toEqual(EVENT_TYPE_NAMES);
  });

  it('says which carry a reply token (accountLink only when the link is ok)', () => {
    const source = userSource('U1');
    const drafts = [
      draftOf('message', source, { id: '1', type: 'text', text: 'x' }),
      draftOf('follow', source, false),
      draftOf('unfollow', source),
      draftOf('join', source),
      draftOf('leave', source),
      draftOf('postback', source, 'a=1'),
      draftOf('beacon', source, { hwid: 'h', type: 'enter' }),
      draftOf('accountLink', source, 'ok', 'n'),
      draftOf('accountLink', source, 'failed', 'n'),
      draftOf('unsend', source, '1'),
      draftOf('memberJoined', source, ['U1']),
      draftOf('memberLeft', source, ['U1']),
      draftOf('delivery', source, 'd'),
      draftOf('membership', source, 'joined', 1),
      draftOf('videoPlayComplete', source, 't'),
      draftOf('module', null, { type: 'attached', botId: 'U1', scopes: ['message:send'] }),
      draftOf('activated', source, 1),
      draftOf('deactivated', source),
      draftOf('botSuspended', null),
      draftOf('botResumed', null),
    ];
    expect(drafts.map((d) => `${d.type}:${isRepliable(d)}`)).toEqual([
      'message:true',
      'follow:true',
      'unfollow:false',
      'join:true',
      'leave:false',
      'postback:true',
      'beacon:true',
      'accountLink:true',
      'accountLink:false',
      'unsend:false',
      'memberJoined:true',
      'memberLeft:false',
      'delivery:false',
      'membership:true',
      'videoPlayComplete:true',
      'module:false',
      'activated:false',
      'deactivated:false',
      'botSuspended:false',
      'botResumed:false',
    ]);
  });

  it('names the simulator routes that cause each type, as the routes’ summaries do', () => {
    // A route whose summary names its events "(event: x)" / "(events: x, y)" is among each one's causes.
    for (const [route, spec] of Object.entries(SIMULATOR_API)) {
      const named = /\(events?: ([^)]+)\)/.exec(spec.summary)?.[1]?.split(', ') ?? [];
      for (const type of named) expect(EVENT_TYPES[type as EventType].causedBy, `${route} → ${type}`).toContain(route);
    }
    for (const type of EVENT_TYPE_NAMES) {
      // A type no person causes in the host (delivery: a bot's own call) says what causes it.
      if (EVENT_TYPES[type].causedBy.length === 0) expect(EVENT_TYPES[type].note, type).toEqual(expect.any(String));
      for (const route of EVENT_TYPES[type].causedBy) expect(Object.keys(SIMULATOR_API)).toContain(route satisfies SimulatorRoute);
    }
  });
});

describe('the tables over the registry', () => {
  it('have an entry of every type, and only of them', () => {
    expect(Object.keys(TRIGGER_TABLE)).toEqual(EVENT_TYPE_NAMES);
    expect(Object.keys(V1_FORMS)).toEqual(EVENT_TYPE_NAMES);
  });

  it('do not compile without the entry of a type added to the registry', () => {
    // @ts-expect-error trigger has no flags and draft for poke
    const trigger: TriggerTable<Added> = TRIGGER_TABLE;
    // @ts-expect-error the v1 forms have no decision for poke
    const v1: V1Forms<Added> = V1_FORMS;
    // With the entries, both compile.
    const withPoke: [TriggerTable<Added>, V1Forms<Added>] = [
      { ...TRIGGER_TABLE, poke: { place: 'any', flags: [] } },
      { ...V1_FORMS, poke: null },
    ];
    // A type without a v1 form says so (null); leaving it out is no decision.
    // @ts-expect-error undefined is not a decision
    const undecided: V1Forms = { ...V1_FORMS, leave: undefined };
    const { beacon: _beacon, ...noBeacon } = TRIGGER_TABLE;
    // @ts-expect-error a type of the registry without its trigger entry
    const missing: TriggerTable = noBeacon;
    expect([trigger, v1, withPoke, undecided, missing]).toHaveLength(5);
  });

  it('trigger: each flag belongs to one type', () => {
    const flags = EVENT_TYPE_NAMES.flatMap((t) => TRIGGER_TABLE[t].flags.map((f) => f.flags.split(' ')[0]));
    expect(new Set(flags).size).toBe(flags.length);
  });

  it('trigger refuses an unknown type with the list of known ones, and a type in the wrong place', () => {
    const options = { user: 'U1', text: 't', data: 'd', hwid: 'h', beaconType: 'enter', nonce: 'n', result: 'ok' as const };
    expect(() => triggerDraft('poke', options)).toThrow(new TriggerError(`unknown event poke: use one of ${EVENT_TYPE_NAMES.join(', ')}`));
    expect(() => triggerDraft('memberLeft', options)).toThrow(/a memberLeft event happens in a group or a room/);
    expect(() => triggerDraft('beacon', { ...options, room: 'R1' })).toThrow(/a beacon event comes from a user: drop --group/);
    expect(triggerDraft('unsend', { ...options, group: 'C1', messageId: '7' })).toEqual({
      type: 'unsend',
      source: { type: 'group', groupId: 'C1', userId: 'U1' },
      fields: { unsend: { messageId: '7' } },
    });
  });
});
