/**
 * A small JSON parser that keeps the character range of every value, so that a validator error's
 * path can be highlighted in the text the user typed (json-paths.ts). Strict JSON (RFC 8259): no
 * comments, no trailing commas. Pure functions, no DOM.
 */

/** A parsed JSON value with its range in the text (`start` inclusive, `end` exclusive). */
export type JsonNode =
  | { kind: 'object'; start: number; end: number; entries: JsonEntry[] }
  | { kind: 'array'; start: number; end: number; items: JsonNode[] }
  | { kind: 'scalar'; start: number; end: number; value: unknown };

/** A property of a JSON object: its key, where the key's opening quote stands, and its value. */
export interface JsonEntry {
  key: string;
  keyStart: number;
  value: JsonNode;
}

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
  const reader = new RangeReader(text);
  const root = reader.value();
  reader.skipSpace();
  if (!reader.atEnd()) reader.fail('Unexpected text after the JSON value');
  return root;
}

/** The escapes JSON allows besides `\uXXXX`, with what they stand for. */
const SIMPLE_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** A number, `true`, `false` or `null` at the start of a text (the JSON grammar's literals). */
const LITERAL = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/;

/** How many characters a literal may take at the most (longer numbers are cut and then fail). */
const LITERAL_MAX = 400;

/** A cursor over the text that reads one JSON value after another, recursively. */
class RangeReader {
  private i = 0;

  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.i >= this.text.length;
  }

  /** Throws a {@link JsonSyntaxError} at `at` (the cursor by default). */
  fail(message: string, at = this.i): never {
    const before = this.text.slice(0, at);
    const line = before.split('\n').length;
    throw new JsonSyntaxError(message, at, line, at - before.lastIndexOf('\n'));
  }

  /** Skips JSON's white space: space, tab, line feed, carriage return. */
  skipSpace(): void {
    while (this.i < this.text.length && ' \t\n\r'.includes(this.text[this.i]!)) this.i++;
  }

  /** Reads the value at the cursor, after any white space. */
  value(): JsonNode {
    this.skipSpace();
    const start = this.i;
    const ch = this.text[this.i];
    if (ch === '{') return { kind: 'object', start, ...this.object() };
    if (ch === '[') return { kind: 'array', start, ...this.array() };
    if (ch === '"') {
      const value = this.string();
      return { kind: 'scalar', start, end: this.i, value };
    }
    const m = LITERAL.exec(this.text.slice(this.i, this.i + LITERAL_MAX));
    if (!m) return this.fail(this.atEnd() ? 'Unexpected end of input' : `Unexpected character ${JSON.stringify(ch)}`);
    this.i += m[0].length;
    return { kind: 'scalar', start, end: this.i, value: JSON.parse(m[0]) as unknown };
  }

  private object(): { end: number; entries: JsonEntry[] } {
    const entries: JsonEntry[] = [];
    const end = this.list('}', () => {
      this.skipSpace();
      if (this.text[this.i] !== '"') this.fail('Expected a property name');
      const keyStart = this.i;
      const key = this.string();
      this.skipSpace();
      if (this.text[this.i] !== ':') this.fail("Expected ':'");
      this.i++;
      entries.push({ key, keyStart, value: this.value() });
    });
    return { end, entries };
  }

  private array(): { end: number; items: JsonNode[] } {
    const items: JsonNode[] = [];
    const end = this.list(']', () => items.push(this.value()));
    return { end, items };
  }

  /**
   * Reads the members of an object or an array, from its opening bracket at the cursor to `close`:
   * none, or `readMember` separated by commas. Returns the end of the list (after `close`).
   */
  private list(close: '}' | ']', readMember: () => void): number {
    this.i++; // the opening bracket
    this.skipSpace();
    if (this.text[this.i] === close) return ++this.i;
    for (;;) {
      readMember();
      this.skipSpace();
      if (this.text[this.i] === ',') {
        this.i++;
        continue;
      }
      if (this.text[this.i] === close) return ++this.i;
      this.fail(`Expected ',' or '${close}'`);
    }
  }

  /** Reads a string from its opening quote at the cursor; the cursor ends after the closing quote. */
  private string(): string {
    const start = this.i;
    this.i++; // the opening quote
    let out = '';
    while (this.i < this.text.length) {
      const ch = this.text[this.i]!;
      if (ch === '"') {
        this.i++;
        return out;
      }
      if (ch === '\\') {
        out += this.escape();
        continue;
      }
      if (ch < ' ') this.fail('Control character in string');
      out += ch;
      this.i++;
    }
    return this.fail('Unterminated string', start);
  }

  /** Reads the escape at the cursor (at its backslash) and returns the character it stands for. */
  private escape(): string {
    const esc = this.text[this.i + 1];
    if (esc !== undefined && esc in SIMPLE_ESCAPES) {
      this.i += 2;
      return SIMPLE_ESCAPES[esc]!;
    }
    const hex = this.text.slice(this.i + 2, this.i + 6);
    if (esc === 'u' && /^[0-9a-fA-F]{4}$/.test(hex)) {
      this.i += 6;
      return String.fromCharCode(parseInt(hex, 16));
    }
    return this.fail('Bad escape in string');
  }
}
