/**
 * The LINE MINI App authorization flow as the host plays it (docs/platform/authorization-flow.md):
 * before an app opens, the server's plan (`consentPlan`) says which screen comes first and the
 * scopes the app starts with; the host opens that screen on the server (`openConsentScreen`),
 * draws it, and waits for the person's answer, given on the phone (`answerConsentScreen`) or
 * elsewhere (MCP, the CLI, a test: the live feed's `consentScreen`, or the screen read again when
 * the feed opens anew after a drop, as the host reads again everything the feed keeps current).
 * `liff.permission.requestAll()` and the first call needing a scope bring the permission request
 * screen the same way. A LIFF app that is not a MINI App keeps the host's rule: no screen, the
 * Scopes control's scopes among those the app registered.
 */
import type { ConsentPlan, ConsentScreen, ConsentScreenKind } from '#contract/simulator-api/social/consents.js';
import type { SimulatorClient } from '../simulator-api/client.js';
import { appScopes, buildSessionRequest, type HostState } from '../state/host-state.js';
import type { WorldApp } from '../state/world.js';
import { BridgeError, toBridgeError } from '../app/bridge/errors.js';
import type { DrawnScreen, TappedAnswer } from './screens.js';

/** The scopes a permission request screen may ask for: the LIFF permissions (Quick-fill asks for `commonprofile.*` itself). */
const REQUESTABLE = ['openid', 'profile', 'chat_message.write'];

/** The published text of a denied permission request screen. */
export const DENIED = "user didn't allow the agreement";
/** The published text of `requestAll` when nothing is left to ask. */
const NOTHING_LEFT = 'All permissions have already been approved.';

/** How the flow draws on the phone (consent/screens.ts; a fake in tests). */
export interface ConsentDrawer {
  screen(screen: ConsentScreen, language: string): DrawnScreen;
  loading(appName: string, language: string): Promise<void>;
}

/** The person denied a consent screen: the app does not open, or the call that asked rejects. */
export class ConsentDenied extends Error {
  override name = 'ConsentDenied';
  constructor(readonly kind: ConsentScreenKind) {
    super(
      kind === 'permission-request'
        ? DENIED
        : `The person cancelled the ${kind === 'channel-consent' ? 'channel consent' : 'channel consent simplification'} screen, so the app did not open (as the LINE app closes it).`,
    );
  }
}

/**
 * A failure of {@link ConsentFlow.requestAll} as the app's bridge call rejects: a Deny with 401 (the
 * plugin's `UNAUTHORIZED` "user didn't allow the agreement"), nothing left to ask with 403 (its
 * `FORBIDDEN`), a server's refusal with its status.
 */
export function permissionRefusal(err: unknown): unknown {
  if (err instanceof ConsentDenied) return new BridgeError('401', DENIED);
  if (err instanceof Error && err.message === NOTHING_LEFT) return new BridgeError('403', NOTHING_LEFT);
  return toBridgeError(err);
}

/** How an app opens: the plan, and the scopes of its first session. */
export interface Launch {
  plan: ConsentPlan;
  scopes: string[];
}

/**
 * The scopes the app's first session carries: a MINI App's are the plan's (what the person
 * granted, `openid` alone with the simplification); a LIFF app's the host's rule (the Scopes
 * control's among those the app registered).
 */
export function launchScopes(plan: ConsentPlan, state: HostState, app: WorldApp): string[] {
  return plan.miniApp ? [...plan.launchScopes] : buildSessionRequest(state, app).scopes;
}

/**
 * What a permission request screen asks for: the LIFF permissions the app registered that its
 * token lacks, in the app's order.
 */
export function scopesToRequest(app: WorldApp, granted: readonly string[]): string[] {
  return appScopes(app).filter((s) => REQUESTABLE.includes(s) && !granted.includes(s));
}

/** The state a screen ended in: answered by the person, or cancelled because the app closed. */
type Ending = 'allowed' | 'denied' | 'cancelled';

/** The authorization flow of one phone. */
export class ConsentFlow {
  /** The screens waiting for an answer, by screen id: the function that ends each. */
  private readonly waiting = new Map<string, (ending: Ending) => void>();

  constructor(
    private readonly client: SimulatorClient,
    private readonly drawer: ConsentDrawer,
  ) {}

  /**
   * Plays the start of `app` for the person of `state`: the plan, then its screen (a consent
   * screen, or the loading screen), and the scopes of the first session.
   * @returns the launch, or null when the app was closed meanwhile ({@link cancel})
   * @throws ConsentDenied when the person cancelled the consent screen; HttpError when the server refused
   */
  async launch(state: HostState, app: WorldApp): Promise<Launch | null> {
    const plan = await this.client.call('consentPlan', { params: { userId: state.userId, embedId: app.embedId } });
    if (plan.screen === 'loading') await this.drawer.loading(app.name, state.language);
    else if (plan.screen !== 'none') {
      const ending = await this.ask(plan.screen, state, app, plan.launchScopes);
      if (ending === 'cancelled') return null;
      if (ending === 'denied') throw new ConsentDenied(plan.screen);
    }
    return { plan, scopes: launchScopes(plan, state, app) };
  }

  /**
   * The permission request screen for what the app registered and its token lacks
   * (`liff.permission.requestAll()`).
   * @returns the scopes of the new session (those granted before and those just allowed), or null when the app was closed meanwhile
   * @throws ConsentDenied when the person denied; Error when nothing is left to ask (the SDK asks first)
   */
  async requestAll(state: HostState, app: WorldApp, granted: readonly string[]): Promise<string[] | null> {
    const asked = scopesToRequest(app, granted);
    if (!asked.length) throw new Error(NOTHING_LEFT);
    const ending = await this.ask('permission-request', state, app, asked);
    if (ending === 'cancelled') return null;
    if (ending === 'denied') throw new ConsentDenied('permission-request');
    return [...granted, ...asked];
  }

  /** The live feed's `consentScreen`: a screen answered elsewhere closes here and the flow goes on. */
  heard(event: { screenId: string; state: string }): void {
    if (event.state === 'allowed' || event.state === 'denied') this.waiting.get(event.screenId)?.(event.state);
  }

  /** The live feed opened (again): an answer given while it was down was not heard, so every shown screen is read again. */
  resync(): void {
    for (const screenId of this.waiting.keys()) void this.readAgain(screenId);
  }

  /** The app closed (or another opened): every shown screen goes away unanswered. */
  cancel(): void {
    for (const end of [...this.waiting.values()]) end('cancelled');
  }

  /** Opens a screen on the server, draws it, and waits for its answer from wherever it comes. */
  private async ask(kind: ConsentScreenKind, state: HostState, app: WorldApp, scopes: string[]): Promise<Ending> {
    const body = { kind, userId: state.userId, embedId: app.embedId, scopes };
    const screen = await this.client.call('openConsentScreen', { body });
    const drawn = this.drawer.screen(screen, state.language);
    return new Promise<Ending>((resolve, reject) => {
      const settle = () => {
        if (!this.waiting.has(screen.screenId)) return false;
        this.waiting.delete(screen.screenId);
        drawn.close();
        return true;
      };
      const end = (ending: Ending) => {
        if (settle()) resolve(ending);
      };
      this.waiting.set(screen.screenId, end);
      drawn.tapped
        .then((tap) => this.answer(screen.screenId, tap))
        .then(end, (err: unknown) => {
          if (settle()) reject(err instanceof Error ? err : new Error(String(err)));
        });
    });
  }

  /**
   * Sends the person's tap; when the screen was answered elsewhere first, that answer holds.
   * @throws HttpError when the answer did not reach the server and the screen is still pending
   */
  private async answer(screenId: string, tap: TappedAnswer): Promise<Ending> {
    try {
      const answered = await this.client.call('answerConsentScreen', { params: { screenId }, body: tap });
      return answered.state === 'pending' ? 'cancelled' : answered.state;
    } catch (err) {
      const now = await this.client.call('consentScreen', { params: { screenId } }).catch(() => null);
      if (now && now.state !== 'pending') return now.state;
      throw err;
    }
  }

  private async readAgain(screenId: string): Promise<void> {
    const now = await this.client.call('consentScreen', { params: { screenId } }).catch(() => null);
    if (now) this.heard(now);
  }
}
