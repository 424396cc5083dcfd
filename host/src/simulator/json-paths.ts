/**
 * Where a validator error points in the JSON the user typed: a small JSON parser that keeps the
 * character range of every value, and a reader of the platform's property paths
 * (`messages[0].template.actions[1].label`). Pure functions, no DOM.
 */

/** A parsed JSON value with its range in the text (`start` inclusive, `end` exclusive). */
export type JsonNode =
  | { kind: 'object'; start: number; end: number; entries: { key: string; keyStart: number; value: JsonNode }[] }
  | { kind: 'array'; start: number; end: number; items: JsonNode[] }
  | { kind: 'scalar'; start: number; end: number; value: unknown };

/** A JSON syntax error at `offset` (line and column are 1-based). */
export class JsonSyntaxError extends Error {
  override name = 'JsonSyntaxError';
  constructor(
    message: string,
    readonly offset: number,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${message} at line ${line}, column ${column}`);
  }
}

/**
 * Parses `text` as JSON (strict: no comments, no trailing commas) into a {@link JsonNode} tree.
 * @throws JsonSyntaxError with the position of the first error
 */
export function parseJsonWithRanges(text: string): JsonNode {
  let i = 0;
  const fail = (message: string, at = i): never => {
    const before = text.slice(0, at);
    const line = before.split('\n').length;
    throw new JsonSyntaxError(message, at, line, at - before.lastIndexOf('\n'));
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const parseString = (): string => {
    const start = i;
    i++; // opening quote
    let out = '';
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === '"') {
        i++;
        return out;
      }
      if (ch === '\\') {
        const esc = text[i + 1];
        const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (esc !== undefined && esc in simple) {
          out += simple[esc];
          i += 2;
        } else if (esc === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else {
          fail('Bad escape in string');
        }
        continue;
      }
      if (ch < ' ') fail('Control character in string');
      out += ch;
      i++;
    }
    return fail('Unterminated string', start);
  };
  const parseValue = (): JsonNode => {
    ws();
    const start = i;
    const ch = text[i];
    if (ch === '{') {
      i++;
      const entries: { key: string; keyStart: number; value: JsonNode }[] = [];
      ws();
      if (text[i] === '}') {
        i++;
        return { kind: 'object', start, end: i, entries };
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('Expected a property name');
        const keyStart = i;
        const key = parseString();
        ws();
        if (text[i] !== ':') fail("Expected ':'");
        i++;
        const value = parseValue();
        entries.push({ key, keyStart, value });
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return { kind: 'object', start, end: i, entries };
        }
        fail("Expected ',' or '}'");
      }
    }
    if (ch === '[') {
      i++;
      const items: JsonNode[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return { kind: 'array', start, end: i, items };
      }
      for (;;) {
        items.push(parseValue());
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return { kind: 'array', start, end: i, items };
        }
        fail("Expected ',' or ']'");
      }
    }
    if (ch === '"') {
      const value = parseString();
      return { kind: 'scalar', start, end: i, value };
    }
    const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
    if (!m) return fail(i >= text.length ? 'Unexpected end of input' : `Unexpected character ${JSON.stringify(ch)}`);
    i += m[0].length;
    return { kind: 'scalar', start, end: i, value: JSON.parse(m[0]) as unknown };
  };
  const root = parseValue();
  ws();
  if (i < text.length) fail('Unexpected text after the JSON value');
  return root;
}

/** `messages[0].template.actions[1].label` → `['messages', 0, 'template', 'actions', 1, 'label']`. */
export function splitPath(property: string): (string | number)[] {
  const parts: (string | number)[] = [];
  const re = /([^.[\]]+)|\[(\d+)\]/g;
  for (const m of property.matchAll(re)) parts.push(m[2] !== undefined ? Number(m[2]) : m[1]!);
  return parts;
}

/** A range of the text to highlight. `exact` is false when the path led only part of the way (a missing property: its parent). */
export interface PathRange {
  start: number;
  end: number;
  exact: boolean;
}

/**
 * The range of the value at `path` in `root`; when the path ends at a property that is absent
 * (e.g. "must be specified"), the range of the deepest value that exists on the way, marked
 * not exact. A path that names a property key highlights key and value.
 */
export function rangeOfPath(root: JsonNode, path: (string | number)[]): PathRange {
  let node = root;
  let start = root.start;
  for (const part of path) {
    if (typeof part === 'number' && node.kind === 'array' && node.items[part]) {
      node = node.items[part]!;
      start = node.start;
      continue;
    }
    if (typeof part === 'string' && node.kind === 'object') {
      const entry = [...node.entries].reverse().find((e) => e.key === part);
      if (entry) {
        node = entry.value;
        start = entry.keyStart;
        continue;
      }
    }
    return { start: node.start, end: node.end, exact: false };
  }
  return { start, end: node.end, exact: true };
}

/** How the user wrote the messages: one message object, an array of them, or a request body `{messages}`. */
export type InputShape = 'message' | 'array' | 'body';

/** The shape of a parsed input. */
export function inputShape(value: unknown): InputShape {
  if (Array.isArray(value)) return 'array';
  if (value && typeof value === 'object' && 'messages' in value && !('type' in value)) return 'body';
  return 'message';
}

/** The messages of an input of any shape, as the validator takes them (`{messages}`). */
export function messagesOf(value: unknown): unknown[] {
  const shape = inputShape(value);
  if (shape === 'array') return value as unknown[];
  if (shape === 'body') {
    const m = (value as { messages: unknown }).messages;
    return Array.isArray(m) ? m : [m];
  }
  return [value];
}

/**
 * A validator path (relative to the body `{messages: [...]}`) as a path into what the user typed:
 * the body as is; an array without the leading `messages`; a single message without
 * `messages[0]` (other indexes cannot be in it: `null`).
 */
export function pathInInput(property: string, shape: InputShape): (string | number)[] | null {
  const parts = splitPath(property);
  if (shape === 'body') return parts;
  if (parts[0] !== 'messages') return shape === 'array' ? [] : [];
  if (shape === 'array') return parts.slice(1);
  if (parts.length === 1) return [];
  return parts[1] === 0 ? parts.slice(2) : null;
}
