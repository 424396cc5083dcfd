/**
 * The message preview ("Simulator" tab): paste message JSON (one message, an array, or a request
 * body `{messages}`), see it rendered as the chat would, and, beside it, the platform validator's
 * errors (the simulator API's `validateMessages` route) with the JSON at each error's path highlighted.
 * The preview renders even invalid messages, so a developer sees both at once.
 *
 * Elements: `#simulator-pane`, `#preview-input` (textarea), `#preview-highlights` (marks behind it),
 * `#preview-messages[data-render-ms]` (the rendered messages; the attribute is the time the last render
 * took, DOM and layout, in ms), `#preview-status[data-state="valid"|"invalid"|"syntax"|"pending"|"error"]`,
 * `#preview-errors` > `li.preview-error[data-property]`, `#preview-example`.
 */
import type { ValidationAnswer } from '#contract/wire.js';
import { ActionDispatcher, recordPostback } from '../phone/chat/actions.js';
import { HttpError } from '../simulator-api/client.js';
import { renderMessageContent, renderQuickReply } from '../phone/chat/render.js';
import { messageDeprecations } from '../shared/deprecations.js';
import { h, replaceChildren } from '../shared/dom.js';
import { InAppBrowser } from '../phone/views/inapp-browser.js';
import { Pickers } from '../phone/views/pickers.js';
import { Toasts } from '../phone/views/toast.js';
import { inputShape, messagesOf, pathInInput, rangeOfPath, type PathRange } from './json-paths.js';
import { JsonSyntaxError, parseJsonWithRanges, type JsonNode } from './json-ranges.js';
import { PREVIEW_SAMPLES } from './samples.js';

/** Milliseconds of quiet typing before the validator is asked. */
export const VALIDATE_DELAY_MS = 250;

/** What the pane needs: the validator. */
export interface SimulatorDeps {
  validate(messages: unknown[]): Promise<ValidationAnswer>;
}

/** The message preview pane. */
export class MessagePreviewPane {
  /** The pane's root: put it in the page (the tab switch shows and hides it). */
  readonly root: HTMLElement;
  private readonly input: HTMLTextAreaElement;
  private readonly highlights: HTMLElement;
  private readonly preview: HTMLElement;
  private readonly status: HTMLElement;
  private readonly errors: HTMLElement;
  private readonly timing: HTMLElement;
  private readonly actions: ActionDispatcher;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;

  constructor(private readonly deps: SimulatorDeps) {
    this.input = h('textarea', {
      className: 'preview-input',
      attrs: { id: 'preview-input', spellcheck: 'false', autocomplete: 'off', 'aria-label': 'Message JSON', wrap: 'soft' },
    });
    this.highlights = h('div', { className: 'preview-highlights', attrs: { id: 'preview-highlights', 'aria-hidden': 'true' } });
    this.preview = h('div', {
      className: 'preview-messages',
      attrs: { id: 'preview-messages', role: 'log', 'aria-label': 'Rendered messages' },
    });
    this.status = h('p', { className: 'preview-status', attrs: { id: 'preview-status', role: 'status', 'aria-live': 'polite' } });
    this.errors = h('ol', { className: 'preview-errors', attrs: { id: 'preview-errors' } });
    this.timing = h('span', { className: 'preview-timing', attrs: { id: 'preview-render-time' } });
    const select = h(
      'select',
      { attrs: { id: 'preview-example', 'aria-label': 'Load an example' } },
      h('option', { text: 'Load an example…', attrs: { value: '' } }),
    );
    PREVIEW_SAMPLES.forEach((s, i) => select.append(h('option', { text: s.name, attrs: { value: String(i) } })));
    select.addEventListener('change', () => {
      const sample = PREVIEW_SAMPLES[Number(select.value)];
      select.value = '';
      if (sample) this.setText(JSON.stringify(sample.messages.length === 1 ? sample.messages[0] : sample.messages, null, 2));
    });

    const phone = h('div', { className: 'preview-phone' }, this.preview);
    const toasts = new Toasts(phone);
    const browser = new InAppBrowser(phone);
    const pickers = new Pickers(phone);
    // Nothing is sent from the preview (no chat): actions say what they would do.
    this.actions = new ActionDispatcher({
      sendAsUser: () => Promise.reject(new Error('the preview has no chat')),
      openBrowser: (url) => browser.open(url),
      pickers,
      toast: (text, kind) => toasts.show(text, kind),
      onPostback: recordPostback,
      onSent: () => undefined,
    });

    this.root = h(
      'section',
      { className: 'preview-pane', attrs: { id: 'simulator-pane', 'aria-label': 'Message preview' } },
      h(
        'div',
        { className: 'preview-col preview-editor-col' },
        h('header', { className: 'preview-head' }, h('h2', { text: 'Message JSON' }), select),
        h('p', { className: 'preview-hint', text: 'One message object, an array of up to 5, or a request body {"messages": [...]}.' }),
        h('div', { className: 'preview-editor' }, this.highlights, this.input),
        this.status,
        this.errors,
      ),
      h(
        'div',
        { className: 'preview-col preview-preview-col' },
        h('header', { className: 'preview-head' }, h('h2', { text: 'Preview' }), this.timing),
        phone,
      ),
    );

    this.input.addEventListener('input', () => this.update());
    this.input.addEventListener('scroll', () => this.syncScroll());
    const first = PREVIEW_SAMPLES[0]!;
    this.setText(JSON.stringify(first.messages[0], null, 2));
  }

  /** Replaces the JSON and renders it. */
  setText(text: string): void {
    this.input.value = text;
    this.update();
  }

  /** Renders the current JSON now and asks the validator after a short pause. */
  update(): void {
    const text = this.input.value;
    const generation = ++this.generation;
    clearTimeout(this.timer);
    let root: JsonNode;
    let value: unknown;
    try {
      root = parseJsonWithRanges(text);
      value = JSON.parse(text) as unknown;
    } catch (err) {
      const e = err instanceof JsonSyntaxError ? err : new JsonSyntaxError((err as Error).message, 0, 1, 1);
      this.setStatus('syntax', `JSON syntax error: ${e.message}`);
      replaceChildren(this.errors, []);
      this.mark(text, [{ start: e.offset, end: Math.min(text.length, e.offset + 1), exact: true, property: '' }]);
      return;
    }
    const messages = messagesOf(value);
    this.renderPreview(messages);
    this.mark(text, []);
    this.setStatus('pending', 'Validating…');
    this.timer = setTimeout(() => void this.validate(messages, root, inputShape(value), text, generation), VALIDATE_DELAY_MS);
  }

  /** Renders `messages` as the chat shows a bot's messages; records the time it took. */
  private renderPreview(messages: unknown[]): void {
    const started = performance.now();
    const nodes: HTMLElement[] = [];
    for (const m of messages) {
      const message = m !== null && typeof m === 'object' && !Array.isArray(m) ? (m as Record<string, unknown>) : {};
      const { node, wide } = renderMessageContent(message, { onAction: (action) => void this.actions.run(action, null) });
      node.classList.add('message-body');
      nodes.push(
        h(
          'div',
          { className: `message bot${wide ? ' wide' : ''}`, attrs: { 'data-message-type': String(message.type ?? '') } },
          h('div', { className: 'message-row' }, node),
        ),
      );
    }
    const last = messages.at(-1);
    const quick = renderQuickReply(last !== null && typeof last === 'object' ? (last as Record<string, unknown>) : undefined, {
      onAction: (action) => void this.actions.run(action, null),
    });
    if (quick) nodes.push(quick);
    replaceChildren(this.preview, nodes);
    // Include layout in the measure: a call, which the bundle keeps (it drops unused property reads).
    this.preview.getBoundingClientRect();
    const ms = performance.now() - started;
    this.preview.dataset.renderMs = ms.toFixed(2);
    this.timing.textContent = `rendered in ${ms.toFixed(1)} ms`;
  }

  private async validate(
    messages: unknown[],
    root: JsonNode,
    shape: ReturnType<typeof inputShape>,
    text: string,
    generation: number,
  ): Promise<void> {
    let answer: ValidationAnswer;
    try {
      answer = await this.deps.validate(messages);
    } catch (err) {
      if (generation !== this.generation) return;
      this.setStatus('error', `Could not validate: ${err instanceof HttpError ? `${err.status} ${err.message}` : (err as Error).message}`);
      return;
    }
    if (generation !== this.generation) return;
    const deprecated = messageDeprecations(messages, 'messages').map((x) =>
      h(
        'li',
        { className: 'preview-deprecation', attrs: { 'data-property': x.path } },
        h('code', { className: 'preview-error-path', text: x.path }),
        h('span', { className: 'preview-error-message', text: x.message }),
      ),
    );
    if (answer.valid) {
      this.setStatus('valid', deprecated.length ? 'Valid, with deprecated fields (below).' : 'Valid: the platform accepts these messages.');
      replaceChildren(this.errors, deprecated);
      this.mark(text, []);
      return;
    }
    const details = answer.details ?? [];
    this.setStatus('invalid', answer.message);
    const marks: (PathRange & { property: string })[] = [];
    const items = details.map((d) => {
      const property = d.property ?? '';
      const path = property ? pathInInput(property, shape) : [];
      const range = path ? rangeOfPath(root, path) : null;
      if (range) marks.push({ ...range, property });
      const item = h(
        'li',
        { className: 'preview-error', attrs: { 'data-property': property, tabindex: 0, title: range ? 'Show in the JSON' : null } },
        h('code', { className: 'preview-error-path', text: property || '(body)' }),
        h('span', { className: 'preview-error-message', text: d.message }),
      );
      if (range) {
        const select = () => {
          this.input.focus();
          this.input.setSelectionRange(range.start, range.end);
          this.syncScroll();
        };
        item.addEventListener('click', select);
        item.addEventListener('keydown', (e) => e.key === 'Enter' && select());
      }
      return item;
    });
    replaceChildren(this.errors, [...items, ...deprecated]);
    this.mark(text, marks);
  }

  private setStatus(state: 'valid' | 'invalid' | 'syntax' | 'pending' | 'error', text: string): void {
    this.status.dataset.state = state;
    this.status.textContent = text;
  }

  /**
   * Draws the text behind the textarea with `mark.preview-mark[data-property]` over each range
   * (overlaps are merged), so the JSON at each error's path shows highlighted.
   */
  private mark(text: string, ranges: (PathRange & { property: string })[]): void {
    const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
    const merged: (PathRange & { property: string })[] = [];
    for (const r of sorted) {
      const prev = merged.at(-1);
      if (prev && r.start < prev.end) {
        prev.end = Math.max(prev.end, r.end);
        prev.property += ` ${r.property}`;
      } else {
        merged.push({ ...r });
      }
    }
    const nodes: Node[] = [];
    let at = 0;
    for (const r of merged) {
      if (r.start > at) nodes.push(document.createTextNode(text.slice(at, r.start)));
      nodes.push(
        h('mark', {
          className: r.exact ? 'preview-mark' : 'preview-mark parent',
          text: text.slice(r.start, r.end),
          attrs: { 'data-property': r.property.trim() },
        }),
      );
      at = r.end;
    }
    // A trailing newline needs a character after it to take up its line in the backdrop.
    nodes.push(document.createTextNode(`${text.slice(at)} `));
    this.highlights.replaceChildren(...nodes);
    this.syncScroll();
  }

  private syncScroll(): void {
    this.highlights.scrollTop = this.input.scrollTop;
    this.highlights.scrollLeft = this.input.scrollLeft;
  }
}
