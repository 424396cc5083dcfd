/**
 * The side panel's Review tool (docs/guide/review.md, docs/guide/host.md): a button per LINE MINI
 * App of the world (the one open in the phone first, marked open) that reviews it against the
 * platform's published rules, as `embedkit review` does, and the findings listed: each with its
 * status, what was seen, the rule, a link to its published page and, for a warn or a fail, the fix.
 * Talks to the simulator API's `reviewMiniApp` route; a review takes tens of seconds (Lighthouse),
 * said while it runs; a refusal is shown as the server words it.
 */
import type { Finding, ReviewReport } from '#contract/review.js';
import { HttpError, type SimulatorClient } from '../simulator-api/client.js';
import { h, replaceChildren } from '../shared/dom.js';

/** A MINI App the tool offers: its LIFF ID and name, and whether it is open in the phone. */
export interface ReviewableApp {
  embedId: string;
  name: string;
  open: boolean;
}

/** A refusal or failure as the tool says it: the server's message and its status. */
function failure(err: unknown): string {
  if (err instanceof HttpError) return `${err.message} (HTTP ${err.status})`;
  return (err as Error).message;
}

/** One finding: `li.review-finding[data-check][data-status]` with its status, title, seen, rule and source, and fix. */
function findingItem(f: Finding): HTMLElement {
  return h(
    'li',
    { className: 'review-finding', attrs: { 'data-check': f.check, 'data-status': f.status } },
    h('span', { className: 'review-status', text: f.status.toUpperCase() }),
    h('strong', { text: ` ${f.title}` }),
    h('p', { className: 'review-seen', text: `Seen: ${f.seen}` }),
    h(
      'p',
      { className: 'field-note review-rule' },
      h('span', { text: `${f.check}: ${f.rule} ` }),
      // The source is the platform's published page: opened apart, and never told where it was opened from.
      h('a', { text: 'Source', attrs: { href: f.source, target: '_blank', rel: 'noopener noreferrer' } }),
    ),
    f.fix ? h('p', { className: 'review-fix', text: `Fix: ${f.fix}` }) : null,
  );
}

/**
 * The group inside `root` (`#review-panel`): `#review-title`, `#review-apps` with a
 * `button.review-run[data-embed-id]` per MINI App, the status line `#review-status` and the list
 * `#review-findings`. The buttons are drawn again each time {@link ReviewPanel.setApps} is told the apps.
 */
export class ReviewPanel {
  private readonly apps: HTMLElement;
  private readonly status: HTMLElement;
  private readonly findings: HTMLOListElement;
  private running = false;

  constructor(
    root: HTMLElement,
    private readonly client: SimulatorClient,
  ) {
    this.apps = h('div', { className: 'button-row review-apps', attrs: { id: 'review-apps' } });
    this.status = h('p', { className: 'field-note', attrs: { id: 'review-status', role: 'status' } });
    this.findings = h('ol', { className: 'review-findings', attrs: { id: 'review-findings', 'aria-label': 'Findings' } });
    replaceChildren(root, [
      h('h2', { text: 'Review', attrs: { id: 'review-title' } }),
      h('p', {
        className: 'field-note',
        text: 'Checks a LINE MINI App against the platform’s published rules (Lighthouse, safe areas, title, what its sessions did).',
      }),
      this.apps,
      this.status,
      this.findings,
    ]);
    this.setApps([]);
  }

  /** The MINI Apps to offer, the open one first. */
  setApps(apps: readonly ReviewableApp[]): void {
    const sorted = [...apps].sort((a, b) => Number(b.open) - Number(a.open));
    if (!sorted.length) {
      replaceChildren(this.apps, [h('p', { className: 'field-note', text: 'No LINE MINI App in this world.' })]);
      return;
    }
    replaceChildren(
      this.apps,
      sorted.map((app) =>
        h('button', {
          className: 'review-run',
          text: `Review ${app.name}${app.open ? ' (open)' : ''}`,
          attrs: { type: 'button', 'data-embed-id': app.embedId, disabled: this.running },
          on: { click: () => void this.review(app) },
        }),
      ),
    );
  }

  /** Reviews one MINI App and lists its findings. */
  async review(app: Pick<ReviewableApp, 'embedId' | 'name'>): Promise<ReviewReport | undefined> {
    if (this.running) return undefined;
    this.setRunning(true);
    this.status.textContent = `Reviewing ${app.name}… (Lighthouse takes about 20 seconds)`;
    replaceChildren(this.findings, []);
    try {
      const report = await this.client.call('reviewMiniApp', { body: { target: app.embedId } });
      const { pass, warn, fail } = report.summary;
      this.status.textContent = `${app.name}: ${pass} pass, ${warn} warn, ${fail} fail (${(report.durationMs / 1000).toFixed(1)} s, ${report.url})`;
      replaceChildren(this.findings, report.findings.map(findingItem));
      return report;
    } catch (err) {
      this.status.textContent = `The review of ${app.name} was refused: ${failure(err)}`;
      return undefined;
    } finally {
      this.setRunning(false);
    }
  }

  private setRunning(running: boolean): void {
    this.running = running;
    for (const b of this.apps.querySelectorAll('button')) b.disabled = running;
  }
}
