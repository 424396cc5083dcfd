/**
 * Where a validator error points in the JSON the user typed: a reader of the platform's property
 * paths (`messages[0].template.actions[1].label`) over the ranges json-ranges.ts keeps, and the
 * shapes a user may type messages in. Pure functions, no DOM.
 */

import type { JsonNode } from './json-ranges.js';

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
  if (parts[0] !== 'messages') return [];
  if (shape === 'array') return parts.slice(1);
  if (parts.length === 1) return [];
  return parts[1] === 0 ? parts.slice(2) : null;
}
