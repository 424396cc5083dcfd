/**
 * The controls side panel: who is signed in, which app, view, context, chat, language and scopes,
 * and the button that opens the app. It shows a {@link HostState} and reports what the user changes;
 * the owner settles the new state and calls {@link Controls.render} again.
 */
import { CONTEXT_TYPES, VIEW_TYPES, type ContextType, type ViewType } from '../../../sdk/src/protocol.js';
import { byId, h, replaceChildren } from '../dom.js';
import { cannotOpenReason, languageOptions, SCOPES, DEFAULT_SCOPES, type HostState, type Scope, type StateRequest } from '../state.js';
import { chatsOfUser, findApp, isChatType, type World } from '../world.js';
import { chatTitle } from '../chat/list.js';
import {
  clientFeatures,
  DEVICE_PRESETS,
  isAppVersion,
  isOsVersion,
  PLATFORMS,
  sameDevice,
  type ClientFeatures,
  type Device,
  type Platform,
} from '../device.js';
import { phonesLink } from '../phones/layout.js';

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
const PLATFORM_LABELS: Record<Platform, string> = { ios: 'iOS', android: 'Android', desktop: 'Desktop' };
const FEATURE_NAMES: Record<keyof ClientFeatures, string> = {
  flexBoxAction: 'flex box action',
  flexMaxLines: 'flex text maxLines',
  datetimePicker: 'datetime picker',
  quickReply: 'quick reply',
  richMenuLabels: 'rich menu labels read aloud',
  profileAndSend: 'getProfile and sendMessages',
};
const SCOPE_HINTS: Record<Scope, string> = {
  profile: 'getProfile',
  'chat_message.write': 'sendMessages',
  openid: 'ID token',
};

/**
 * The controls, built from the markup ids: `#ctl-user`, `#ctl-app`, `#ctl-view`, `#ctl-context`,
 * `#ctl-chat`, `#ctl-lang`, `#ctl-scopes`, `#ctl-user-id` (holding `input[name="scope"]`), `#ctl-open`,
 * `#ctl-app-url`, `#host-status`, the device setting (`#ctl-device` presets, `#ctl-platform`,
 * `#ctl-app-version`, `#ctl-os-version`, `#ctl-device-note` listing what the client cannot do)
 * and the link to several phones (`#ctl-phones`).
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
  private readonly device = byId<HTMLSelectElement>('ctl-device');
  private readonly platform = byId<HTMLSelectElement>('ctl-platform');
  private readonly appVersion = byId<HTMLInputElement>('ctl-app-version');
  private readonly osVersion = byId<HTMLInputElement>('ctl-os-version');
  private readonly deviceNote = byId('ctl-device-note');
  private readonly phones = byId<HTMLAnchorElement>('ctl-phones');

  constructor(
    private readonly world: World,
    handlers: ControlsHandlers,
  ) {
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

    this.user.addEventListener('change', () => handlers.onChange({ userId: this.user.value }));
    // A new app opens in its own registered view type unless the user picks another.
    this.app.addEventListener('change', () => handlers.onChange({ embedId: this.app.value, viewType: undefined }));
    this.view.addEventListener('change', () => handlers.onChange({ viewType: this.view.value as ViewType }));
    this.context.addEventListener('change', () => handlers.onChange({ contextType: this.context.value as ContextType, chatId: undefined }));
    this.chat.addEventListener('change', () => handlers.onChange({ chatId: this.chat.value }));
    this.lang.addEventListener('change', () => handlers.onChange({ language: this.lang.value }));
    this.scopes.addEventListener('change', () => handlers.onChange({ scopes: this.checkedScopes() }));
    this.open.addEventListener('click', () => handlers.onOpen());

    replaceChildren(this.device, [option('', 'Custom'), ...DEVICE_PRESETS.map((p, i) => option(String(i), p.label))]);
    replaceChildren(
      this.platform,
      PLATFORMS.map((p) => option(p, PLATFORM_LABELS[p])),
    );
    this.device.addEventListener('change', () => {
      const preset = DEVICE_PRESETS[Number(this.device.value)];
      if (this.device.value !== '' && preset) handlers.onChange({ device: { ...preset.device } });
    });
    // A version is taken once it is valid; a wrong one stays in the field, marked, until fixed.
    const typed = (): void => {
      const appOk = isAppVersion(this.appVersion.value.trim());
      const osOk = isOsVersion(this.osVersion.value.trim());
      this.appVersion.setAttribute('aria-invalid', String(!appOk));
      this.osVersion.setAttribute('aria-invalid', String(!osOk));
      if (!appOk || !osOk) return;
      handlers.onChange({
        device: {
          platform: this.platform.value as Platform,
          appVersion: this.appVersion.value.trim(),
          osVersion: this.osVersion.value.trim(),
        },
      });
    };
    this.platform.addEventListener('change', typed);
    this.appVersion.addEventListener('change', typed);
    this.osVersion.addEventListener('change', typed);
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

    for (const box of this.scopes.querySelectorAll<HTMLInputElement>('input[name="scope"]')) {
      box.checked = state.scopes.includes(box.value as Scope);
    }

    this.renderDevice(state.device);
    this.phones.href = phonesLink(this.world, state);

    const app = findApp(this.world, state.embedId);
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

  /** Shows the device: the matching preset (else "Custom"), its fields, and what it cannot do. */
  private renderDevice(device: Device): void {
    const preset = DEVICE_PRESETS.findIndex((p) => sameDevice(p.device, device));
    this.device.value = preset >= 0 ? String(preset) : '';
    this.platform.value = device.platform;
    if (document.activeElement !== this.appVersion) this.appVersion.value = device.appVersion;
    if (document.activeElement !== this.osVersion) this.osVersion.value = device.osVersion;
    this.appVersion.setAttribute('aria-invalid', 'false');
    this.osVersion.setAttribute('aria-invalid', 'false');
    const features = clientFeatures(device);
    const missing = (Object.keys(FEATURE_NAMES) as (keyof ClientFeatures)[]).filter((k) => !features[k].supported);
    replaceChildren(
      this.deviceNote,
      missing.length === 0
        ? [document.createTextNode('Every feature of the spec works on this client.')]
        : [
            document.createTextNode('Not on this client: '),
            h(
              'ul',
              { className: 'device-note' },
              ...missing.map((k) => h('li', { text: FEATURE_NAMES[k], attrs: { title: features[k].why, 'data-feature': k } })),
            ),
          ],
    );
  }

  private checkedScopes(): Scope[] {
    const boxes = Array.from(this.scopes.querySelectorAll<HTMLInputElement>('input[name="scope"]'));
    return boxes.filter((b) => b.checked).map((b) => b.value as Scope);
  }
}

function titled<T extends HTMLElement>(el: T, title: string): T {
  el.title = title;
  return el;
}

function option(value: string, label: string): HTMLOptionElement {
  return h('option', { text: label, attrs: { value } });
}
