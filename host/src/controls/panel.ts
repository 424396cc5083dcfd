/**
 * The controls side panel: who is signed in, which app, view, context, chat, language and scopes,
 * and the button that opens the app. It shows a {@link HostState} and reports what the user changes;
 * the owner settles the new state and calls {@link Controls.render} again.
 */
import { CONTEXT_TYPES, VIEW_TYPES, type ContextType, type ViewType } from '#contract/bridge/protocol.js';
import { byId, h, option, replaceChildren } from '../shared/dom.js';
import {
  appScopes,
  cannotOpenReason,
  languageOptions,
  SCOPES,
  DEFAULT_SCOPES,
  type HostState,
  type Scope,
  type StateRequest,
} from '../state/host-state.js';
import { chatsOfUser, findApp, isChatType, type World } from '../state/world.js';
import { chatTitle } from '../phone/chat/list.js';
import { DeviceControls } from './device-group.js';
import { phonesLink } from '../several-phones/urls.js';

/** What the controls tell their owner. */
export interface ControlsHandlers {
  /** The user changed a control: the fields to change (a field set to undefined asks for its default). */
  onChange(patch: StateRequest): void;
  /** The user pressed "Open app". */
  onOpen(): void;
}

const CONTEXT_LABELS: Record<ContextType, string> = { utou: '1:1 chat (utou)', room: 'Room', group: 'Group', none: 'None (home screen)' };
const VIEW_LABELS: Record<ViewType, string> = { compact: 'Compact (50%)', tall: 'Tall (80%)', full: 'Full (100%)' };
const LANGUAGE_LABELS: Record<string, string> = {
  en: 'English',
  ja: '日本語',
  th: 'ไทย',
  'zh-TW': '繁體中文',
  id: 'Bahasa Indonesia',
  ko: '한국어',
};
const SCOPE_HINTS: Record<Scope, string> = {
  profile: 'getProfile',
  'chat_message.write': 'sendMessages',
  openid: 'ID token',
  'commonprofile.name': 'Quick-fill: name',
  'commonprofile.gender': 'Quick-fill: gender',
  'commonprofile.birthdate': 'Quick-fill: birthday',
  'commonprofile.phone': 'Quick-fill: phone',
  'commonprofile.email': 'Quick-fill: email',
  'commonprofile.address': 'Quick-fill: address',
};

/**
 * The controls, built from the markup ids: `#ctl-user`, `#ctl-app`, `#ctl-view`, `#ctl-context`,
 * `#ctl-chat`, `#ctl-lang`, `#ctl-scopes` (holding `input[name="scope"]`), `#ctl-user-id`, `#ctl-open`,
 * `#ctl-app-url`, `#host-status`, the device setting (device-group.ts) and the link to several
 * phones (`#ctl-phones`).
 */
export class Controls {
  private readonly user = byId<HTMLSelectElement>('ctl-user');
  private readonly userId = byId('ctl-user-id');
  private readonly app = byId<HTMLSelectElement>('ctl-app');
  private readonly view = byId<HTMLSelectElement>('ctl-view');
  private readonly context = byId<HTMLSelectElement>('ctl-context');
  private readonly chat = byId<HTMLSelectElement>('ctl-chat');
  private readonly lang = byId<HTMLSelectElement>('ctl-lang');
  private readonly scopes = byId('ctl-scopes');
  private readonly open = byId<HTMLButtonElement>('ctl-open');
  private readonly appUrl = byId('ctl-app-url');
  private readonly status = byId('host-status');
  private readonly phones = byId<HTMLAnchorElement>('ctl-phones');
  private readonly device: DeviceControls;

  constructor(
    private readonly world: World,
    handlers: ControlsHandlers,
  ) {
    this.fillChoices();
    this.listen(handlers);
    this.device = new DeviceControls(
      (device) => handlers.onChange({ device }),
      (launch) => handlers.onChange({ launch }),
    );
  }

  /** Shows `state`: selects its values, lists the user's chats of the context type, enables what applies. */
  render(state: HostState): void {
    this.user.value = state.userId;
    this.userId.textContent = state.userId;
    this.app.value = state.embedId;
    this.view.value = state.viewType;
    this.context.value = state.contextType;
    this.lang.value = state.language;

    const chats = isChatType(state.contextType) ? chatsOfUser(this.world, state.userId, state.contextType) : [];
    if (chats.length) {
      replaceChildren(
        this.chat,
        chats.map((c) => option(c.chatId, chatTitle(this.world, c, state.userId))),
      );
      this.chat.value = state.chatId ?? '';
    } else {
      replaceChildren(this.chat, [option('', state.contextType === 'none' ? '— outside any chat —' : `— no ${state.contextType} chat —`)]);
    }
    this.chat.disabled = chats.length === 0;

    const app = findApp(this.world, state.embedId);
    // A scope the app is not registered with cannot be granted: its box is shown off and disabled.
    const asked = app ? appScopes(app) : [...SCOPES];
    for (const box of this.scopes.querySelectorAll<HTMLInputElement>('input[name="scope"]')) {
      const registered = asked.includes(box.value as Scope);
      box.checked = registered && state.scopes.includes(box.value as Scope);
      box.disabled = !registered;
      box.title = registered ? '' : 'The app is not registered with this scope';
      // Kept in the state for the next app that asks for it.
      box.dataset.kept = state.scopes.includes(box.value as Scope) ? '1' : '';
    }

    this.device.render(state.device, state.launch);
    this.phones.href = phonesLink(this.world, state);
    // The phone layout's drawer button names the person the messenger shows (its settings are behind it).
    const person = this.world.users.find((u) => u.userId === state.userId)?.displayName ?? state.userId;
    const drawerLabel = document.getElementById('drawer-toggle-label');
    if (drawerLabel) drawerLabel.textContent = person;
    document.getElementById('drawer-toggle')?.setAttribute('aria-label', `Settings: signed in as ${person}`);

    this.appUrl.textContent = app ? `${app.view.url} · registered view: ${app.view.type}` : '';
    const reason = cannotOpenReason(state);
    this.open.disabled = reason !== null;
    this.open.title = reason ?? 'Open the app with these settings';
  }

  /** Shows a status line under the controls; `kind` "error" styles it as a failure. */
  setStatus(text: string, kind: 'info' | 'error' = 'info'): void {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
  }

  /** Fills the selects with the world's users and apps and the spec's choices, and the scope boxes. */
  private fillChoices(): void {
    const world = this.world;
    replaceChildren(
      this.user,
      world.users.map((u) => titled(option(u.userId, u.displayName), u.userId)),
    );
    replaceChildren(
      this.app,
      world.apps.map((a) => option(a.embedId, a.name)),
    );
    replaceChildren(
      this.view,
      VIEW_TYPES.map((v) => option(v, VIEW_LABELS[v])),
    );
    replaceChildren(
      this.context,
      CONTEXT_TYPES.map((c) => option(c, CONTEXT_LABELS[c])),
    );
    replaceChildren(
      this.lang,
      languageOptions(world).map((l) => option(l, LANGUAGE_LABELS[l] ? `${LANGUAGE_LABELS[l]} (${l})` : l)),
    );
    replaceChildren(
      this.scopes,
      SCOPES.map((s) =>
        h(
          'label',
          { className: 'check' },
          h('input', { attrs: { type: 'checkbox', name: 'scope', value: s, checked: DEFAULT_SCOPES.includes(s) } }),
          h('span', { text: s }),
          h('span', { className: 'hint', text: SCOPE_HINTS[s] }),
        ),
      ),
    );
  }

  /** Reports each change of a control to the owner as the fields it changes. */
  private listen(handlers: ControlsHandlers): void {
    this.user.addEventListener('change', () => handlers.onChange({ userId: this.user.value }));
    // A new app opens in its own registered view type unless the user picks another.
    this.app.addEventListener('change', () => handlers.onChange({ embedId: this.app.value, viewType: undefined }));
    this.view.addEventListener('change', () => handlers.onChange({ viewType: this.view.value as ViewType }));
    this.context.addEventListener('change', () => handlers.onChange({ contextType: this.context.value as ContextType, chatId: undefined }));
    this.chat.addEventListener('change', () => handlers.onChange({ chatId: this.chat.value }));
    this.lang.addEventListener('change', () => handlers.onChange({ language: this.lang.value }));
    this.scopes.addEventListener('change', () => handlers.onChange({ scopes: this.checkedScopes() }));
    this.open.addEventListener('click', () => handlers.onOpen());
  }

  private checkedScopes(): Scope[] {
    const boxes = Array.from(this.scopes.querySelectorAll<HTMLInputElement>('input[name="scope"]'));
    return boxes.filter((b) => (b.disabled ? b.dataset.kept === '1' : b.checked)).map((b) => b.value as Scope);
  }
}

function titled<T extends HTMLElement>(el: T, title: string): T {
  el.title = title;
  return el;
}
