/** Migration `0026_video_play_completes`. Once shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * The people who watched a bot's video message with a `trackingId` to its end (published
 * `webhook.yml` VideoPlayCompleteEvent: the bot hears it once per person and message): one row per
 * message and person, with when (ms on the simulated clock). Goes with its message.
 */
export async function addVideoPlayCompletes(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('video_play_completes')
    .addColumn('message_id', T.int, (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('completed_at', T.int, (c) => c.notNull())
    .addPrimaryKeyConstraint('video_play_completes_pk', ['message_id', 'user_id'])
    .execute();
}
