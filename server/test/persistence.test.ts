// State persists in the data directory across restarts; the demo app follows the port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, expect, it } from 'vitest';
import { makeKit, userToken, UTOU } from './helpers.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

it('keeps messages and apps across a restart and moves the demo app to the new origin', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'embedkit-'));
  dirs.push(dataDir);
  const first = await makeKit({ inMemory: false, dataDir, demoOrigin: 'http://127.0.0.1:1111' });
  const token = await userToken(first);
  expect(
    (
      await request(first.app)
        .post('/message/v3/share')
        .set({ Authorization: `Bearer ${token}` })
        .send({ messages: [{ type: 'text', text: 'kept' }] })
    ).status,
  ).toBe(200);
  await first.close();

  const second = await makeKit({ inMemory: false, dataDir, demoOrigin: 'http://127.0.0.1:2222' });
  const messages = (await request(second.app).get(`/embedkit/v1/chats/${UTOU}/messages`)).body.messages;
  expect(messages.map((m: { message: { text: string } }) => m.message.text)).toEqual(['kept']);
  const world = (await request(second.app).get('/embedkit/v1/world')).body;
  expect(world.apps[0].view.url).toBe('http://127.0.0.1:2222/demo/app/');
  // The token issued before the restart still works: tokens live in the database too.
  expect(
    (
      await request(second.app)
        .get('/v2/profile')
        .set({ Authorization: `Bearer ${token}` })
    ).status,
  ).toBe(200);
  await second.close();
});

it('rejects an invalid scenario with every problem named', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'embedkit-'));
  dirs.push(dir);
  const file = join(dir, 'bad.json');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(file, JSON.stringify({ channels: [{ channelId: 'x', name: 'n', secret: 's' }], users: [], chats: [], apps: [] }));
  await expect(makeKit({ scenarioFile: file })).rejects.toThrow(/channels\[0\]\.channelId[\s\S]*users/);
});
