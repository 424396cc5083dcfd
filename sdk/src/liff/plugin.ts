/**
 * `EmbedkitPlugin`: the plugin for the platform's current SDK (`@line/liff` 2.x) that makes an app
 * run in embedkit's host. Installed with `liff.use(new EmbedkitPlugin())` before `liff.init`, it
 * replaces the `liff` object's methods (the way `@line/liff-mock` plugs in) with embedkit's: calls
 * over the same bridge as the first-generation SDK (`contract/src/bridge/protocol.ts`), answered by the host and shown
 * in its bridge log. `LIFF_COVERAGE` (`./coverage.ts`) says, for every member of `Liff`, whether
 * embedkit serves it, refuses it as a client lacking it does, or keeps the SDK's own; each member's
 * implementation is in `./members/`.
 */
import type { Replaced } from './coverage.js';
import { isApiAvailable } from './rules/availability.js';
import { assign, isPluggableSdk, plugInto } from './install.js';
import type { Liff, LiffPlugin, LiffPluginContext } from './liff-types.js';
import { createState, type State } from './state.js';
import { routePlatformCalls } from './platform-fetch.js';
import { environmentMembers } from './members/environment.js';
import { activityMember, activityStore, startActivityWatch } from './members/activity.js';
import { calendarMember } from './members/calendar.js';
import { iapMember } from './members/iap.js';
import { initMember } from './members/init.js';
import { memberKit } from './members/kit.js';
import { loginMembers } from './members/login.js';
import { messengerMembers } from './members/messenger.js';
import { permanentLinkMember } from './members/permanent-link.js';
import { permissionMember } from './members/permission.js';
import { refusedMembers } from './members/refused.js';
import { screenMembers } from './members/screens.js';
import { shortcutMember } from './members/shortcut.js';
import { subWindowMembers } from './members/sub-window.js';
import { Tracer } from './trace.js';

/** What `liff.$embedkit` offers beside the `liff` object: whether the page runs in the host, and the session. */
export interface EmbedkitPluginApi {
  /** True once `liff.init` connected to embedkit's host. */
  readonly inHost: boolean;
}

/** Options of {@link EmbedkitPlugin}. */
export interface EmbedkitPluginOptions {
  /**
   * The embedkit server's origin, where `liff.login()` outside the host signs in and the profile
   * and friendship calls go (e.g. `http://localhost:8080`). Default: {@link pluginDefaults}.
   */
  server?: string;
}

/**
 * Defaults of the plugin: `server` is embedkit's default address, or the origin the script-tag
 * form was loaded from (`/sdk/v1/liff.js`).
 */
export const pluginDefaults = { server: 'http://localhost:8080' };

/**
 * The plugin. `name` is `embedkit` (the plugin's API is `liff.$embedkit`). Install it before
 * `liff.init({liffId})`, where `liffId` is an embedkit embed ID.
 */
export class EmbedkitPlugin implements LiffPlugin<EmbedkitPluginApi> {
  readonly name = 'embedkit';
  private readonly server: string;

  constructor(options: EmbedkitPluginOptions = {}) {
    this.server = new URL(options.server ?? pluginDefaults.server).origin;
  }

  install({ liff }: LiffPluginContext): EmbedkitPluginApi {
    const state = createState(this.server);
    const members = liffMembers(state);
    // Under embedkit (in the host, or logged in outside it) the page's own platform calls reach embedkit's server.
    routePlatformCalls(() => (state.session ? new URL(state.session.hostUrl).origin : state.web ? state.server : null));
    const sdk = liff as unknown as Record<string, unknown>;
    // The full SDK has every method already: plain assignments, so an app's own later assignment
    // (a test's stub) still wins. The pluggable one adds methods later: they must stay the host's.
    const pluggable = isPluggableSdk(sdk);
    for (const [key, value] of Object.entries(members)) {
      if (pluggable) plugInto(sdk, key, value, sdk[key] !== undefined);
      else assign(sdk, key, value);
    }
    return {
      get inHost() {
        return !!state.session;
      },
    };
  }
}

/** The members the plugin puts on the `liff` object, typed as `Liff` types them, in the order of `LIFF_COVERAGE`. */
function liffMembers(state: State): Pick<Liff, Replaced> {
  const kit = memberKit(state);
  const tracer = new Tracer(kit);
  const native = refusedMembers();
  const { subWindow, isSubWindow } = subWindowMembers(kit);
  const init = initMember(kit);
  const activityStates = activityStore();
  return tracer.wrap({
    // Once connected, the client's call and recording states are followed for `liff.activity`.
    init: (...args) =>
      init(...args).then(() => {
        tracer.connected();
        startActivityWatch(kit, activityStates);
      }),
    get ready() {
      return state.ready;
    },
    get id() {
      return state.liffId;
    },
    ...environmentMembers(kit),
    ...loginMembers(kit),
    ...messengerMembers(kit),
    isApiAvailable: tracer.checking((apiName) => isApiAvailable(apiName, kit.environment())),
    permanentLink: permanentLinkMember(kit),
    permission: permissionMember(kit),
    i18n: {
      // The SDK translates only its own alerts, which embedkit does not show.
      setLang: async () => undefined,
    },
    isSubWindow,
    getIsVideoAutoPlay: () => false,
    ...screenMembers(kit),
    subWindow,
    iap: iapMember(kit),
    calendar: calendarMember(kit),
    activity: activityMember(kit, activityStates),
    createShortcutOnHomeScreen: shortcutMember(kit),
    ...native,
  });
}
