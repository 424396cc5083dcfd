/**
 * The server's live feed (the simulator API's `liveEvents` route, server-sent events): tells the
 * host when a chat got messages (a bot replied), a webhook delivery changed, bots changed or a fault
 * rule hit a call, so that it refreshes what it shows at once instead of waiting for the next poll.
 */
import { simulatorPath } from '#contract/simulator-api.js';
import { LIVE_EVENT_NAMES, type LiveEvents } from '#contract/wire.js';

/** What the feed reports: an event's name as `type`, with its data (the contract's {@link LiveEvents}). */
export type LiveEvent = { [K in keyof LiveEvents]: { type: K } & LiveEvents[K] }[keyof LiveEvents];

/** Called for each event of the feed. */
export interface LiveHandlers {
  onChat?(chatId: string): void;
  onDelivery?(event: Extract<LiveEvent, { type: 'delivery' }>): void;
  onBots?(channelId: string): void;
  /** A host page connected to the server (a phone) reported something new (`bridge-log/inspector-panel.ts`). */
  onPhone?(phoneId: string): void;
  /** A person was sent a LINE MINI App service message (their service-message chat). */
  onServiceMessage?(userId: string): void;
  /** The world was reset or replaced (`resetWorld`): nothing shown is there any more. */
  onWorld?(scenario: string): void;
  /** A consent screen was opened or answered (the host draws it, or closes it when answered elsewhere). */
  onConsentScreen?(event: Extract<LiveEvent, { type: 'consentScreen' }>): void;
  /** A fault rule hit a call (docs/guide/faults.md): its rule's id and kind, the call's method and path, the status answered. */
  onFault?(event: Extract<LiveEvent, { type: 'fault' }>): void;
  /**
   * The feed opened, at first or again after a drop. Events sent before it were not heard (a phone
   * that reported while this page was still connecting), so what the events keep current is read again.
   */
  onOpen?(): void;
}

/** The BroadcastChannel on which the several-phones page relays the feed to its phones. */
export const LIVE_RELAY_CHANNEL = 'embedkit-live';

/**
 * Opens the feed; the browser reconnects by itself after a drop (the server asks for 2 s).
 * @returns a function that closes it
 */
export function connectLive(handlers: LiveHandlers, url = simulatorPath('liveEvents', {})): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(url);
  source.addEventListener('open', () => handlers.onOpen?.());
  for (const type of LIVE_EVENT_NAMES) {
    source.addEventListener(type, (e) => {
      const event = parse((e as MessageEvent).data);
      if (event?.type === type) dispatch(event, handlers);
    });
  }
  return () => source.close();
}

/**
 * Opens the feed once and passes every event on to the same-origin pages listening with
 * {@link listenRelayedLive}: several phones on one page then share one connection instead of
 * holding one each (a browser keeps at most 6 HTTP/1.1 connections per origin). `world` is not
 * passed on but handed to `onWorld`: the page reloads, and its phones with it.
 * @returns a function that closes the feed and the channel
 */
export function relayLive(onWorld?: (scenario: string) => void, url?: string): () => void {
  const channel = new BroadcastChannel(LIVE_RELAY_CHANNEL);
  const forward = (event: LiveEvent): void => channel.postMessage(JSON.stringify(event));
  const close = connectLive(
    {
      onChat: (chatId) => forward({ type: 'chat', chatId }),
      onDelivery: forward,
      onBots: (channelId) => forward({ type: 'bots', channelId }),
      onPhone: (phoneId) => forward({ type: 'phone', phoneId }),
      onServiceMessage: (userId) => forward({ type: 'serviceMessage', userId }),
      onFault: forward,
      onConsentScreen: forward,
      ...(onWorld ? { onWorld } : {}),
    },
    url,
  );
  return () => {
    close();
    channel.close();
  };
}

/** Hears the feed relayed by {@link relayLive} (one phone of several). @returns a function that stops listening */
export function listenRelayedLive(handlers: LiveHandlers): () => void {
  const channel = new BroadcastChannel(LIVE_RELAY_CHANNEL);
  channel.onmessage = (e) => {
    const event = parse(e.data);
    if (event) dispatch(event, handlers);
  };
  return () => channel.close();
}

function parse(data: unknown): LiveEvent | null {
  try {
    const event = JSON.parse(String(data)) as LiveEvent;
    return event !== null && typeof event === 'object' && typeof event.type === 'string' ? event : null;
  } catch {
    return null;
  }
}

function dispatch(event: LiveEvent, handlers: LiveHandlers): void {
  if (event.type === 'chat' && typeof event.chatId === 'string') handlers.onChat?.(event.chatId);
  else if (event.type === 'delivery') handlers.onDelivery?.(event);
  else if (event.type === 'bots' && typeof event.channelId === 'string') handlers.onBots?.(event.channelId);
  else if (event.type === 'phone' && typeof event.phoneId === 'string') handlers.onPhone?.(event.phoneId);
  else if (event.type === 'serviceMessage' && typeof event.userId === 'string') handlers.onServiceMessage?.(event.userId);
  else if (event.type === 'world' && typeof event.scenario === 'string') handlers.onWorld?.(event.scenario);
  else if (event.type === 'consentScreen' && typeof event.screenId === 'string') handlers.onConsentScreen?.(event);
  else if (event.type === 'fault' && typeof event.method === 'string' && typeof event.path === 'string') handlers.onFault?.(event);
}
