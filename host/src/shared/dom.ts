/**
 * A tiny element builder. All host DOM is built through it so that data from the server or from
 * an app only ever lands in `textContent` or attributes, never in `innerHTML`.
 */

/** Attributes and properties accepted by {@link h}. */
export interface ElementProps {
  /** Space-separated class names. */
  className?: string;
  /** Text content; set with `textContent`, so markup in it stays text. */
  text?: string;
  /** Plain attributes (`id`, `type`, `data-*`, `aria-*`...); `false`, `null` and `undefined` skip the attribute. */
  attrs?: Record<string, string | number | boolean | null | undefined>;
  /** Event listeners, keyed by event type. */
  on?: { [K in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[K]) => void };
}

/** A child of {@link h}: an element, a text (added as a text node) or nothing. */
export type Child = Node | string | null | undefined | false;

/**
 * Creates `<tag>` with the given props and children.
 * Strings among the children become text nodes; `null`, `undefined` and `false` are skipped.
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: ElementProps = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (props.className) el.className = props.className;
  if (props.text !== undefined) el.textContent = props.text;
  for (const [name, value] of Object.entries(props.attrs ?? {})) {
    if (value === false || value === null || value === undefined) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const [type, listener] of Object.entries(props.on ?? {})) {
    el.addEventListener(type, listener as EventListener);
  }
  append(el, children);
  return el;
}

/** Appends children to `parent` with the same rules as {@link h}. */
export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Replaces all children of `parent`. */
export function replaceChildren(parent: Element, children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/** The element with this id, or an error naming the id: the page markup is part of the host. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`host page: missing element #${id}`);
  return el as T;
}

/** An `<option>` of a select: `value` submitted, `label` shown (as text). */
export function option(value: string, label: string): HTMLOptionElement {
  return h('option', { text: label, attrs: { value } });
}
