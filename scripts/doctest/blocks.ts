/**
 * The fenced code blocks of a Markdown file and what their info string asks of the doc-test
 * runner. The convention (written for authors in `docs/project/doc-tests.md`):
 *
 * - ```` ```ts ````, ```` ```js ```` (and `typescript`, `javascript`, `mjs`): type-checked;
 * - ```` ```sh ```` (and `bash`, `shell`): run against a started embedkit;
 * - ```` ```json ````, ```` ```jsonc ````: parsed, and validated when it names an embedkit schema in `$schema`;
 * - ```` ```text output ````: the output of the shell block just before it;
 * - ```` ```text embedkit-ready ````: the ready lines of `embedkit start`;
 * - ```` ```text ````, no language, or any other language: prose, not checked.
 * - `no-check: <why>` (code) or `no-run: <why>` (shell) after the language: skipped, and the reason
 *   is required, so that a block that cannot run says why.
 */

/** What the runner does with a block. */
export type BlockKind = 'typescript' | 'javascript' | 'shell' | 'json' | 'output' | 'ready-lines' | 'prose';

/** One fenced code block of a Markdown file. */
export interface DocBlock {
  /** The Markdown file, as given to {@link readBlocks}. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The info string as written, e.g. `sh no-run: starts a server that runs until Ctrl-C`. */
  info: string;
  /** The language: the info string's first word, lower case ('' when none). */
  lang: string;
  kind: BlockKind;
  /** Why the block is not run or checked (`no-run:` / `no-check:`); undefined when it runs. */
  skipReason?: string;
  /** The code, lines joined with `\n`, the fence's indentation removed. */
  code: string;
}

/** An info string the convention does not allow (a skip without a reason, an unknown marker). */
export class InfoStringError extends Error {}

const KINDS: Record<string, BlockKind> = {
  ts: 'typescript',
  typescript: 'typescript',
  js: 'javascript',
  javascript: 'javascript',
  mjs: 'javascript',
  sh: 'shell',
  bash: 'shell',
  shell: 'shell',
  json: 'json',
  jsonc: 'json',
};

/** Where a block is in its file, for messages: `README.md:42 (sh)`. */
export function blockName(b: Pick<DocBlock, 'file' | 'line' | 'lang'>): string {
  return `${b.file}:${b.line} (${b.lang || 'no language'})`;
}

/** Parses a block's info string into its kind and skip reason. @throws InfoStringError */
export function parseInfo(info: string, where: string): Pick<DocBlock, 'lang' | 'kind' | 'skipReason'> {
  const lang = (info.split(/\s+/)[0] ?? '').toLowerCase();
  const rest = info.slice(lang.length).trim();
  if (lang === 'text' && rest === 'output') return { lang, kind: 'output' };
  if (lang === 'text' && rest === 'embedkit-ready') return { lang, kind: 'ready-lines' };
  const kind = KINDS[lang] ?? 'prose';
  if (kind === 'prose') return { lang, kind };
  if (rest === '') return { lang, kind };
  const skip = /^(no-run|no-check)\s*:\s*(.*)$/.exec(rest);
  if (!skip) throw new InfoStringError(`${where}: unknown marker "${rest}" (expected "no-run: <why>" or "no-check: <why>")`);
  const reason = skip[2]!.trim();
  if (reason.length < 5) throw new InfoStringError(`${where}: "${skip[1]}" needs a reason: "${skip[1]}: <why this block cannot run>"`);
  return { lang, kind, skipReason: reason };
}

/**
 * The fenced code blocks of a Markdown text (CommonMark fences: three or more backticks or
 * tildes, indented at most three spaces; the block ends at a fence of the same character at least
 * as long). An unclosed fence runs to the end of the file, as CommonMark says.
 * @throws InfoStringError for an info string the convention does not allow
 */
export function readBlocks(file: string, markdown: string): DocBlock[] {
  const lines = markdown.split('\n');
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( {0,3})(`{3,}|~{3,})\s*(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, rawInfo] = open as unknown as [string, string, string, string];
    const info = rawInfo.trim();
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(lines[j]!);
      if (close && close[1]![0] === fence[0] && close[1]!.length >= fence.length) break;
      body.push(lines[j]!.startsWith(indent) ? lines[j]!.slice(indent.length) : lines[j]!.trimStart());
    }
    const where = `${file}:${i + 1}`;
    blocks.push({ file, line: i + 1, info, ...parseInfo(info, where), code: body.join('\n') });
    i = j;
  }
  return blocks;
}
