/**
 * The host shell: a messenger on a phone (chat list, chat, app overlay, in-app browser) between a
 * controls panel and a bridge log. Entry of host/dist/host.js, loaded by host/index.html.
 */
import { SimulatorApi, ApiError } from './api.js';
import { AppSession } from './app-session.js';
import { ActionDispatcher } from './chat/actions.js';
import { BotApi } from './bot-api.js';
import { Composer } from './chat/composer.js';
import { connectLive, listenRelayedLive } from './live.js';
import { clientFeatures, sameDevice } from './device.js';
import { isPhoneFrame, parsePhoneUsers } from './phones/layout.js';
import { showPhones } from './phones/page.js';
import { BotTools } from './panels/bot-tools.js';
import { WebhookPanel } from './panels/webhooks.js';
import { renderChatList } from './chat/list.js';
import { ChatPreviews } from './chat/previews.js';
import { ChatScreen } from './chat/screen.js';
import { RichMenuBar } from './chat/rich-menu.js';
import { deepLinkOfState, parseDeepLink, serializeDeepLink, stateRequestOfDeepLink } from './deeplink.js';
import { byId } from './dom.js';
import { Controls } from './panels/controls.js';
import { SimPanel } from './panels/clock.js';
import { BridgeLog } from './panels/log.js';
import { resolveState, type HostState, type StateRequest } from './state.js';
import { SimulatorPane } from './simulator/pane.js';
import { BlockchainPane } from './blockchain/pane.js';
import { StageTabs, tabOfSearch, withTab } from './simulator/tabs.js';
import { InAppBrowser } from './views/inapp-browser.js';
import { AppOverlay } from './views/overlay.js';
import { Pickers } from './views/pickers.js';
import { Toasts } from './views/toast.js';
import { chatsOfUser, findApp, findChat, findUser, isChatType, type World } from './world.js';

const CONTEXT_NAMES = { utou: 'a 1:1 chat', room: 'a room', group: 'a group', none: 'no chat' } as const;

async function start(): Promise<void> {
  const api = new SimulatorApi();
  const screen = byId('phone-screen');
  const listView = byId('chat-list-view');
  const chatView = byId('chat-view');
  const statusFallback = byId('host-status');

  let world: World;
  try {
    world = await api.world();
  } catch (err) {
    statusFallback.textContent = `Could not load the world: ${(err as Error).message}`;
    statusFallback.dataset.kind = 'error';
    document.body.dataset.ready = 'error';
    return;
  }

  // `?users=a,b`: several phones side by side, each a host of its own in a frame (phones/).
  const phones = parsePhoneUsers(location.search, world);
  if (phones) {
    showPhones(document.body, world, phones, location.search);
    document.body.dataset.ready = 'true';
    return;
  }
  // One phone of several: the phone alone, without the side panels.
  const phoneFrame = isPhoneFrame(location.search);
  if (phoneFrame) document.body.dataset.layout = 'phone';

  const bareUrl = location.search === '';
  const link = parseDeepLink(location.search);
  let state: HostState = resolveState(world, stateRequestOfDeepLink(link));

  const log = new BridgeLog(byId('bridge-log'), byId('log-clear'));
  let controls: Controls;
  let chatScreen: ChatScreen;
  let richMenu: RichMenuBar | undefined;
  let simPanel: SimPanel;
  let botTools: BotTools | undefined;
  const botApi = new BotApi();
  const browser = new InAppBrowser(screen);
  const previews = new ChatPreviews(
    (chatId, page) => api.messages(chatId, page),
    () => render(),
  );

  const session = new AppSession({
    api,
    overlay: new AppOverlay(screen, () => session.close()),
    browser,
    onCall: (record) => log.addCall(record),
    onRejected: (reason, origin) => log.addRejected(reason, origin),
    onMessagesSent: () => void chatScreen.refresh(),
    onClosed: () => {
      controls.setStatus('App closed.');
      syncUrl();
    },
  });

  /** What the phone's client supports now: the renderers, the dispatcher and the rich menu ask it. */
  const client = () => clientFeatures(state.device);

  const showsChat = (): boolean => isChatType(state.contextType) && state.chatId !== null;

  /** Applies a change of the controls or of the phone's navigation, then redraws. */
  const update = (patch: StateRequest): void => {
    const prev = state;
    state = resolveState(world, { ...state, ...patch });
    // An app session belongs to a user and a chat (leaving them closes the app, as the messenger
    // does) and to a client: another device opens it anew.
    const moved = prev.userId !== state.userId || prev.contextType !== state.contextType || prev.chatId !== state.chatId;
    const otherDevice = !sameDevice(prev.device, state.device);
    if (session.isOpen && (moved || otherDevice)) {
      session.close();
    }
    render();
    // Another client draws the same messages differently (flex action, maxLines, quick reply).
    if (otherDevice) chatScreen.redraw();
  };

  const render = (): void => {
    controls.render(state);
    simPanel.show(state);
    botTools?.show(state);
    renderChatList(listView, {
      world,
      userId: state.userId,
      previews: previews.get(),
      onSelect: (chat) => update({ contextType: chat.type, chatId: chat.chatId }),
      onApps: () => {
        update({ contextType: 'none' });
        void openApp();
      },
    });
    const chat = showsChat() && state.chatId ? (findChat(world, state.chatId) ?? null) : null;
    chatScreen.show(world, chat, state.userId);
    richMenu?.show(chat, state.userId);
    if (chat === null) void previews.load(chatsOfUser(world, state.userId).map((c) => c.chatId));
    listView.hidden = chat !== null;
    chatView.hidden = chat === null;
    screen.dataset.screen = chat ? 'chat' : 'list';
    syncUrl();
  };

  /** Keeps the address bar equal to the state, so a state can be copied and reopened. */
  const syncUrl = (): void => {
    let query = withTab(serializeDeepLink(deepLinkOfState(state, session.isOpen)), tabs.current);
    if (phoneFrame) query = query ? `${query}&phone=1` : '?phone=1';
    if (query !== location.search) history.replaceState(history.state, '', `${location.pathname}${query}${location.hash}`);
  };

  const openApp = async (): Promise<void> => {
    const app = findApp(world, state.embedId);
    controls.setStatus(app ? `Opening ${app.name}…` : 'No app to open.');
    try {
      const frame = await session.open(world, state);
      if (!frame) return;
      const user = findUser(world, state.userId)?.displayName ?? state.userId;
      controls.setStatus(`${app?.name} opened for ${user} in ${CONTEXT_NAMES[state.contextType]} (${state.viewType}).`);
      syncUrl();
    } catch (err) {
      const text = err instanceof ApiError ? `${err.status}: ${err.message}` : (err as Error).message;
      controls.setStatus(`Could not open the app: ${text}`, 'error');
    }
  };

  controls = new Controls(world, { onChange: update, onOpen: () => void openApp() });
  simPanel = new SimPanel(byId('sim-panel'), world);
  // Actions in messages (buttons, links, quick replies): see chat/actions.ts for what each does.
  const toasts = new Toasts(screen);
  const actions = new ActionDispatcher({
    sendAsUser: (chatId, userId, message) => api.sendAsUser(chatId, userId, message),
    openBrowser: (url) => browser.open(url),
    pickers: new Pickers(screen),
    toast: (text, kind) => toasts.show(text, kind),
    // Postbacks become webhook events; the text shown was already sent as the user's message.
    onPostback: async (event) => {
      await botApi.postback(event.chatId, {
        userId: event.userId,
        data: event.data,
        ...(event.displayText ? { displayText: event.displayText } : {}),
        ...(event.params ? { params: event.params } : {}),
      });
    },
    onSent: () => void chatScreen.refresh(),
    onAppLink: (embedId) => {
      update({ embedId });
      void openApp();
    },
    client,
  });
  chatScreen = new ChatScreen(chatView, api, {
    onBack: () => update({ contextType: 'none' }),
    onApps: () => void openApp(),
    onAction: (action, ctx) => void actions.run(action, ctx),
    client,
  });
  // Bots (issue 6): the composer, the bot tools, the webhook panel, and the live feed.
  const composer = new Composer({
    target: () => (showsChat() && state.chatId ? { chatId: state.chatId, userId: state.userId } : null),
    sendMessage: (chatId, userId, message) => api.sendAsUser(chatId, userId, message),
    sendMedia: (chatId, upload) => botApi.sendMedia(chatId, upload),
    shareContact: (chatId, userId, mid) => botApi.shareContact(chatId, userId, mid),
    contacts: () => world.users.map((u) => ({ userId: u.userId, displayName: u.displayName })),
    onSent: () => void chatScreen.refresh(),
    onError: (text) => toasts.show(text, 'error'),
  });
  chatScreen.mountComposer(composer.root);
  // The bot's rich menu under a 1:1 bot chat (issue 14): areas run actions like chat buttons.
  richMenu = new RichMenuBar({
    getJson: async (path) => {
      const res = await fetch(path);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`${res.status}`);
      return res.json();
    },
    run: (action, ctx) => void actions.run(action, ctx),
    postback: async (event) => {
      await botApi.postback(event.chatId, { userId: event.userId, data: event.data, ...(event.params ? { params: event.params } : {}) });
    },
    client,
  });
  chatScreen.mountRichMenu(richMenu.root);
  botTools = new BotTools(byId('bot-tools'), botApi, () => world);
  const webhooks = new WebhookPanel(byId('webhook-panel'), botApi, world);
  // One phone of several hears the feed its page relays (one connection for all the phones).
  (phoneFrame ? listenRelayedLive : connectLive)({
    onChat: (chatId) => {
      if (!chatView.hidden && chatView.dataset.chatId === chatId) void chatScreen.refresh();
    },
    onDelivery: () => void webhooks.refresh(),
    onBots: () => {
      void botTools?.refresh();
      void webhooks.loadSettings();
      // A user who adds a bot for the first time gets a new 1:1 chat with it.
      void api.world().then(
        (next) => {
          if (next.chats.length === world.chats.length) return;
          world = next;
          render();
        },
        () => undefined,
      );
    },
  });
  // The "Simulator" tab: the message preview beside the phone (`?tab=simulator`).
  const phone = screen.closest<HTMLElement>('.phone')!;
  const simulator = new SimulatorPane({ validate: (messages) => api.validateMessages(messages) });
  phone.after(simulator.root);
  // The "Blockchain" tab (part A): signed requests with their verdicts, wallets, tokens, transactions.
  const blockchain = new BlockchainPane(() => api.blockchain(), world.urls?.blockchain ?? '');
  simulator.root.after(blockchain.root);
  const tabs = new StageTabs(
    phone.parentElement!,
    { chat: phone, simulator: simulator.root, blockchain: blockchain.root },
    tabOfSearch(location.search),
    (tab) => {
      if (tab === 'blockchain') void blockchain.refresh();
      syncUrl();
    },
  );
  if (tabs.current === 'blockchain') void blockchain.refresh();
  blockchain.startPolling(() => tabs.current === 'blockchain');
  chatScreen.startPolling(() => !chatView.hidden);
  render();

  // A bare `/` (what `npm start` prints) opens the scenario's default app, so a newcomer sees it at once.
  const appToOpen = link.app ?? (bareUrl ? world.defaults.embedId : undefined);
  if (appToOpen) {
    if (findApp(world, appToOpen)) await openApp();
    else controls.setStatus(`Unknown app in the link: ${appToOpen}`, 'error');
  } else {
    controls.setStatus('Pick a user, an app and a context, then open the app.');
  }
  document.body.dataset.ready = 'true';
}

void start();
