/**
 * The frame the LINE app draws around the open app, in the host: for a LINE MINI App, the header it
 * generates (`header.ts`, by `rules.ts`) in the overlay's header slot, what its action button opens
 * (`sheets.ts`) and what each option does; minimizing, and the chip that brings the app back; the
 * person's recently used services (`recent-services.ts`). Any other app keeps the overlay's own
 * header (the LIFF browser's). The app session tells it what opens and closes and what the page
 * reports of itself (`pageState`); docs/guide/host.md ("The MINI App frame").
 */
import { PROTOCOL, PROTOCOL_VERSION, type PageCommandMessage, type PageState } from '#contract/bridge/protocol.js';
import type { Device } from '../phone/device.js';
import { MiniAppHeader, type MiniAppFrameRules } from './header.js';
import type { RecentService, RecentServices } from './recent-services.js';
import { domainOf, frameOf, serviceName, type FrameOption, type MiniAppKind } from './rules.js';
import { shareLinkOf } from './share-link.js';
import { minimizedChip, showMultiTabView, showOptionsSheet } from './sheets.js';
import { frameTexts, type FrameTexts } from './texts.js';

/** What the frame needs of the phone, once: set by the shell. */
export interface FrameWiring {
  /** The positioned phone screen: the sheets and the minimized chip go over it. */
  screen: HTMLElement;
  /** The overlay's header slot, and hiding it whole while the app is minimized (the frame keeps running). */
  overlay: { useHeader(header: HTMLElement): void; setHidden(hidden: boolean): void };
  recent: RecentServices;
  /** Opens another of the person's services (the multi-tab view's recently used services). */
  openService(service: RecentService): void;
  /** The host page's address: the base of the permanent link Share sends. */
  hostUrl(): string;
}

/** One app opening in the overlay, as the app session tells it, with what its options do there. */
export interface FrameOpening {
  app: { embedId: string; name: string; miniApp?: MiniAppKind };
  userId: string;
  device: Device;
  language: string;
  /** The address the overlay opened the page at (its endpoint as this page reaches it). */
  url: string;
  /** The overlay's frame. */
  frame: HTMLIFrameElement;
  /** Closes the app (the close button). */
  close(): void;
  /** Sends `messages` to chats the person picks (the share target picker); settles once sent or cancelled. */
  share(messages: Record<string, unknown>[]): Promise<unknown>;
  /** Adds the page below the endpoint (`liffState`) to the home screen, as `liff.createShortcutOnHomeScreen` does. */
  addShortcut(liffState: string): unknown;
}

/** The open MINI App's frame. */
interface Shown {
  opening: FrameOpening;
  frame: MiniAppFrameRules;
  texts: FrameTexts;
  header: MiniAppHeader;
  page?: PageState;
  chip?: HTMLElement;
  closeSheet?: () => void;
  onLoad: () => void;
}

/** The frame around the app open in the overlay; see the module's comment. */
export class MiniAppFrame {
  private shown: Shown | null = null;

  constructor(private readonly wiring: FrameWiring) {}

  /** Whether the open MINI App is minimized (hidden, still running, the chip on the screen). */
  get minimized(): boolean {
    return this.shown?.chip !== undefined;
  }

  /**
   * An app opened in the overlay: records it among the person's recently used services and, for a
   * MINI App, puts its header in the overlay and starts its loading bar.
   */
  open(opening: FrameOpening): void {
    this.closed();
    this.wiring.recent.used(opening.userId, opening.app.embedId, opening.app.name);
    const frame = frameOf(opening.app.miniApp, opening.device);
    if (frame.header !== 'mini-app') return;
    const texts = frameTexts(opening.language);
    const header = new MiniAppHeader(frame, texts, opening.app.name, {
      back: () => this.back(),
      action: () => this.action(),
      close: () => opening.close(),
      minimize: () => this.minimize(),
    });
    header.setDomain(domainOf(undefined, opening.url));
    const onLoad = () => header.setLoading(false);
    const shown: Shown = { opening, frame, texts, header, onLoad };
    this.shown = shown;
    this.wiring.overlay.useHeader(header.root);
    header.setLoading(true);
    opening.frame.addEventListener('load', onLoad);
  }

  /** The page told the host its title, address and history (`pageState`): the header follows. */
  report(state: PageState): void {
    const shown = this.shown;
    if (!shown) return;
    shown.page = state;
    shown.header.setTitle(this.nameOf(shown));
    shown.header.setDomain(domainOf(state.url, shown.opening.url));
    shown.header.setCanGoBack(state.canGoBack);
  }

  /** The app closed: its header, sheets and chip go. */
  closed(): void {
    const shown = this.shown;
    if (!shown) return;
    this.shown = null;
    shown.closeSheet?.();
    shown.chip?.remove();
    shown.opening.frame.removeEventListener('load', shown.onLoad);
  }

  private nameOf(shown: Shown): string {
    return serviceName(shown.page?.title, shown.opening.app.name);
  }

  /** The action button: the multi-tab view (LINE 15.12.0 or later) or the options sheet. */
  private action(): void {
    const shown = this.shown;
    if (!shown) return;
    shown.closeSheet?.();
    const content = { serviceName: this.nameOf(shown), options: shown.frame.options, texts: shown.texts };
    const choose = (option: FrameOption) => void this.choose(option);
    shown.closeSheet =
      shown.frame.action === 'multi-tab'
        ? showMultiTabView(
            this.wiring.screen,
            content,
            this.wiring.recent.of(shown.opening.userId, shown.opening.app.embedId),
            choose,
            (service) => this.wiring.openService(service),
          )
        : showOptionsSheet(this.wiring.screen, content, choose);
  }

  /** What each option does ("Built-in features"). */
  private async choose(option: FrameOption): Promise<void> {
    const shown = this.shown;
    if (!shown) return;
    const { opening } = shown;
    if (option === 'refresh') return this.refresh(shown);
    if (option === 'minimize') return this.minimize();
    const link = shareLinkOf(this.wiring.hostUrl(), opening.app, opening.url, shown.page?.url);
    if (option === 'share') {
      try {
        await opening.share([{ type: 'text', text: `${this.nameOf(shown)}\n${link}` }]);
      } catch (err) {
        console.error('sharing the page failed', err);
      }
      return;
    }
    // Add to home screen: the page open now, below the endpoint, as a permanent link carries it.
    const liffState = new URL(link).searchParams.get('liff.state') ?? '/';
    opening.addShortcut(liffState);
  }

  /**
   * Refresh: the page open now loads anew (at its reported address when it is on the app's origin,
   * else where the overlay opened it). The frame is taken out and put back, so the load starts from
   * the address alone (a frame's own reload cannot be asked across origins) and adds no history entry.
   */
  private refresh(shown: Shown): void {
    const frame = shown.opening.frame;
    const parent = frame.parentNode;
    if (!parent) return;
    const opened = new URL(shown.opening.url);
    const reported = shown.page?.url;
    const next = reported && new URL(reported).origin === opened.origin ? reported : frame.src || shown.opening.url;
    const after = frame.nextSibling;
    frame.remove();
    frame.src = next;
    shown.page = undefined;
    shown.header.setCanGoBack(false);
    shown.header.setLoading(true);
    parent.insertBefore(frame, after);
  }

  /** The back button: the page goes one page back in its own history (its SDK does it: the host cannot reach it across origins). */
  private back(): void {
    const shown = this.shown;
    const target = shown?.opening.frame.contentWindow;
    if (!shown || !target) return;
    const command: PageCommandMessage = { protocol: PROTOCOL, version: PROTOCOL_VERSION, type: 'command', command: 'back' };
    target.postMessage(command, new URL(shown.opening.url).origin);
  }

  /** Minimize: the app is hidden but keeps running; the chip on the phone's screens brings it back. */
  private minimize(): void {
    const shown = this.shown;
    if (!shown || shown.chip) return;
    shown.closeSheet?.();
    this.wiring.overlay.setHidden(true);
    shown.chip = minimizedChip(this.nameOf(shown), shown.texts, () => this.restore());
    this.wiring.screen.append(shown.chip);
  }

  /** Brings the minimized app back as it was. */
  private restore(): void {
    const shown = this.shown;
    if (!shown?.chip) return;
    shown.chip.remove();
    shown.chip = undefined;
    this.wiring.overlay.setHidden(false);
  }
}
