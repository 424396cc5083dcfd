/**
 * A tiny HTML template for the server's few pages (the social login's consent and error pages, the
 * share target picker, LINE Pay's payment page):
 * every interpolated value is escaped unless it is itself a template result, so data from a
 * request or the scenario lands as text, never as markup.
 */
import { createHash } from 'node:crypto';

/** Markup produced by {@link html}: trusted, inserted as is into another template. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML text node or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * Tagged template: `html\`<p>${name}</p>\``. Values: {@link SafeHtml} inserted as is, arrays
 * joined, `null`/`undefined`/`false` dropped, anything else escaped. Attribute values must be quoted.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += render(v) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

function render(v: unknown): string {
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return v.map(render).join('');
  if (v === null || v === undefined || v === false) return '';
  return escapeHtml(String(v));
}

/** The CSP source of an inline `<style>` block: `'sha256-<base64>'`. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The document every server page is: English, UTF-8, a phone's viewport, no referrer, the title
 * ("<title> · embedkit"), its one inline style (allowed by its {@link cspHash}), the body, and what
 * follows the body (an inline script, when the page has one).
 */
export function pageDocument(title: string, style: string, body: SafeHtml, after: SafeHtml | '' = ''): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title} · embedkit</title>
<style>${new SafeHtml(style)}</style>
</head>
<body>
${body}
${after}</body>
</html>`;
}
