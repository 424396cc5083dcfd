/**
 * `embedkit say --as <userId> --in <chatId> <text>`: a user of the running embedkit's world writes
 * in a chat, as from the phone: the chat shows the message and the bots in it get the `message`
 * event through their webhooks (as the host's composer does; `send` is the bot's side).
 */
import { simulatorPath } from '#contract/simulator-api.js';
import { Command } from 'commander';
import { guarded, targetOf, urlOption, type TargetOptions } from './http.js';
import { storeUserMessage } from './user-message.js';

export function sayCommand(): Command {
  return urlOption(new Command('say'))
    .description('a user writes a text message in a chat of a running embedkit (the bots in the chat get the webhook event)')
    .argument('<text>', 'the message text')
    .requiredOption('--as <userId>', 'the user who writes (a member of the chat)')
    .requiredOption(
      '--in <chatId>',
      `the chat: a 1:1 chat with a bot, a group or a room (the host’s chat IDs, in GET ${simulatorPath('world', {})})`,
    )
    .addHelpText(
      'after',
      '\nExample (Alice to the default bot):\n  $ npx embedkit say --as U0a11ce0000000000000000000000a11c --in UBa11ce0000000000000000000000a11c "hello bot"',
    )
    .action(
      guarded('say', async (text: string, opts: TargetOptions & { as: string; in: string }) => {
        const stored = await storeUserMessage(targetOf(opts), opts.in, opts.as, text);
        process.stdout.write(`message ${stored.id} from ${opts.as} in ${stored.chatId}\n`);
      }),
    );
}
