/**
 * Relative links of the docs: every `[text](target)` and `![alt](target)` outside code whose
 * target is not a URL with a scheme must name a file that exists, and its `#anchor` a heading of
 * that Markdown file, slugged as GitHub slugs headings (lower case; punctuation dropped but `-`
 * and `_`; spaces become `-`; a repeated heading gets `-1`, `-2`, ...).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** The text without fenced code blocks and inline code, line numbers kept. */
function withoutCode(markdown: string): string {
  const lines = markdown.split('\n');
  let fence: string | undefined;
  return lines
    .map((l) => {
      const f = /^ {0,3}(`{3,}|~{3,})/.exec(l)?.[1];
      if (fence) {
        if (f && f[0] === fence[0] && f.length >= fence.length && /^ {0,3}[`~]+\s*$/.test(l)) fence = undefined;
        return '';
      }
      if (f) {
        fence = f;
        return '';
      }
      return l.replace(/(`+)[^`]*?\1/g, '');
    })
    .join('\n');
}

/** GitHub's anchor of a heading's text. */
export function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*`]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings (ATX headings outside code). */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const lines = markdown.split('\n');
  let fence: string | undefined;
  for (const l of lines) {
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(l)?.[1];
    if (fence) {
      if (f && f[0] === fence[0] && f.length >= fence.length) fence = undefined;
      continue;
    }
    if (f) {
      fence = f;
      continue;
    }
    const h = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(l);
    if (!h) continue;
    const base = slug(h[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/**
 * The broken relative links of one Markdown file, each as `file:line: target: why`.
 * @param file the file's path (used to resolve its links and in messages)
 */
export function brokenLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const problems: string[] = [];
  withoutCode(text)
    .split('\n')
    .forEach((line, i) => {
      for (const m of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        const target = m[1]!;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        const [path, anchor] = target.split('#', 2) as [string, string | undefined];
        const where = `${file}:${i + 1}: ${target}`;
        const resolved = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
        if (!existsSync(resolved)) {
          problems.push(`${where}: no such file`);
          continue;
        }
        if (anchor === undefined || anchor === '') continue;
        if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) {
          problems.push(`${where}: an anchor into a file that is not Markdown`);
          continue;
        }
        if (!anchors(readFileSync(resolved, 'utf8')).has(decodeURIComponent(anchor).toLowerCase()))
          problems.push(`${where}: no heading with this anchor`);
      }
    });
  return problems;
}
