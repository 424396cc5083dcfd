/**
 * The simulator API's `insight` unit: what the person did, as the host reports it, and a bot's
 * figures for the Insight view (docs/platform/insight.md), with their schemas.
 * Its handlers: `server/src/interfaces/bot/insight/index.ts`.
 */
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { type Contract, defineContract } from '../../route.js';

/**
 * A bot's insight as the host's Insight view shows it (docs/platform/insight.md): the figures the platform's
 * insight calls compute, without the privacy threshold (it is the developer's own simulator).
 */
export const BotInsightSchema = Type.Object({
  channelId: Type.String(),
  /** Per day (yyyyMMdd, UTC+9), oldest first: readiness, followers, blocks and messages sent per kind. */
  days: Type.Array(
    Type.Object({
      date: Type.String(),
      status: Type.String(),
      followers: Type.Integer(),
      targetedReaches: Type.Integer(),
      blocks: Type.Integer(),
      deliveries: Type.Record(Type.String(), Type.Integer()),
    }),
  ),
  /** Message-sending requests, newest first, with what people did with their messages. */
  requests: Type.Array(
    Type.Object({
      requestId: Type.String(),
      kind: Type.String(),
      /** ms. */
      sentAt: Type.Number(),
      unit: Type.Union([Type.String(), Type.Null()]),
      /** Whether the request's figures are ready (its send day has ended, UTC+9). */
      ready: Type.Boolean(),
      delivered: Type.Integer(),
      uniqueImpression: Type.Integer(),
      uniqueClick: Type.Integer(),
      impressions: Type.Integer(),
      clicks: Type.Integer(),
    }),
  ),
  /** Today's friends by attribute: each `[value, percentage]`; null with no friends. */
  demographics: Type.Union([
    Type.Object({
      friends: Type.Integer(),
      genders: Type.Array(Type.Tuple([Type.String(), Type.Number()])),
      ages: Type.Array(Type.Tuple([Type.String(), Type.Number()])),
      areas: Type.Array(Type.Tuple([Type.String(), Type.Number()])),
      appTypes: Type.Array(Type.Tuple([Type.String(), Type.Number()])),
    }),
    Type.Null(),
  ]),
});
export type BotInsight = Static<typeof BotInsightSchema>;

const UserId = Type.String({ minLength: 1, maxLength: 100 });

/** Who saw or tapped which bot message, in an insight report. */
const InsightMessage = { userId: UserId, messageId: Type.String({ pattern: '^[0-9]{1,15}$' }) };

/** Who was shown or tapped which channel's rich menu, in an insight report. */
const InsightRichMenu = {
  userId: UserId,
  channelId: Type.String({ minLength: 1 }),
  richMenuId: Type.String({ minLength: 1, maxLength: 100 }),
};

/** One kind of insight report: its `type` and its fields, nothing else. */
function insightReport<K extends string, P extends TProperties>(type: K, fields: P) {
  return Type.Object({ type: Type.Literal(type), ...fields }, { additionalProperties: false });
}

/**
 * Body of reporting what a person did with bot messages and rich menus in the host (the insight
 * figures, docs/platform/insight.md): saw a message (`impression`, once per person and message), opened a
 * URL of its actions (`click`), was shown a rich menu (`richMenuImpression`) or tapped one of its
 * areas (`richMenuClick`, the area's index).
 */
export const InsightReportBodySchema = Type.Union([
  insightReport('impression', InsightMessage),
  insightReport('click', { ...InsightMessage, url: Type.String({ minLength: 1, maxLength: 1000 }) }),
  insightReport('richMenuImpression', InsightRichMenu),
  insightReport('richMenuClick', { ...InsightRichMenu, area: Type.Integer({ minimum: 0, maximum: 19 }) }),
]);

/** A body of {@link InsightReportBodySchema}, as a handler gets it once the door checked it. */
export type InsightReportBody = Static<typeof InsightReportBodySchema>;

/** Query of a bot's insight in the host: how many days back from yesterday (1 to 90, default 14). */
export const BotInsightQuerySchema = Type.Object({ days: Type.Optional(Type.String({ pattern: '^[0-9]{1,2}$' })) });

/** The `insight` unit's routes, one slice of `SIMULATOR_API`. */
export const INSIGHT_ROUTES = defineContract({
  reportInsight: {
    method: 'POST',
    path: '/insight/reports',
    summary: 'the person saw a bot message, opened its URL, saw a rich menu or tapped an area',
    body: InsightReportBodySchema,
    answer: Type.Object({ recorded: Type.Boolean() }),
    unit: 'insight',
  },
  botInsight: {
    method: 'GET',
    path: '/channels/:channelId/insight',
    summary: 'a bot’s insight: followers, deliveries and message events per request, demographics',
    query: BotInsightQuerySchema,
    answer: BotInsightSchema,
    unit: 'insight',
  },
} satisfies Contract<'insight'>);
