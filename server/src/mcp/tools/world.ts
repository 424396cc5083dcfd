/**
 * The tools on the world as a whole: what it holds, and the world exported as a scenario or
 * replaced by one (a file of this machine, or the object itself).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Type } from '@sinclair/typebox';
import { ToolInputError } from '../errors.js';
import { tool } from './tool.js';

/** A scenario file of this machine as an object. @throws ToolInputError when it cannot be read or is not a JSON object */
async function scenarioFromFile(path: string): Promise<Record<string, unknown>> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    throw new ToolInputError(`Could not read the scenario file ${path}: ${(e as Error).message}`);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new ToolInputError(`${path} does not hold a JSON object`);
  return data as Record<string, unknown>;
}

export const getWorld = tool({
  name: 'get_world',
  description:
    'The simulated world: people (users), chats (1:1 chats with a bot, groups, rooms: their members and bot), channels (bots) and registered apps, and the URLs of every interface.',
  input: Type.Object({}, { additionalProperties: false }),
  run: (_args, { client }) => client.call('world'),
});

export const exportScenario = tool({
  name: 'export_scenario',
  description:
    'Today’s world as a scenario file (channels with their secrets, users, chats, apps), to load with `embedkit start --import <file>`.',
  input: Type.Object({}, { additionalProperties: false }),
  run: (_args, { client }) => client.call('scenario'),
});

export const importScenario = tool({
  name: 'import_scenario',
  description:
    'Replaces the whole world with a scenario: `path` of a scenario file on this machine (one export_scenario or `embedkit export` wrote, or one written by hand), or `scenario` as the JSON object itself; exactly one. Everything that happened is gone (messages, tokens, deliveries, rich menus, friendships made since); the simulated clock is kept; open host pages reload. A scenario with problems is refused with each problem named, and the world is left as it was. Answers the scenario loaded and how many channels, users, chats and apps the world now has.',
  input: Type.Object(
    {
      path: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'a scenario file (JSON) on this machine' })),
      scenario: Type.Optional(
        Type.Record(Type.String(), Type.Unknown(), { description: 'a scenario object: {channels, users, chats, apps, ...}' }),
      ),
    },
    { additionalProperties: false },
  ),
  run: async ({ path, scenario }, { client, seen }) => {
    if ((path === undefined) === (scenario === undefined)) throw new ToolInputError('Give exactly one of path and scenario');
    const body = path !== undefined ? { scenario: await scenarioFromFile(path), name: resolve(path) } : { scenario: scenario! };
    const answer = await client.call('resetWorld', { body });
    // The chats this session followed are gone with their messages.
    seen.clear();
    return answer;
  },
});

export const resetWorld = tool({
  name: 'reset_world',
  description:
    'Starts the world over from the scenario embedkit started with: every message, token, delivery, rich menu and change since is gone; the simulated clock is kept; open host pages reload. Answers the scenario loaded and how many channels, users, chats and apps the world now has.',
  input: Type.Object({}, { additionalProperties: false }),
  run: async (_args, { client, seen }) => {
    const answer = await client.call('resetWorld', { body: {} });
    seen.clear();
    return answer;
  },
});
