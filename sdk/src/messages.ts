// moved: kept until the host imports the contract directly
export type * from '#contract/bridge/messages.js';
import type { FlexBubble as Bubble, FlexMessage as Flex, Message as AnyMessage } from '#contract/bridge/messages.js';

// Until then, the host's product bubble (chat/kinds/flex/samples.ts) builds its rows with an
// unannotated `lines.map(...)`, where TypeScript widens `type: 'text'` to string; so the bubbles
// here keep the open box contents of the SDK's former types. The host's fix, with its imports:
// `lines.map((text): FlexComponent => ...)`, then this file goes.
type OpenBox = Omit<NonNullable<Bubble['body']>, 'contents'> & { contents: object[] };
export type FlexBubble = Omit<Bubble, 'body'> & { body?: OpenBox };
export type FlexMessage = Omit<Flex, 'contents'> & { contents: FlexBubble | { type: 'carousel'; contents: FlexBubble[] } };
export type Message = Exclude<AnyMessage, { type: 'flex' }> | FlexMessage;
