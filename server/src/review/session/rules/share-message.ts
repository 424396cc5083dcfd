/**
 * The custom share message guideline (LINE MINI App "Implementing a custom action button"), item by
 * item, over what the app gave `liff.shareTargetPicker` or `liff.sendMessages`: a Flex bubble, never
 * a carousel; a title; a subtitle or details; at most 10 details in the standard type, 5 in the
 * image list type; one to three buttons, one of them opening a detail page; the footer with the
 * MINI App's icon and name, linking to `https://miniapp.line.me/{liffId}`.
 */
import type { Finding } from '#contract/review.js';
import type { TraceShare } from '#contract/bridge/trace.js';
import type { SessionRecords } from '../records.js';
import { finding, listText, SOURCES, type CheckText } from './finding.js';

type Node = Record<string, unknown>;

const item = (check: string, title: string, rule: string, fix: string): CheckText => ({
  check: `share.${check}`,
  title,
  rule,
  source: SOURCES.shareMessages,
  fix,
});

const ITEMS = {
  bubble: item(
    'bubble',
    'A share message is a Flex bubble',
    'A custom share message is a Flex Message whose container is a bubble, never a carousel.',
    'Send one Flex Message with a bubble container per share (the guideline\'s JSON examples: "standard type" and "image list type").',
  ),
  title: item(
    'title',
    'It has a title',
    'The body starts with a title that sums the message up.',
    'Put the title, a text, first in the body.',
  ),
  subtitle: item(
    'subtitle-or-details',
    'It has a subtitle or details',
    'Under the title comes a subtitle, details (label and description rows), or both.',
    'Add a subtitle text under the title, or detail rows of a label and a description.',
  ),
  details: item(
    'details',
    'At most 10 details (5 in the image list type)',
    'The standard type shows at most 10 details; the image list type at most 5.',
    'Show fewer rows; link the rest from the detail page.',
  ),
  buttons: item(
    'buttons',
    'One to three buttons',
    'A share message has at least one button and at most three.',
    'Keep one to three buttons.',
  ),
  detailPage: item(
    'detail-page',
    'A button opens a detail page',
    'At least one button opens the page that tells more of what is shared (a URI action).',
    "Give one button a URI action to the shared item's page (its permanent link, https://miniapp.line.me/{liffId}/…).",
  ),
  footer: item(
    'footer',
    "The footer shows the MINI App's icon and name, linking to its top page",
    'The footer holds the MINI App\'s icon, its name and the ">" image; tapping it opens https://miniapp.line.me/{liffId} (a URI action).',
    'Add the footer of the guideline\'s examples: the icon, the name, the ">" image, with a URI action to https://miniapp.line.me/{liffId}.',
  ),
} as const;

/** Every component under `node` (itself included), depth first. */
function components(node: unknown): Node[] {
  if (typeof node !== 'object' || node === null) return [];
  const n = node as Node;
  const kids = Array.isArray(n.contents) ? n.contents.flatMap(components) : [];
  return [n, ...kids];
}

const isText = (n: Node) => n.type === 'text' && (typeof n.text === 'string' || Array.isArray(n.contents));
const uriOf = (n: Node): string | null => {
  const a = n.action as Node | undefined;
  return a?.type === 'uri' && typeof a.uri === 'string' ? a.uri : null;
};

/** What the guideline's items read of one bubble. */
export interface BubbleShape {
  title: boolean;
  subtitle: boolean;
  details: number;
  imageList: boolean;
  buttons: number;
  detailPage: boolean;
  footer: { icon: boolean; name: boolean; link: boolean };
}

/** The guideline's items of a bubble: rows of two texts or more are details (with an image: the image list type). */
export function bubbleShape(bubble: Node, liffId: string): BubbleShape {
  const body = components(bubble.body);
  const rows = body.filter(
    (n) => n.type === 'box' && n.layout !== 'vertical' && Array.isArray(n.contents) && components(n).slice(1).filter(isText).length >= 2,
  );
  const inRows = new Set(rows.flatMap((r) => components(r)));
  const texts = body.filter(isText);
  const buttons = [bubble.hero, bubble.body, bubble.footer].flatMap(components).filter((n) => n.type === 'button');
  const top = `https://miniapp.line.me/${liffId}`;
  const footer = components(bubble.footer);
  return {
    title: texts.length > 0,
    subtitle: texts.slice(1).some((t) => !inRows.has(t)),
    details: rows.length,
    imageList: rows.some((r) => components(r).some((n) => n.type === 'image')),
    buttons: buttons.length,
    detailPage: buttons.some((b) => uriOf(b) !== null),
    footer: {
      icon: footer.some((n) => n.type === 'image'),
      name: footer.some((n) => isText(n)),
      link: footer.some((n) => uriOf(n)?.replace(/\/$/, '') === top),
    },
  };
}

/** The findings of every item, over every share message of the session. */
export function shareMessages(records: SessionRecords): Finding[] {
  const shares = records.trace.filter((e): e is TraceShare => e.kind === 'share');
  const all = Object.values(ITEMS);
  if (shares.length === 0) return all.map((t) => finding(t, 'warn', 'No share message in the session: share from the app to check it.'));
  const unreadable = shares.filter((s) => s.tooLong).length;
  const messages = shares.flatMap((s) => s.messages.map((m, i) => ({ via: s.via, i, m: (m ?? {}) as Node })));
  const name = (x: { via: string; i: number }) => `${x.via} message ${x.i + 1}`;
  const carousels = messages.filter((x) => x.m.type === 'flex' && (x.m.contents as Node | undefined)?.type === 'carousel');
  const notFlex = messages.filter((x) => x.m.type !== 'flex');
  const bubbles = messages
    .filter((x) => x.m.type === 'flex' && (x.m.contents as Node | undefined)?.type === 'bubble')
    .map((x) => ({ ...x, shape: bubbleShape(x.m.contents as Node, records.liffId) }));
  const findings: Finding[] = [];
  const tooLong = unreadable ? ` ${unreadable} share(s) were too long to read.` : '';
  if (carousels.length) findings.push(finding(ITEMS.bubble, 'fail', `A carousel: ${listText(carousels.map(name))}.${tooLong}`));
  else if (notFlex.length)
    findings.push(
      finding(
        ITEMS.bubble,
        'warn',
        `Not a Flex Message (${listText(notFlex.map((x) => `${name(x)}: ${String(x.m.type)}`))}): the guideline's format could not be checked.${tooLong}`,
      ),
    );
  else if (unreadable) findings.push(finding(ITEMS.bubble, 'warn', tooLong.trim()));
  else findings.push(finding(ITEMS.bubble, 'pass', `${bubbles.length} Flex bubble(s).`));
  const rest: [CheckText, (s: BubbleShape) => string][] = [
    [ITEMS.title, (s) => (s.title ? '' : 'no text in the body')],
    [ITEMS.subtitle, (s) => (s.subtitle || s.details ? '' : 'only a title')],
    [
      ITEMS.details,
      (s) => (s.details > (s.imageList ? 5 : 10) ? `${s.details} details in the ${s.imageList ? 'image list' : 'standard'} type` : ''),
    ],
    [ITEMS.buttons, (s) => (s.buttons < 1 || s.buttons > 3 ? `${s.buttons} buttons` : '')],
    [ITEMS.detailPage, (s) => (s.detailPage ? '' : 'no button with a URI action')],
    [
      ITEMS.footer,
      (s) =>
        [
          !s.footer.icon && 'no icon',
          !s.footer.name && 'no name',
          !s.footer.link && `no URI action to https://miniapp.line.me/${records.liffId}`,
        ]
          .filter(Boolean)
          .join(', '),
    ],
  ];
  for (const [text, problem] of rest) {
    if (bubbles.length === 0) {
      findings.push(finding(text, carousels.length ? 'fail' : 'warn', carousels.length ? 'Not a bubble.' : 'No Flex bubble to check.'));
      continue;
    }
    const bad = bubbles.map((b) => ({ b, p: problem(b.shape) })).filter((x) => x.p);
    findings.push(
      bad.length
        ? finding(text, 'fail', listText(bad.map((x) => `${name(x.b)}: ${x.p}`)) + '.')
        : finding(text, 'pass', `${bubbles.length} bubble(s) checked.`),
    );
  }
  return findings;
}
