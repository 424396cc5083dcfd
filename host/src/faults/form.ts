/**
 * The Faults panel's form of a new rule (`panel.ts`; docs/guide/faults.md): the kind, the calls it
 * names (an operation chosen from the published operations and the simulator route names, or a
 * path glob), how long it holds (times, a share of the calls, minutes of the simulated clock), and
 * the status of a `status` rule or the wait of a `delay` rule. It checks that each number is one;
 * everything else (ranges, a status rule without its status, an unknown operation) is the server's
 * to refuse, and the panel shows its refusal.
 */
import { FAULT_KINDS, MAX_FAULT_DELAY_MS, type FaultRuleBody } from '#contract/faults.js';
import { PUBLISHED_OPERATIONS } from '#contract/published-platform.js';
import { SIMULATOR_API, SIMULATOR_PREFIX } from '#contract/simulator-api.js';
import { h, option } from '../shared/dom.js';

/** An operation a rule may name: its name (operationId or route name) and the call it stands for ("GET /v2/bot/profile/{userId}"). */
export interface FaultOperation {
  name: string;
  call: string;
}

/**
 * The operations a rule may name: the published operations in their documents' order, then the
 * simulator's routes, except those that manage the rules (`/faults`), which no rule hits.
 */
export function faultOperations(): FaultOperation[] {
  const seen = new Set<string>();
  const all = [
    ...PUBLISHED_OPERATIONS.map((o) => ({ name: o.operationId, call: `${o.method} ${o.path}` })),
    ...Object.entries(SIMULATOR_API)
      .filter(([, route]) => !route.path.startsWith('/faults'))
      .map(([name, route]) => ({ name, call: `${route.method} ${SIMULATOR_PREFIX}${route.path}` })),
  ];
  return all.filter((o) => !seen.has(o.name) && seen.add(o.name));
}

/** The form's fields as typed: "" for a field left empty; `status` and `delayMs` are read only for their kinds. */
export interface FaultFields {
  kind: FaultRuleBody['kind'];
  operation: string;
  path: string;
  times: string;
  share: string;
  /** Minutes of the simulated clock from now. */
  forMinutes: string;
  status: string;
  delayMs: string;
}

/** A field whose text is not a number: the form says so instead of sending the rule. */
export class FaultFieldError extends Error {
  override name = 'FaultFieldError';
}

/** The number typed in a field (undefined when empty). @throws FaultFieldError when it is not a number */
function numberOf(text: string, label: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  if (!Number.isFinite(n)) throw new FaultFieldError(`${label}: "${trimmed}" is not a number`);
  return n;
}

/**
 * The rule the fields make, with only the fields filled in: `forMinutes` becomes `until`, `nowMs`
 * (the simulated clock's time, ms since 1970) plus that many minutes.
 * @throws FaultFieldError when a number field holds something else than a number
 */
export function ruleOfFields(fields: FaultFields, nowMs: number): FaultRuleBody {
  const times = numberOf(fields.times, 'Times');
  const share = numberOf(fields.share, 'Share');
  const minutes = numberOf(fields.forMinutes, 'For');
  const status = fields.kind === 'status' ? numberOf(fields.status, 'Status') : undefined;
  const delayMs = fields.kind === 'delay' ? numberOf(fields.delayMs, 'Delay') : undefined;
  return {
    kind: fields.kind,
    ...(fields.operation.trim() ? { operation: fields.operation.trim() } : {}),
    ...(fields.path.trim() ? { path: fields.path.trim() } : {}),
    ...(times !== undefined ? { times } : {}),
    ...(share !== undefined ? { share } : {}),
    ...(minutes !== undefined ? { until: Math.round(nowMs + minutes * 60_000) } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(delayMs !== undefined ? { delayMs } : {}),
  };
}

/** Whether a rule of the fields needs the simulated clock's time (it holds for some minutes). */
export function needsClock(fields: FaultFields): boolean {
  return fields.forMinutes.trim() !== '';
}

/** A labelled field of the form: `label.field` with its text and its control. */
function field(label: string, control: HTMLElement, id?: string): HTMLLabelElement {
  return h('label', { className: 'field', attrs: { id } }, h('span', { text: label }), control);
}

/**
 * The form inside a folding `details#fault-add` ("Add a rule"): `#fault-kind`, `#fault-operation`
 * (with the `#fault-operations` list), `#fault-path`, `#fault-times`, `#fault-share`,
 * `#fault-for`, `#fault-status-code` (shown for `status`), `#fault-delay` (shown for `delay`) and
 * the `#fault-submit` button.
 */
export class FaultForm {
  /** The tool's element, for the panel to place. */
  readonly element: HTMLDetailsElement;
  private readonly kind: HTMLSelectElement;
  private readonly inputs: Record<Exclude<keyof FaultFields, 'kind'>, HTMLInputElement>;
  private readonly statusRow: HTMLElement;
  private readonly delayRow: HTMLElement;

  /** @param submit adds the rule the fields make; the panel says how it went */
  constructor(submit: (fields: FaultFields) => Promise<void>) {
    this.kind = h('select', { attrs: { id: 'fault-kind' }, on: { change: () => this.showKindFields() } });
    for (const kind of FAULT_KINDS) this.kind.append(option(kind, kind));
    const input = (id: string, attrs: Record<string, string | number> = {}) =>
      h('input', { attrs: { id, autocomplete: 'off', spellcheck: 'false', ...attrs } });
    this.inputs = {
      operation: input('fault-operation', { list: 'fault-operations', placeholder: 'getProfile, pushMessage…' }),
      path: input('fault-path', { placeholder: '/v2/bot/**' }),
      times: input('fault-times', { type: 'number', min: 1, step: 1, inputmode: 'numeric' }),
      share: input('fault-share', { type: 'number', min: 0, max: 1, step: 0.05, placeholder: '1' }),
      forMinutes: input('fault-for', { type: 'number', min: 1, step: 1, inputmode: 'numeric' }),
      status: input('fault-status-code', { type: 'number', min: 400, max: 599, step: 1, placeholder: '418' }),
      delayMs: input('fault-delay', { type: 'number', min: 0, max: MAX_FAULT_DELAY_MS, step: 100, placeholder: '5000' }),
    };
    const operations = h(
      'datalist',
      { attrs: { id: 'fault-operations' } },
      ...faultOperations().map((o) => h('option', { text: o.call, attrs: { value: o.name } })),
    );
    this.statusRow = field('Status', this.inputs.status);
    this.delayRow = field('Delay (ms)', this.inputs.delayMs);
    const form = h(
      'form',
      {
        className: 'fault-form',
        on: {
          submit: (e) => {
            e.preventDefault();
            void submit(this.fields());
          },
        },
      },
      field('Kind', this.kind),
      field('Operation', this.inputs.operation),
      operations,
      field('Path', this.inputs.path),
      h('p', {
        className: 'field-note',
        text: 'An operation, a path (* within a segment, a trailing /** the rest), or both; neither names every call.',
      }),
      field('Times', this.inputs.times),
      field('Share', this.inputs.share),
      field('For (min)', this.inputs.forMinutes),
      this.statusRow,
      this.delayRow,
      h('button', { text: 'Add rule', attrs: { id: 'fault-submit', type: 'submit' } }),
    );
    this.element = h('details', { className: 'bot-tool', attrs: { id: 'fault-add' } }, h('summary', { text: 'Add a rule' }), form);
    this.showKindFields();
  }

  /**
   * The fields as typed. A number field the browser could not read (`badInput`: its value is then
   * "") reads as "?", so that the rule is refused instead of sent without it.
   */
  fields(): FaultFields {
    const read = (el: HTMLInputElement) => (el.validity?.badInput ? '?' : el.value);
    const i = this.inputs;
    return {
      kind: this.kind.value as FaultFields['kind'],
      operation: read(i.operation),
      path: read(i.path),
      times: read(i.times),
      share: read(i.share),
      forMinutes: read(i.forMinutes),
      status: read(i.status),
      delayMs: read(i.delayMs),
    };
  }

  /** Shows the status field for `status` rules and the delay field for `delay` rules only. */
  private showKindFields(): void {
    this.statusRow.hidden = this.kind.value !== 'status';
    this.delayRow.hidden = this.kind.value !== 'delay';
  }
}
