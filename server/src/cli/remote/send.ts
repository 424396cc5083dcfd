/**
 * `embedkit send <file.json> --to <userId|groupId|roomId>`: validates a message file (as
 * `validate` does) and pushes it as the channel's bot (`POST /v2/bot/message/push`) to a running
 * embedkit, where the chat shows it.
 */
import { Command } from 'commander';
import { botCall, channelOptions, CliError, guarded, issueToken, reason, targetOf, type TargetOptions } from './http.js';
import { asMessagesBody, readJsonFile, validateMessages } from '../validate.js';

export function sendCommand(): Command {
  return channelOptions(new Command('send'))
    .description('validate a message file and push it as the bot to a user, group or room of a running embedkit')
    .argument('<file>', 'JSON file: a message, an array of up to 5, or a body with messages')
    .requiredOption('--to <id>', 'user ID, group ID or room ID')
    .addHelpText('after', '\nExample:\n  $ npx embedkit send welcome.json --to U0a11ce0000000000000000000000a11c')
    .action(
      guarded('send', async (file: string, opts: TargetOptions & { to: string }) => {
        let data: unknown;
        try {
          data = readJsonFile(file);
        } catch (e) {
          throw new CliError((e as Error).message);
        }
        const details = validateMessages(data);
        if (details)
          throw new CliError(`${file} is invalid:\n${details.map((d) => `  ${d.property ?? '(body)'}: ${d.message}`).join('\n')}`);
        const t = targetOf(opts);
        const { messages } = asMessagesBody(data) as { messages: unknown[] };
        const res = await botCall(t, 'POST', '/v2/bot/message/push', { token: await issueToken(t), json: { to: opts.to, messages } });
        if (res.status !== 200) throw new CliError(`the push was refused: ${reason(res)}`);
        process.stdout.write(`sent ${messages.length} message(s) to ${opts.to}\n`);
      }),
    );
}
