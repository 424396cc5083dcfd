/**
 * The doc-test runner: checks every fenced code block of the given Markdown files as its info
 * string says (see `blocks.ts`; the convention for authors is `docs/project/doc-tests.md`): TypeScript and
 * JavaScript blocks type-checked in one program, JSON parsed and validated against the embedkit
 * schema it names, shell blocks run against one embedkit started for the run, shown outputs and
 * ready lines compared.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { Ajv } from 'ajv';
import { blockName, InfoStringError, readBlocks, type DocBlock } from './blocks.js';
import { typecheckBlocks } from './typecheck.js';
import { startDocServer, type DocServer } from './server.js';
import { runShellBlock, shellContext } from './shell.js';
import { normaliseOutput, outputMatches } from './output.js';

/** A block that failed, with what went wrong. */
export interface DoctestFailure {
  /** `file:line (lang)` of the block, or `file:line` for an info string the convention refuses. */
  block: string;
  messages: string[];
}

/** What a run checked and what failed. */
export interface DoctestReport {
  failures: DoctestFailure[];
  /** Blocks checked, per kind (`typescript`, `shell`, ...), and `skipped` (with a reason). */
  counts: Record<string, number>;
}

/** Options of {@link runDoctests}. */
export interface DoctestOptions {
  /** The project whose package (`embedkit` and its subpaths) and CLI the blocks use; built first. */
  projectRoot: string;
  /** Markdown files to check (absolute, or relative to the current directory). */
  files: string[];
}

/** Checks every block of `files`; never throws for a doc's fault, only reports it. */
export async function runDoctests({ projectRoot, files }: DoctestOptions): Promise<DoctestReport> {
  const failures: DoctestFailure[] = [];
  const counts: Record<string, number> = {};
  const count = (k: string) => (counts[k] = (counts[k] ?? 0) + 1);
  const perFile: DocBlock[][] = [];
  for (const file of files) {
    const name = relative(process.cwd(), file) || file;
    try {
      perFile.push(readBlocks(name, readFileSync(file, 'utf8')));
    } catch (e) {
      if (!(e instanceof InfoStringError)) throw e;
      failures.push({ block: e.message.split(': ')[0]!, messages: [e.message] });
    }
  }
  const all = perFile.flat();
  const runs = (b: DocBlock) => b.skipReason === undefined;
  all.filter((b) => b.skipReason !== undefined).forEach(() => count('skipped'));

  const needsServer = all.some((b) => runs(b) && (b.kind === 'shell' || b.kind === 'ready-lines' || b.kind === 'json'));
  const temp = mkdtempSync(join(tmpdir(), 'embedkit-doctest-'));
  // The server starts in its own process while this one compiles the code blocks.
  const starting = needsServer ? startDocServer(projectRoot, join(temp, '.embedkit')) : undefined;
  starting?.catch(() => undefined);
  let server: DocServer | undefined;
  try {
    const code = all.filter((b) => (b.kind === 'typescript' || b.kind === 'javascript') && runs(b));
    for (const b of code) count(b.kind);
    for (const f of typecheckBlocks(projectRoot, code)) failures.push({ block: blockName(f.block), messages: f.messages });
    if (!starting) return { failures, counts };
    server = await starting;
    const ctx = shellContext(projectRoot, server, join(temp, 'work'));
    for (const blocks of perFile)
      for (const [i, b] of blocks.entries()) {
        if (!runs(b)) continue;
        const next = blocks[i + 1];
        let problems: string[] = [];
        if (b.kind === 'shell') {
          const shown = next?.kind === 'output' ? next.code : undefined;
          problems = await runShellBlock(ctx, b.code, shown);
        } else if (b.kind === 'json') problems = await checkJson(server, b);
        else if (b.kind === 'ready-lines') {
          const printed = server.toDocumented(server.readyLines);
          if (!outputMatches(b.code, printed))
            problems = [`the ready lines differ.\n--- shown:\n${normaliseOutput(b.code)}\n--- printed:\n${printed}`];
        } else if (b.kind === 'output') {
          const prev = blocks[i - 1];
          if (prev?.kind !== 'shell') problems = ['a "text output" block must follow a shell block'];
          else if (prev.skipReason === undefined && sessionLike(prev.code))
            problems = ['a "text output" block after a block with "$ " prompts: show the output after each prompt instead'];
          else continue;
        } else continue;
        count(b.kind);
        if (problems.length) failures.push({ block: blockName(b), messages: problems });
      }
  } finally {
    await (server ?? (await starting?.catch(() => undefined)))?.stop();
    rmSync(temp, { recursive: true, force: true });
  }
  return { failures, counts };
}

function sessionLike(code: string): boolean {
  return code.split('\n').some((l) => l.startsWith('$ '));
}

/** A JSON block parses (comments allowed in `jsonc`); one naming an embedkit schema is valid against it. */
async function checkJson(server: DocServer, b: DocBlock): Promise<string[]> {
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(b.code, errors, { allowTrailingComma: false, disallowComments: b.lang === 'json' });
  if (errors.length) return errors.map((e) => `does not parse: ${printParseErrorCode(e.error)} at offset ${e.offset}`);
  const schemaUrl = (value as { $schema?: unknown } | null)?.$schema;
  if (typeof schemaUrl !== 'string' || !/^https?:\/\/(localhost|127\.0\.0\.1):8080\/schemas\//.test(schemaUrl)) return [];
  const res = await fetch(server.toActual(schemaUrl));
  if (!res.ok) return [`its $schema ${schemaUrl} answers ${res.status}`];
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  const validate = ajv.compile((await res.json()) as object);
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (e) => `not valid against ${schemaUrl}: ${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
  );
}
