/**
 * The tools that act as a person of the world from the phone: saying something in a chat, tapping
 * an action, befriending or blocking a bot, joining or leaving a chat, unsending. What the person
 * says is remembered as the point `wait_for_reply` waits after.
 */
import { Type, type Static } from '@sinclair/typebox';
import { FriendshipBodySchema, PersonBodySchema, PostbackBodySchema, UserMessageRequestSchema } from '#contract/requests.js';
import { ToolInputError } from '../errors.js';
import { readImage } from '../image.js';
import { withText } from '../transcript.js';
import { ChannelId, ChatId, MessageId, tool, UserId } from './tool.js';

export const say = tool({
  name: 'say',
  description:
    'A person sends a message in a chat from the phone (the bots in the chat get a message webhook event). Give `text` for a text message, `image` for a photo (a path of a PNG, JPEG, GIF or WebP file, or an http(s) URL of one; at most 10 MB), or `message` for another message object: {"type":"sticker","packageId":"446","stickerId":"1988"}, {"type":"location","title":"…","address":"…","latitude":35.65,"longitude":139.74}.',
  input: Type.Object(
    {
      chatId: ChatId,
      userId: UserMessageRequestSchema.properties.userId,
      text: Type.Optional(Type.String({ minLength: 1, maxLength: 5000, description: 'a text message' })),
      message: Type.Optional(UserMessageRequestSchema.properties.message),
      image: Type.Optional(
        Type.String({ minLength: 1, maxLength: 2000, description: 'a path of an image file on this machine, or an http(s) URL of one' }),
      ),
      quotedMessageId: UserMessageRequestSchema.properties.quotedMessageId,
    },
    { additionalProperties: false },
  ),
  run: async ({ chatId, userId, text, message, image, quotedMessageId }, { client, seen }) => {
    if ([text, message, image].filter((x) => x !== undefined).length !== 1)
      throw new ToolInputError('Give exactly one of text, image and message');
    if (image !== undefined) {
      const { data, contentType } = await readImage(image);
      const sent = await client.call('sendMedia', { params: { chatId }, query: { userId, type: 'image' }, body: data, contentType });
      seen.set(chatId, sent.id);
      return withText(sent);
    }
    const stored = await client.call('sendMessage', {
      params: { chatId },
      body: { userId, message: message ?? { type: 'text', text }, ...(quotedMessageId !== undefined ? { quotedMessageId } : {}) },
    });
    seen.set(chatId, stored.id);
    return withText(stored);
  },
});

export const tapAction = tool({
  name: 'tap_action',
  description:
    'A person taps an action of a message, a quick-reply item or a rich menu area in a chat: pass the action object as the transcript shows it. A postback sends a postback event (a datetimepicker needs `value`: "2025-01-31", "13:30" or "2025-01-31T13:30" by its mode); a message action says its text; a uri action answers the URI the phone opens.',
  input: Type.Object(
    {
      chatId: ChatId,
      userId: PostbackBodySchema.properties.userId,
      action: Type.Object(
        {
          type: Type.String({ enum: ['postback', 'message', 'uri', 'datetimepicker'] }),
          label: Type.Optional(Type.String({ maxLength: 1000 })),
          data: Type.Optional(PostbackBodySchema.properties.data),
          displayText: PostbackBodySchema.properties.displayText,
          text: Type.Optional(Type.String({ maxLength: 5000 })),
          uri: Type.Optional(Type.String({ maxLength: 1000 })),
          mode: Type.Optional(Type.String({ enum: ['date', 'time', 'datetime'] })),
        },
        { description: 'the action object of the message, quick-reply item or rich menu area' },
      ),
      value: Type.Optional(Type.String({ maxLength: 40, description: 'the date, time or datetime a datetime picker picks' })),
      channelId: PostbackBodySchema.properties.channelId,
    },
    { additionalProperties: false },
  ),
  run: async ({ chatId, userId, action, value, channelId }, { client, seen }) => {
    switch (action.type) {
      case 'message': {
        if (!action.text) throw new ToolInputError('A message action needs its text');
        const stored = await client.call('sendMessage', {
          params: { chatId },
          body: { userId, message: { type: 'text', text: action.text } },
        });
        seen.set(chatId, stored.id);
        return withText(stored);
      }
      case 'uri':
        if (!action.uri) throw new ToolInputError('A uri action needs its uri');
        return { opens: action.uri };
      default: {
        if (!action.data) throw new ToolInputError(`A ${action.type} action needs its data`);
        let params: Static<typeof PostbackBodySchema>['params'];
        if (action.type === 'datetimepicker') {
          const mode = action.mode ?? 'datetime';
          if (value === undefined) throw new ToolInputError(`A datetimepicker action needs the ${mode} picked as value`);
          params = mode === 'date' ? { date: value } : mode === 'time' ? { time: value } : { datetime: value };
        }
        return client.call('postback', {
          params: { chatId },
          body: {
            userId,
            data: action.data,
            ...(action.displayText !== undefined ? { displayText: action.displayText } : {}),
            ...(params ? { params } : {}),
            ...(channelId !== undefined ? { channelId } : {}),
          },
        });
      }
    }
  },
});

export const setFriendship = tool({
  name: 'set_friendship',
  description: 'A person adds (or unblocks) a bot as a friend, or blocks it (the bot gets a follow or unfollow event).',
  input: Type.Object({ userId: UserId, channelId: ChannelId, ...FriendshipBodySchema.properties }, { additionalProperties: false }),
  run: ({ userId, channelId, state }, { client }) => client.call('setFriendship', { params: { userId, channelId }, body: { state } }),
});

export const joinChat = tool({
  name: 'join_chat',
  description: 'A person joins a group or room (the bots in it get a memberJoined event).',
  input: Type.Object({ chatId: ChatId, ...PersonBodySchema.properties }, { additionalProperties: false }),
  run: ({ chatId, userId }, { client }) => client.call('joinChat', { params: { chatId }, body: { userId } }),
});

export const leaveChat = tool({
  name: 'leave_chat',
  description: 'A person leaves a group or room (the bots in it get a memberLeft event).',
  input: Type.Object({ chatId: ChatId, ...PersonBodySchema.properties }, { additionalProperties: false }),
  run: ({ chatId, userId }, { client }) => client.call('leaveChat', { params: { chatId, userId } }),
});

export const unsend = tool({
  name: 'unsend',
  description: 'A person unsends a message they sent (the bots in the chat get an unsend event).',
  input: Type.Object({ chatId: ChatId, messageId: MessageId, ...PersonBodySchema.properties }, { additionalProperties: false }),
  run: ({ chatId, messageId, userId }, { client }) => client.call('unsend', { params: { chatId, messageId }, body: { userId } }),
});
