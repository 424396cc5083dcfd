/** A small world shaped like `GET /embedkit/v1/world`, and a host state in it, shared by the host's unit tests. */
import { DEFAULT_DEVICE } from '../src/phone/device.js';
import { DEFAULT_SCOPES, type HostState } from '../src/state/host-state.js';
import type { World } from '../src/state/world.js';

/** The origins and header prefix of a world (what the server adds to the scenario), for the tests' own worlds too. */
export const ORIGINS: Pick<World, 'urls' | 'headerPrefix'> = {
  urls: {
    base: 'http://127.0.0.1:8080',
    deprecated: 'http://127.0.0.1:8081',
    trialbot: 'http://127.0.0.1:8082',
    blockchain: 'http://127.0.0.1:8083',
    linepay: 'http://127.0.0.1:8084',
  },
  headerPrefix: 'X-Service-',
};

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
  ...ORIGINS,
};

/** Alice in her 1:1 chat with Bob, with the demo app in its tall view, the default scopes and a current client. */
export const aliceWithBob: HostState = {
  userId: 'Ualice',
  embedId: '1000000001-demo',
  viewType: 'tall',
  contextType: 'utou',
  chatId: 'UTalice-bob',
  language: 'en',
  scopes: [...DEFAULT_SCOPES],
  device: { ...DEFAULT_DEVICE },
  launch: 'in-client',
};
