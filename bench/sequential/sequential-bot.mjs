// The bot of the sequential benchmark, in its own process as a real bot is: answers every webhook
// POST with 200 at once and, over IPC, reports each message event whose text starts with "seq:"
// as `{text, replyToken, at}` (at: when the POST's body had arrived, ms since 1970, sub-ms).
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = performance.timeOrigin + performance.now();
    res.end('{}');
    const { events = [] } = JSON.parse(Buffer.concat(chunks).toString() || '{}');
    for (const e of events) {
      if (e.type === 'message' && typeof e.message?.text === 'string' && e.message.text.startsWith('seq:')) {
        process.send({ text: e.message.text, replyToken: e.replyToken, at });
      }
    }
  });
});
server.listen(0, '127.0.0.1', () => process.send({ url: `http://127.0.0.1:${server.address().port}/webhook` }));
process.on('disconnect', () => process.exit(0));
