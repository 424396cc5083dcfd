/**
 * The side panel's "Consent" group (docs/platform/authorization-flow.md): which side of the
 * 2026-08-26 change the world plays (`consentFlow`, `setConsentFlow`), the chosen MINI App's
 * channel consent simplification switch with whether it is in effect and why (`consentPlan`,
 * `setMiniAppConsent`), and what the signed-in person granted each channel, each revocable
 * (`grants`, `revokeGrants`, `setSimplificationAgreement`).
 */
import { CONSENT_FLOWS, type ConsentFlow, type Grants } from '#contract/simulator-api/social/consents.js';
import type { SimulatorClient } from '../simulator-api/client.js';
import { h, option, replaceChildren } from '../shared/dom.js';
import type { HostState } from '../state/host-state.js';
import { findApp, type World } from '../state/world.js';

const FLOW_LABELS: Record<ConsentFlow, string> = { current: 'Current', 'before-2026-08-26': 'Before 2026-08-26' };

/** The panel, built inside `root` (the `#consent-panel` section of the page). */
export class ConsentPanel {
  private readonly flow = h('select', { attrs: { id: 'consent-flow' } }, ...CONSENT_FLOWS.map((f) => option(f, FLOW_LABELS[f])));
  private readonly simplification = h('input', { attrs: { type: 'checkbox', id: 'consent-simplification' } });
  private readonly miniApp = h(
    'div',
    { attrs: { id: 'consent-mini-app', hidden: true } },
    h('label', { className: 'check' }, this.simplification, ' Channel consent simplification'),
    h('p', { className: 'field-note', attrs: { id: 'consent-why' } }),
  );
  private readonly grants = h('ul', { className: 'sim-list', attrs: { id: 'consent-grants', 'aria-label': 'Grants' } });
  private readonly status = h('p', { className: 'sim-note', attrs: { id: 'consent-status', role: 'status' } });
  private subject: { userId: string; embedId: string; miniApp: boolean } | null = null;

  constructor(
    root: HTMLElement,
    private readonly world: () => World,
    private readonly client: SimulatorClient,
  ) {
    replaceChildren(root, [
      h('h2', { text: 'Consent', attrs: { id: 'consent-title' } }),
      h('label', { className: 'field' }, h('span', { text: 'Flow' }), this.flow),
      this.miniApp,
      h('p', { className: 'sim-note', text: 'Granted by this person:' }),
      this.grants,
      this.status,
    ]);
    this.flow.addEventListener('change', () => void this.setFlow(this.flow.value as ConsentFlow));
    this.simplification.addEventListener('change', () => void this.setSimplification(this.simplification.checked));
    void this.loadFlow();
  }

  /** Shows the state's person and app: the app's simplification (a MINI App's), the person's grants. */
  show(state: HostState): void {
    const app = findApp(this.world(), state.embedId);
    const next = { userId: state.userId, embedId: state.embedId, miniApp: !!app?.miniApp };
    if (next.userId === this.subject?.userId && next.embedId === this.subject?.embedId) return;
    this.subject = next;
    void this.refresh();
  }

  /** Reads the person's grants and the app's plan again (after a screen was answered, a revocation...). */
  async refresh(): Promise<void> {
    const subject = this.subject;
    if (!subject) return;
    try {
      const grants = await this.client.call('grants', { params: { userId: subject.userId } });
      if (subject !== this.subject) return;
      this.drawGrants(grants);
      this.miniApp.hidden = !subject.miniApp || !subject.embedId;
      if (!this.miniApp.hidden) {
        const plan = await this.client.call('consentPlan', { params: { userId: subject.userId, embedId: subject.embedId } });
        if (subject !== this.subject) return;
        this.simplification.checked = plan.simplification;
        this.whyNote().textContent = plan.simplificationWhy;
      }
    } catch (err) {
      this.setStatus(`Could not read the consents: ${(err as Error).message}`);
    }
  }

  private whyNote(): HTMLElement {
    return this.miniApp.querySelector('#consent-why')!;
  }

  private drawGrants(grants: Grants): void {
    const channelName = (id: string) => this.world().channels.find((c) => c.channelId === id)?.name ?? id;
    const rows = grants.grants.map((g) =>
      h(
        'li',
        { attrs: { 'data-channel-id': g.channelId } },
        h('span', { text: `${channelName(g.channelId)}: ${g.scopes.join(', ') || '—'}` }),
        ' ',
        h('button', {
          className: 'ghost consent-revoke',
          text: 'Revoke',
          attrs: { type: 'button', title: `Revoke every scope granted to ${channelName(g.channelId)}` },
          on: { click: () => void this.revoke(g.channelId) },
        }),
      ),
    );
    const agreement = grants.simplificationAgreed
      ? h(
          'li',
          { attrs: { id: 'consent-agreement' } },
          'Agreed to the channel consent simplification ',
          h('button', {
            className: 'ghost',
            text: 'Withdraw',
            attrs: { type: 'button', id: 'consent-withdraw' },
            on: { click: () => void this.withdraw() },
          }),
        )
      : null;
    replaceChildren(this.grants, rows.length || agreement ? [...rows, agreement] : [h('li', { text: 'Nothing granted yet.' })]);
  }

  private async loadFlow(): Promise<void> {
    try {
      this.flow.value = (await this.client.call('consentFlow')).flow;
    } catch (err) {
      this.setStatus(`Could not read the consent flow: ${(err as Error).message}`);
    }
  }

  private async setFlow(flow: ConsentFlow): Promise<void> {
    await this.act(async () => {
      this.flow.value = (await this.client.call('setConsentFlow', { body: { flow } })).flow;
      return `The world plays the authorization flow ${flow === 'current' ? 'as it is now' : 'as it was before 2026-08-26'}.`;
    });
  }

  private async setSimplification(on: boolean): Promise<void> {
    const subject = this.subject;
    if (!subject) return;
    await this.act(async () => {
      const answer = await this.client.call('setMiniAppConsent', { params: { embedId: subject.embedId }, body: { simplification: on } });
      this.simplification.checked = answer.simplification;
      this.whyNote().textContent = answer.why;
      return `Channel consent simplification ${answer.effective ? 'in effect' : 'not in effect'} for the next open.`;
    });
  }

  private async revoke(channelId: string): Promise<void> {
    const subject = this.subject;
    if (!subject) return;
    await this.act(async () => {
      const answer = await this.client.call('revokeGrants', { params: { userId: subject.userId, channelId }, body: {} });
      return `Revoked; ${answer.tokensRevoked} token(s) of the channel stopped working.`;
    });
  }

  private async withdraw(): Promise<void> {
    const subject = this.subject;
    if (!subject) return;
    await this.act(async () => {
      await this.client.call('setSimplificationAgreement', { params: { userId: subject.userId }, body: { agreed: false } });
      return 'The agreement to the channel consent simplification was withdrawn.';
    });
  }

  /** Runs a change, says what it did (or why it failed), then shows what holds. */
  private async act(change: () => Promise<string>): Promise<void> {
    try {
      this.setStatus(await change());
    } catch (err) {
      this.setStatus(`Could not change the consents: ${(err as Error).message}`);
    }
    await this.refresh();
  }

  private setStatus(text: string): void {
    this.status.textContent = text;
  }
}
