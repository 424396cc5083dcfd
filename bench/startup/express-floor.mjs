// The start-up floor (`npm run bench -- startup`): a bare Express app on the same Node.js, listening
// on a free port and printing a ready line as embedkit does. What any Express server pays to start.
import express from 'express';

const app = express();
app.get('/', (_req, res) => res.json({}));
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`embedkit ready: http://127.0.0.1:${server.address().port}/\n`);
});
