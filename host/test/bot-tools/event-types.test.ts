/**
 * The host's entry of each webhook event type (host/src/bot-tools/event-types.ts): where a person causes it
 * and its name in the tools. Typed over the registry's union (contract/src/event-types.ts),
 * so a type added to the registry does not compile until the host has its entry.
 */
import { describe, expect, it } from 'vitest';
import { HOST_EVENTS, type HostEventTable } from '../../src/bot-tools/event-types.js';
import { EVENT_TYPE_NAMES, EVENT_TYPES, type EventType } from '#contract/event-types.js';

describe('the host’s event types', () => {
  it('has an entry of every type of the registry, with its label', () => {
    expect(Object.keys(HOST_EVENTS)).toEqual(EVENT_TYPE_NAMES);
    for (const type of EVENT_TYPE_NAMES) {
      expect(HOST_EVENTS[type].label).toBe(EVENT_TYPES[type].label);
      expect(HOST_EVENTS[type].where).not.toBe('');
    }
  });

  it('does not compile without the entry of a type added to the registry', () => {
    // @ts-expect-error the host does not say where poke is caused
    const added: HostEventTable<EventType | 'poke'> = HOST_EVENTS;
    const { unsend: _unsend, ...noUnsend } = HOST_EVENTS;
    // @ts-expect-error a type of the registry without its host entry
    const missing: HostEventTable = noUnsend;
    expect([added, missing]).toHaveLength(2);
  });
});
