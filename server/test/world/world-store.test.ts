// WorldStore.chat answers a chat found once from memory (one query less per
// sendMessages call); chats are only ever inserted, so the answer stays true.
import { afterEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../src/db/db.js';
import { BotsInChatsStore } from '../../src/world/bots-in-chats-store.js';
import type { Database } from '../../src/db/schema.js';
import { WorldStore } from '../../src/world/world-store.js';

let db: Kysely<Database> | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

async function world(): Promise<{ world: WorldStore; botsInChats: BotsInChatsStore }> {
  db = await openDatabase({ file: ':memory:' });
  const store = new WorldStore(db);
  await store.insertWorld({
    channels: [{ channel_id: '1650000001', name: 'Bot', secret: '0'.repeat(32), plan: 'developer-trial' } as never],
    users: [{ user_id: 'Ua', display_name: 'A' } as never, { user_id: 'Ub', display_name: 'B' } as never],
    chats: [{ chat_id: 'R1', type: 'room', name: 'Room', bot_channel_id: null, memberIds: ['Ua', 'Ub'] }],
  });
  return { world: store, botsInChats: new BotsInChatsStore(db) };
}

describe('WorldStore.chat', () => {
  it('a chat created after a lookup missed it is found', async () => {
    const { world: store, botsInChats: bots } = await world();
    expect(await store.chat('UTa-bot')).toBeUndefined();
    await bots.createBotChat('UTa-bot', '1650000001', 'Ua', 'Bot');
    expect(await store.chat('UTa-bot')).toMatchObject({
      chat_id: 'UTa-bot',
      type: 'utou',
      bot_channel_id: '1650000001',
      memberIds: ['Ua'],
    });
  });

  it('answers the same chat again, unchanged by what a caller did to an earlier answer', async () => {
    const { world: store } = await world();
    const first = (await store.chat('R1'))!;
    expect(first.memberIds).toEqual(['Ua', 'Ub']);
    first.memberIds.push('Uintruder');
    first.name = 'changed';
    expect(await store.chat('R1')).toMatchObject({ name: 'Room', memberIds: ['Ua', 'Ub'] });
  });
});
