// The bot of the sequential benchmark (bench/lib/bot-process.mjs): over IPC, reports each message
// event whose text starts with "seq:" as `{text, replyToken, at}` (at: when the POST's body had
// arrived, ms since 1970, sub-ms).
import { serveBot } from '../lib/bot-process.mjs';

serveBot((body, at) => {
  const { events = [] } = JSON.parse(body || '{}');
  for (const e of events) {
    if (e.type === 'message' && typeof e.message?.text === 'string' && e.message.text.startsWith('seq:')) {
      process.send?.({ text: e.message.text, replyToken: e.replyToken, at });
    }
  }
});
