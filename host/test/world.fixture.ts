/** A small world shaped like `GET /embedkit/v1/world`, shared by the host's unit tests. */
import type { World } from '../src/world.js';

export const world: World = {
  channels: [{ channelId: '1000000001', name: 'Demo channel' }],
  users: [
    { userId: 'Ualice', displayName: 'Alice', pictureUrl: 'http://localhost/embedkit/v1/users/Ualice/picture' },
    { userId: 'Ubob', displayName: 'Bob' },
    { userId: 'Ucarol', displayName: 'Carol' },
  ],
  chats: [
    { chatId: 'UTalice-bob', type: 'utou', name: 'Bob', memberIds: ['Ualice', 'Ubob'] },
    { chatId: 'UTbob-carol', type: 'utou', name: 'Carol', memberIds: ['Ubob', 'Ucarol'] },
    { chatId: 'Rroom1', type: 'room', name: 'Lunch', memberIds: ['Ualice', 'Ubob', 'Ucarol'] },
    { chatId: 'Cgroup1', type: 'group', name: 'Team', memberIds: ['Ubob', 'Ucarol'] },
  ],
  apps: [
    {
      embedId: '1000000001-demo',
      channelId: '1000000001',
      name: 'Demo app',
      view: { type: 'tall', url: 'http://127.0.0.1:3000/demo/app/' },
    },
    {
      embedId: '1000000001-full',
      channelId: '1000000001',
      name: 'Full app',
      view: { type: 'full', url: 'http://127.0.0.1:3000/demo/app/' },
    },
  ],
  defaults: { userId: 'Ualice', language: 'en', embedId: '1000000001-demo' },
};
