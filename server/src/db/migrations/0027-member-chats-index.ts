/** Migration `0027_member_chats_index`. Once shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';

/**
 * The chats a person is a member of, found by person: a bot's 1:1 chat with a user is looked up
 * on every push, reply and profile call (`BotsInChatsStore.botChatId`), and without this index that
 * lookup read every membership of the world (docs/project/benchmarks.md, "Where a request's time goes").
 */
export async function addMemberChatsIndex(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('chat_members_user').on('chat_members').columns(['user_id', 'chat_id']).execute();
}
