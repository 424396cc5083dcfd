/**
 * The page's document as the LINE app frames it: its viewport meta (the safe area's paddings are
 * CSS pixels, which are the device's only at `width=device-width`) and its `<title>`, which the
 * MINI App's header shows as the service name. Pure: the rules take what the browser read (or, with
 * no Chromium, what the served HTML says), and answer findings.
 */
import type { Finding } from '#contract/review.js';
import { finding, type CheckSpec } from '../findings.js';

const UI_COMPONENTS = 'https://developers.line.biz/en/docs/line-mini-app/discover/ui-components/';
const SAFE_AREA = 'https://developers.line.biz/en/docs/line-mini-app/design/landscape/';

/**
 * How many columns of the header the service name may take before the header cuts it: the
 * published page gives no figure; embedkit counts a full-width character (CJK, kana, Hangul, emoji)
 * as two columns and warns above 32, what a 390-px-wide header holds between its buttons at its
 * font size (docs/guide/review.md).
 */
export const TITLE_MAX_COLUMNS = 32;

export const VIEWPORT_CHECK: CheckSpec = {
  check: 'page.viewport',
  area: 'page',
  title: 'The page sets a mobile viewport',
  rule: 'A <meta name="viewport"> with width=device-width, so the safe area’s paddings (CSS pixels) match the device’s',
  source: SAFE_AREA,
  fix: 'Add <meta name="viewport" content="width=device-width, initial-scale=1"> to the page’s <head>.',
};

export const TITLE_CHECK: CheckSpec = {
  check: 'page.title',
  area: 'page',
  title: 'The page’s <title> names the service in the header',
  rule: `The header shows the page’s <title> as the service name: not empty, short enough for the header (embedkit warns above ${TITLE_MAX_COLUMNS} columns)`,
  source: UI_COMPONENTS,
  fix: 'Give the page a short <title> naming the service (set document.title when a single-page app changes screens).',
};

/** The columns a text takes in the header: two for a full-width character, one for any other. */
export function columnsOf(text: string): number {
  let n = 0;
  for (const ch of text)
    n += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|\p{Extended_Pictographic}/u.test(ch)
      ? 2
      : 1;
  return n;
}

/** The viewport finding from the content of the page's viewport meta (`null`: the page has none). */
export function viewportFinding(content: string | null, how = ''): Finding {
  if (content === null) return finding(VIEWPORT_CHECK, 'fail', `no <meta name="viewport">${how}`);
  const width = /(?:^|[,;\s])width\s*=\s*([^,;\s]+)/i.exec(content)?.[1];
  if (width?.toLowerCase() !== 'device-width')
    return finding(VIEWPORT_CHECK, 'fail', `content="${content}": width is ${width ?? 'not set'}, not device-width${how}`);
  return finding(VIEWPORT_CHECK, 'pass', `content="${content}"${how}`);
}

/** The title finding from the page's `<title>` (`null`: the page has none). */
export function titleFinding(title: string | null, how = ''): Finding {
  const text = title?.replace(/\s+/g, ' ').trim() ?? '';
  if (title === null) return finding(TITLE_CHECK, 'fail', `no <title>: the header shows no service name${how}`);
  if (!text) return finding(TITLE_CHECK, 'fail', `an empty <title>: the header shows no service name${how}`);
  const columns = columnsOf(text);
  if (columns > TITLE_MAX_COLUMNS)
    return finding(
      TITLE_CHECK,
      'warn',
      `"${text}": ${columns} columns, over the header’s ${TITLE_MAX_COLUMNS}: the header cuts it${how}`,
      'Shorten the <title> to the service’s name; put the screen’s own heading in the page.',
    );
  return finding(TITLE_CHECK, 'pass', `"${text}" (${columns} columns)${how}`);
}

const decode = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? '');

/**
 * The title and viewport of an HTML document as served (no script run): what the checks read when
 * no Chromium is found. `null` where the document has none.
 */
export function readServedDocument(html: string): { title: string | null; viewport: string | null } {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  let viewport: string | null = null;
  for (const meta of html.match(/<meta\b[^>]*>/gi) ?? []) {
    if (!/\bname\s*=\s*["']?viewport["'\s>/]/i.test(meta)) continue;
    viewport = decode(
      /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i
        .exec(meta)
        ?.slice(1)
        .find((x) => x !== undefined) ?? '',
    );
  }
  return { title: title === undefined ? null : decode(title), viewport };
}
