/**
 * A chat message as text, the way a person reads it on the phone: for agents and logs that cannot
 * see the host's drawing (`embedkit mcp`'s transcript). Pure and browser-safe, like the rest of
 * the contract, so the host can share it. Reads what the platform's message objects carry (spec
 * part B "Message objects"): a text's text, a sticker, a location's title and address, a media
 * message's kind, a template's or flex message's `altText` with its visible texts and buttons,
 * and a message's quick-reply items.
 */

/** A message object as received: nothing in it is trusted. */
type Json = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** How a person sees an action: its label, and what tapping it does (`[Buy → postback buy=1]`). */
export function actionText(action: unknown): string {
  const a = obj(action);
  const label = str(a.label) || str(a.text) || str(a.type);
  const what =
    a.type === 'postback'
      ? `postback ${str(a.data)}`
      : a.type === 'message'
        ? `says "${str(a.text)}"`
        : a.type === 'uri'
          ? `opens ${str(a.uri)}`
          : a.type === 'datetimepicker'
            ? `${str(a.mode) || 'datetime'} picker, postback ${str(a.data)}`
            : str(a.type);
  return `[${label} → ${what}]`;
}

/** The visible texts and buttons of a flex component tree, depth first, at most `max` parts. */
function flexParts(node: unknown, out: string[], max: number, depth = 0): void {
  if (out.length >= max || depth > 12) return;
  const n = obj(node);
  if (n.type === 'text' && str(n.text)) out.push(str(n.text));
  if (n.type === 'text') for (const span of list(n.contents)) if (str(obj(span).text)) out.push(str(obj(span).text));
  if (n.type === 'button') out.push(actionText(n.action));
  for (const key of ['header', 'hero', 'body', 'footer']) if (n[key]) flexParts(n[key], out, max, depth + 1);
  for (const child of list(n.contents)) flexParts(child, out, max, depth + 1);
}

/** A template's visible texts and buttons (buttons, confirm, carousel, image carousel). */
function templateParts(template: unknown): string[] {
  const t = obj(template);
  const parts: string[] = [];
  const card = (c: Json) => {
    if (str(c.title)) parts.push(str(c.title));
    if (str(c.text)) parts.push(str(c.text));
    for (const a of list(c.actions)) parts.push(actionText(a));
    if (c.action) parts.push(actionText(c.action));
  };
  if (t.type === 'carousel' || t.type === 'image_carousel') for (const c of list(t.columns)) card(obj(c));
  else card(t);
  return parts;
}

/**
 * One message as a person reads it, on one line: `hello`, `(sticker 446/1988)`,
 * `(location) Tokyo Tower, 4-2-8 Shibakoen`, `Choose a plan | Pick one | [Basic → postback plan=basic]`.
 * The message's quick-reply items follow as buttons. Whitespace is folded.
 */
export function messageText(message: unknown): string {
  const m = obj(message);
  let parts: string[];
  switch (m.type) {
    case 'text':
    case 'textV2':
      parts = [str(m.text)];
      break;
    case 'sticker':
      parts = [`(sticker ${str(m.packageId)}/${str(m.stickerId)})`];
      break;
    case 'location':
      parts = [`(location) ${[str(m.title), str(m.address)].filter(Boolean).join(', ')}`];
      break;
    case 'image':
    case 'video':
    case 'audio':
    case 'file':
      parts = [`(${str(m.type)}${str(m.fileName) ? ` ${str(m.fileName)}` : ''})`];
      break;
    case 'template':
      parts = [str(m.altText), ...templateParts(m.template)];
      break;
    case 'flex': {
      const flex: string[] = [];
      flexParts(m.contents, flex, 40);
      parts = [str(m.altText), ...flex];
      break;
    }
    case 'imagemap':
      parts = [str(m.altText), ...list(m.actions).map((a) => actionText({ ...obj(a), label: str(obj(a).label) || 'area' }))];
      break;
    default:
      parts = [str(m.altText) || str(m.text) || `(${str(m.type) || 'message'})`];
  }
  const quick = list(obj(m.quickReply).items).map((item) => actionText(obj(item).action));
  if (quick.length) parts.push(`quick replies: ${quick.join(' ')}`);
  return parts
    .filter((p) => p !== '')
    .join(' | ')
    .replace(/\s+/g, ' ')
    .trim();
}
