/**
 * Message objects: the type and the required fields of each kind. This is the first cut: the
 * complete rules of every kind (spec part B "Message objects", templates, flex, actions) come with
 * the message-objects issue and replace this module's insides, not its exports.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { compile } from './validate.js';
import { MAX_SEND_MESSAGES } from '../services/limits.js';

/** Message `type` values the platform accepts (spec: allowed values of a message `type` in an error detail, plus `flex`). */
export const MESSAGE_TYPES = ['text', 'image', 'video', 'audio', 'location', 'sticker', 'imagemap', 'template', 'flex'] as const;

const str = (max: number) => Type.String({ minLength: 1, maxLength: max });
const num = () => Type.Number();

/** Required fields per message type, with their basic types. */
const REQUIRED_FIELDS: Record<(typeof MESSAGE_TYPES)[number], Record<string, TSchema>> = {
  // Published rule of the era: text up to 2000 characters.
  text: { text: str(2000) },
  image: { originalContentUrl: str(1000), previewImageUrl: str(1000) },
  video: { originalContentUrl: str(1000), previewImageUrl: str(1000) },
  audio: { originalContentUrl: str(1000), duration: num() },
  location: { title: str(100), address: str(100), latitude: num(), longitude: num() },
  sticker: { packageId: str(100), stickerId: str(100) },
  imagemap: { baseUrl: str(1000), altText: str(400), baseSize: Type.Object({}), actions: Type.Array(Type.Object({})) },
  template: { altText: str(400), template: Type.Object({}) },
  flex: { altText: str(400), contents: Type.Object({}) },
};

/** One message object: a known `type` and that type's required fields. */
export const MessageSchema = Type.Object(
  { type: Type.Unsafe<string>({ type: 'string', enum: [...MESSAGE_TYPES] }) },
  {
    allOf: Object.entries(REQUIRED_FIELDS).map(([type, fields]) => ({
      if: { properties: { type: { const: type } }, required: ['type'] },
      then: { required: Object.keys(fields), properties: fields },
    })),
  },
);

/** `messages`: 1 to 5 message objects (spec "Limits": messages per call). */
export const MessagesSchema = Type.Array(MessageSchema, { minItems: 1, maxItems: MAX_SEND_MESSAGES });

/** Body of the sendMessages endpoint: `{messages}`. */
export const ShareBodySchema = Type.Object({ messages: MessagesSchema }, { additionalProperties: false });

/** Body of `POST /embedkit/v1/chats/<chatId>/messages`: one message a user sends from the host. */
export const UserMessageBodySchema = Type.Object({ userId: Type.String({ minLength: 1 }), message: MessageSchema }, { additionalProperties: false });

export const checkShareBody = compile(ShareBodySchema);
export const checkUserMessageBody = compile(UserMessageBodySchema);
