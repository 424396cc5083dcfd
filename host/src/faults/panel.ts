/**
 * The side panel's Faults group (docs/guide/faults.md, docs/guide/host.md): the fault rules in
 * force, each with what it names, its kind, its hits, what is left of it and its newest hits
 * (method, path, status), a button that removes it and one that removes them all, and the form of
 * a new rule (`form.ts`). The list is read again on each hit (the live feed's `fault` event),
 * after each change made here, and every {@link REREAD_MS} for rules set elsewhere (a test, the
 * command line, an agent), which the feed does not report. Talks to the simulator API's `faults`,
 * `addFault`, `deleteFault`, `clearFaults` and `clock` routes; a refusal is shown with its details.
 */
import type { FaultView } from '#contract/faults.js';
import { HttpError, type SimulatorClient } from '../simulator-api/client.js';
import { h, replaceChildren } from '../shared/dom.js';
import { FaultFieldError, FaultForm, needsClock, ruleOfFields, type FaultFields } from './form.js';
import { hitText, ruleCount, ruleEffect, ruleTarget } from './text.js';
import { coalesced } from '../shared/coalesce.js';

/** How often (ms) the rules are read again without a hit, so that rules set elsewhere show. */
export const REREAD_MS = 10_000;

/** How many of a rule's newest hits are listed under it (the server keeps 20). */
export const HITS_SHOWN = 5;

/** `HH:MM:SS` of a time of the simulated clock (ms since 1970), in the browser's time zone. */
function clock(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** What a rule is called on its button and in the messages: "getProfile: rateLimited". */
function ruleName(rule: FaultView): string {
  return `${ruleTarget(rule)}: ${ruleEffect(rule)}`;
}

/** A refusal or failure as the panel says it: the server's message with its details, and its status. */
function failure(err: unknown): string {
  if (err instanceof HttpError) return `${err.message} (HTTP ${err.status})`;
  return (err as Error).message;
}

/**
 * The group inside `root` (`#fault-panel`): `#fault-title`, `#fault-list` of
 * `li.fault-rule[data-fault-id][data-kind]` (each with `.fault-target`, `.fault-effect`,
 * `.fault-count`, `.fault-note`, `ol.fault-hits` and `button.fault-remove`), the form
 * (`details#fault-add`), `#fault-clear` and the status line `#fault-message`.
 */
export class FaultPanel {
  private readonly list: HTMLOListElement;
  private readonly clearButton: HTMLButtonElement;
  private readonly message: HTMLElement;
  private readonly title: HTMLElement;

  constructor(
    root: HTMLElement,
    private readonly client: SimulatorClient,
  ) {
    // Focus lands on the title when the rule whose button had it is gone.
    this.title = h('h2', { text: 'Faults', attrs: { id: 'fault-title', tabindex: -1 } });
    this.list = h('ol', { className: 'fault-list', attrs: { id: 'fault-list', 'aria-label': 'Fault rules in force' } });
    this.clearButton = h('button', {
      text: 'Remove every rule',
      attrs: { id: 'fault-clear', type: 'button' },
      on: { click: () => void this.clearAll() },
    });
    this.message = h('p', { className: 'status', attrs: { id: 'fault-message', role: 'status', 'aria-live': 'polite' } });
    const form = new FaultForm((fields) => this.add(fields));
    replaceChildren(root, [
      this.title,
      h('p', { className: 'field-note', text: 'Calls a rule names fail as the platform fails; each hit shows in the bridge log.' }),
      this.list,
      form.element,
      h('div', { className: 'button-row' }, this.clearButton),
      this.message,
    ]);
    // Only while the group is on screen: a phone of the several-phones page has it hidden.
    setInterval(() => {
      if (root.getClientRects().length > 0 && document.visibilityState !== 'hidden') void this.refresh();
    }, REREAD_MS);
    void this.refresh();
  }

  /** Reads the rules again and draws them (called by the live feed on each hit); calls made meanwhile coalesce. */
  readonly refresh = coalesced(() => this.load());

  private async load(): Promise<void> {
    let faults: FaultView[];
    try {
      faults = (await this.client.call('faults')).faults;
    } catch (err) {
      this.say(`Could not read the fault rules: ${failure(err)}`, 'error');
      return;
    }
    this.draw(faults);
  }

  /** Draws the rules, keeping the focus on the button that had it (the list is redrawn on every hit). */
  private draw(faults: FaultView[]): void {
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusedId = focused && this.list.contains(focused) ? focused.closest<HTMLElement>('.fault-rule')?.dataset.faultId : undefined;
    const clearFocused = focused === this.clearButton;
    replaceChildren(
      this.list,
      faults.length ? faults.map((f) => this.item(f)) : [h('li', { className: 'empty', text: 'No fault rules in force.' })],
    );
    this.clearButton.disabled = faults.length === 0;
    if (clearFocused && this.clearButton.disabled) this.title.focus();
    if (focusedId === undefined) return;
    const again = [...this.list.querySelectorAll<HTMLElement>('.fault-rule')].find((li) => li.dataset.faultId === focusedId);
    (again?.querySelector<HTMLElement>('.fault-remove') ?? this.title).focus();
  }

  private item(rule: FaultView): HTMLElement {
    const name = ruleName(rule);
    return h(
      'li',
      {
        className: 'fault-rule',
        attrs: { 'data-fault-id': rule.id, 'data-kind': rule.kind, 'data-spent': rule.remaining === 0 },
      },
      h(
        'div',
        { className: 'fault-head' },
        h('span', { className: 'fault-target mono', text: ruleTarget(rule) }),
        h('span', { className: 'fault-effect', text: ruleEffect(rule) }),
      ),
      h('p', { className: 'fault-count', text: ruleCount(rule) }),
      rule.note ? h('p', { className: 'fault-note field-note', text: rule.note }) : null,
      rule.recent.length
        ? h(
            'ol',
            { className: 'fault-hits mono', attrs: { 'aria-label': `Newest hits of ${name}` } },
            ...rule.recent.slice(0, HITS_SHOWN).map((hit) => h('li', { text: `${clock(hit.at)} ${hitText(hit, rule.kind)}` })),
          )
        : null,
      h('button', {
        className: 'ghost fault-remove',
        text: 'Remove',
        attrs: { type: 'button', 'aria-label': `Remove the rule ${name}` },
        on: { click: () => void this.remove(rule) },
      }),
    );
  }

  private async add(fields: FaultFields): Promise<void> {
    try {
      const now = needsClock(fields) ? (await this.client.call('clock')).now : Date.now();
      const rule = await this.client.call('addFault', { body: ruleOfFields(fields, now) });
      this.say(`Added ${ruleName(rule)}.`, 'info');
    } catch (err) {
      const refused = err instanceof HttpError || err instanceof FaultFieldError;
      this.say(`${refused ? 'The rule was refused' : 'Could not add the rule'}: ${failure(err)}`, 'error');
      return;
    }
    await this.refresh();
  }

  private async remove(rule: FaultView): Promise<void> {
    try {
      await this.client.call('deleteFault', { params: { faultId: rule.id } });
      this.say(`Removed ${ruleName(rule)}.`, 'info');
    } catch (err) {
      this.say(`Could not remove ${ruleName(rule)}: ${failure(err)}`, 'error');
    }
    await this.refresh();
  }

  private async clearAll(): Promise<void> {
    try {
      await this.client.call('clearFaults');
      this.say('Every fault rule removed.', 'info');
    } catch (err) {
      this.say(`Could not remove the rules: ${failure(err)}`, 'error');
    }
    await this.refresh();
  }

  private say(text: string, kind: 'info' | 'error'): void {
    this.message.textContent = text;
    this.message.dataset.kind = kind;
  }
}
