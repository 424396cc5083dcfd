/**
 * The demo bot's v1 side: callbacks of the default scenario's enterprise and trial bots
 * (spec parts E and F) at `POST /v1/enterprise` and `POST /v1/trial`. Each request's
 * `<prefix>ChannelSignature` (the prefix embedkit runs with, `X-Service-` by default) is checked with the channel's secret before anything is read; a
 * text is echoed with a Post Event, "rich" answers a rich message, "link" (enterprise) a link
 * message, a shared contact is acknowledged.
 */

/** A v1 channel of the default scenario, and where the bot calls it. */
export interface V1Channel {
  id: string;
  secret: string;
  mid: string;
  interface: 'enterprise' | 'trial';
}

/** The default scenario's v1 channels (docs/platform/v1-bots.md). */
export const V1_CHANNELS: Record<'enterprise' | 'trial', V1Channel> = {
  enterprise: {
    id: '1650000002',
    secret: '1e2d3c4b5a69788796a5b4c3d2e1f0a1',
    mid: 'u0e1e2e3e4e5e6e7e8e9eaebecedeeef0',
    interface: 'enterprise',
  },
  trial: { id: '1650000003', secret: '2f3e4d5c6b7a8998a7b6c5d4e3f2a1b0', mid: 'u7a1b0000000000000000000000000001', interface: 'trial' },
};

interface V1Event {
  eventType: string;
  content: {
    contentType?: number;
    from?: string | null;
    to?: string[];
    toType?: number;
    text?: string;
    contentMetadata?: Record<string, string> | null;
    opType?: number;
  };
}

const SINGLE = { toChannel: 1383378250, eventType: '138311608800106203' };

/** A rich message of the built-in sample image: the left half opens a page, the right half says "hi". */
function richContent(): Record<string, unknown> {
  const markup = {
    canvas: { width: 1040, height: 1040, initialScene: 'scene1' },
    images: { image1: { x: 0, y: 0, w: 1040, h: 1040 } },
    actions: {
      open: { type: 'web', text: 'Open the docs', params: { linkUri: 'https://example.com/docs' } },
      hi: { type: 'sendMessage', text: 'Say hi', params: { text: 'hi' } },
    },
    scenes: {
      scene1: {
        draws: [{ image: 'image1', x: 0, y: 0, w: 1040, h: 1040 }],
        listeners: [
          { type: 'touch', params: [0, 0, 520, 1040], action: 'open' },
          { type: 'touch', params: [520, 0, 520, 1040], action: 'hi' },
        ],
      },
    },
  };
  return {
    contentType: 12,
    toType: 1,
    contentMetadata: {
      DOWNLOAD_URL: 'https://embedkit.invalid/samples/imagemap',
      SPEC_REV: '1',
      ALT_TEXT: 'A rich message',
      MARKUP_JSON: JSON.stringify(markup),
    },
  };
}

/** The Post Event that answers one callback event, or null. */
export function v1Answer(channel: V1Channel, e: V1Event): Record<string, unknown> | null {
  const c = e.content;
  if (e.eventType === '138311609100106403') {
    // Operation 4 (added as a friend): greet. Operation 8 (blocked): the spec says to forget the user.
    if (c.opType !== 4 || !Array.isArray((c as { params?: unknown[] }).params)) return null;
    const mid = (c as { params: string[] }).params[0];
    return { to: [mid], ...SINGLE, content: { contentType: 1, toType: 1, text: 'Thanks for adding me! Send "rich" or "link".' } };
  }
  if (e.eventType !== '138311609000106303') return null;
  // A group or room message has no sender on the enterprise interface: answer the chat.
  const toType = c.toType === 2 || c.toType === 3 ? c.toType : 1;
  const to = toType === 1 ? c.from : c.to?.[0];
  if (!to) return null;
  const text = (t: string) => ({ to: [to], ...SINGLE, content: { contentType: 1, toType, text: t.slice(0, 1024) } });
  if (c.contentType === 10) return text(`You shared ${c.contentMetadata?.displayName ?? 'someone'}.`);
  if (c.contentType !== 1) return text(`Got a message of content type ${c.contentType}.`);
  const words = (c.text ?? '').trim().toLowerCase();
  if (words === 'rich' && toType === 1) return { to: [to], ...SINGLE, content: richContent() };
  if (words === 'link' && channel.interface === 'enterprise' && toType !== 2)
    return {
      to: [to],
      toChannel: 1341301715,
      eventType: '137299299800026303',
      content: {
        templateId: 'welcome',
        toType,
        textParams: { name: 'friend' },
        subTextParams: { order: 'A-1' },
        linkUriParams: { order: 'A-1' },
      },
    };
  return text(`echo: ${c.text ?? ''}`);
}

/**
 * Answers a verified callback body: one Post Event per event that needs one, authenticated with
 * the channel's headers under `headerPrefix` (e.g. `X-Service-ChannelToken`).
 */
export async function handleV1(
  channel: V1Channel,
  raw: Buffer,
  urls: { base: string; trialbot: () => Promise<string> },
  enterpriseToken: () => Promise<string>,
  headerPrefix: string,
): Promise<void> {
  const body = JSON.parse(raw.toString('utf8')) as { result?: V1Event[] };
  for (const e of body.result ?? []) {
    const answer = v1Answer(channel, e);
    if (!answer) continue;
    const headers: Record<string, string> =
      channel.interface === 'trial'
        ? {
            [`${headerPrefix}ChannelID`]: channel.id,
            [`${headerPrefix}ChannelSecret`]: channel.secret,
            [`${headerPrefix}Trusted-User-With-ACL`]: channel.mid,
          }
        : { [`${headerPrefix}ChannelToken`]: await enterpriseToken() };
    const res = await fetch(`${channel.interface === 'trial' ? await urls.trialbot() : urls.base}/v1/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=UTF-8', ...headers },
      body: JSON.stringify(answer),
    });
    if (res.status !== 200) console.error(`Post Event refused: ${res.status} ${await res.text()}`);
  }
}
