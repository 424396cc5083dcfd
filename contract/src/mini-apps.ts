/**
 * The shapes the simulator API answers for LINE MINI Apps' service messages (docs/platform/mini-apps.md):
 * a service message as the person sees it in the service-message chat, and that chat's name per
 * language. Schemas and one pure function only: no rule, no I/O.
 */
import { Type, type Static } from '@sinclair/typebox';

/**
 * A service message as a card (LINE MINI App docs, "Sending service messages", template elements):
 * the template's title and subtitle, its detail items (the template's labels with the values the
 * send gave), its buttons with a URL (only those given are shown, as published), and the MINI App
 * in the footer.
 */
export const ServiceNoticeSchema = Type.Object({
  templateName: Type.String(),
  layout: Type.Union([Type.Literal('detailed'), Type.Literal('simple')]),
  title: Type.String(),
  subtitle: Type.Optional(Type.String()),
  items: Type.Array(Type.Object({ label: Type.String(), value: Type.String() })),
  buttons: Type.Array(Type.Object({ label: Type.String(), url: Type.String() })),
  app: Type.Object({ embedId: Type.String(), channelId: Type.String(), name: Type.String() }),
});
export type ServiceNotice = Static<typeof ServiceNoticeSchema>;

/** One service message a person was sent: its number (ascending in sending order), when (ms, simulated clock) and its card. */
export const ServiceMessageViewSchema = Type.Object({ id: Type.Integer(), sentAt: Type.Integer(), notice: ServiceNoticeSchema });
export type ServiceMessageView = Static<typeof ServiceMessageViewSchema>;

/** The answer of simulator route `serviceMessages`: a person's latest service messages, oldest first. */
export const ServiceMessagesSchema = Type.Object({ userId: Type.String(), messages: Type.Array(ServiceMessageViewSchema) });
export type ServiceMessages = Static<typeof ServiceMessagesSchema>;

/**
 * The chat service messages appear in, by the messenger's language (LINE MINI App docs, "Chat room
 * where service messages are displayed": Japan, Thailand, Taiwan); any other language gets the English one.
 */
const SERVICE_CHAT_NAMES: Readonly<Record<string, string>> = {
  ja: 'LINEミニアプリ お知らせ',
  'zh-TW': 'LINE MINI App 通知',
};

/** The service-message chat's name in a language tag of the host (`en`, `ja`, `zh-TW`...). */
export function serviceChatName(language: string): string {
  return SERVICE_CHAT_NAMES[language] ?? 'LINE MINI App Notice';
}
