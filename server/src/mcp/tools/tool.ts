/**
 * What every tool of `embedkit mcp` is made of: its shape (name, description, input schema, what it
 * runs), the context it runs with, and the input fields that name things of the world, worded the
 * same in every tool so the agent knows where to find their values.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { SimulatorClient } from '#contract/client.js';

/** What a tool runs with: the simulator client of one embedkit, and what this agent's session has seen. */
export interface ToolContext {
  client: SimulatorClient;
  /** Per chat, the id of the last message this session said or waited for: a reply is what a bot stores after it. */
  seen: Map<string, string>;
}

/** One tool: its name and description for the agent, its input schema, and what it does. */
export interface McpTool<S extends TSchema = TSchema> {
  name: string;
  description: string;
  input: S;
  /** Answers the tool's structured result. @throws HttpError with the simulator API's message when a call is refused */
  run(args: Static<S>, ctx: ToolContext): Promise<unknown>;
}

export const Id = (description: string) => Type.String({ minLength: 1, maxLength: 100, description });
export const ChatId = Id('a chat ID of the world (get_world: chats[].chatId): a 1:1 chat with a bot, a group or a room');
export const UserId = Id('the person (get_world: users[].userId), a member of the chat');
export const ChannelId = Id('a channel ID (get_world: channels[].channelId)');
export const MessageId = Id('a message ID (read_transcript: messages[].id)');

export const tool = <S extends TSchema>(t: McpTool<S>): McpTool => t as unknown as McpTool;
