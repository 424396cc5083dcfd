import { describe, expect, it } from 'vitest';
import { inputShape, messagesOf, pathInInput, rangeOfPath, splitPath } from '../../src/message-preview/json-paths.js';
import { JsonSyntaxError, parseJsonWithRanges } from '../../src/message-preview/json-ranges.js';

const TEXT = `{
  "type": "template",
  "template": {
    "type": "buttons",
    "actions": [
      { "type": "message", "label": "Yes" },
      { "type": "uri", "label": "A label that is far too long", "uri": "https://x" }
    ]
  }
}`;

describe('parseJsonWithRanges', () => {
  it('parses what JSON.parse parses, keeping ranges', () => {
    const root = parseJsonWithRanges(TEXT);
    expect(root.kind).toBe('object');
    const range = rangeOfPath(root, ['template', 'actions', 1, 'label']);
    expect(TEXT.slice(range.start, range.end)).toBe('"label": "A label that is far too long"');
    expect(range.exact).toBe(true);
  });

  it('reports syntax errors with their position', () => {
    expect(() => parseJsonWithRanges('{"a": 1,}')).toThrow(JsonSyntaxError);
    try {
      parseJsonWithRanges('{\n  "a": tru\n}');
    } catch (err) {
      expect(err).toMatchObject({ line: 2, column: 8 });
    }
  });

  it('reads escapes and numbers', () => {
    const root = parseJsonWithRanges('{"a\\"b": [1, -2.5e3, "\\u00e9", null]}');
    expect(root.kind === 'object' && root.entries[0]!.key).toBe('a"b');
  });
});

describe('paths', () => {
  it('splits the platform property paths', () => {
    expect(splitPath('messages[0].template.actions[1].label')).toEqual(['messages', 0, 'template', 'actions', 1, 'label']);
  });

  it('a missing property highlights its parent, marked not exact', () => {
    const root = parseJsonWithRanges(TEXT);
    const range = rangeOfPath(root, ['template', 'text']);
    expect(range.exact).toBe(false);
    expect(TEXT.slice(range.start, range.end).startsWith('{\n    "type": "buttons"')).toBe(true);
  });

  it('maps validator paths onto what the user typed', () => {
    expect(pathInInput('messages[0].template.text', 'message')).toEqual(['template', 'text']);
    expect(pathInInput('messages[1].text', 'message')).toBeNull();
    expect(pathInInput('messages[1].text', 'array')).toEqual([1, 'text']);
    expect(pathInInput('messages[1].text', 'body')).toEqual(['messages', 1, 'text']);
  });

  it('accepts one message, an array, or a body', () => {
    expect(inputShape({ type: 'text' })).toBe('message');
    expect(inputShape([{ type: 'text' }])).toBe('array');
    expect(inputShape({ messages: [] })).toBe('body');
    expect(messagesOf({ type: 'text', text: 'a' })).toEqual([{ type: 'text', text: 'a' }]);
    expect(messagesOf({ messages: [1, 2] })).toEqual([1, 2]);
  });
});
