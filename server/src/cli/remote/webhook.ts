/**
 * `embedkit webhook set <channelId> <url>`: the webhook URL of a channel of a running embedkit
 * (simulator route `setWebhook`, what the host's Webhooks panel and the config
 * file's `webhooks` set): its bot gets the events of its chats there. `none` removes it.
 */
import { Command } from 'commander';
import { guarded, simCall, targetOf, urlOption, type TargetOptions } from './http.js';

export function webhookCommand(): Command {
  const webhook = new Command('webhook').description('set the webhook URL of a channel of a running embedkit');
  urlOption(webhook.command('set').description('point a channel’s bot at a webhook URL (none removes it)'))
    .argument('<channelId>', 'the channel (e.g. 1650000001, the default channel)')
    .argument('<url>', 'the bot’s webhook URL (http or https), or none')
    .addHelpText('after', '\nExample:\n  $ npx embedkit webhook set 1650000001 http://127.0.0.1:3000/webhook')
    .action(
      guarded('webhook', async (channelId: string, url: string, opts: TargetOptions) => {
        const t = targetOf(opts);
        const settings = await simCall(t, 'the webhook was refused', 'setWebhook', {
          params: { channelId },
          body: { url: url === 'none' ? null : url },
        });
        process.stdout.write(settings.url ? `channel ${channelId} → ${settings.url}\n` : `channel ${channelId}: no webhook\n`);
      }),
    );
  return webhook;
}
