/**
 * Type-checks the TypeScript and JavaScript blocks of the docs with the TypeScript compiler API, all
 * in one program (one compile for every block). Each block is a module of its own, held in memory
 * at `<projectRoot>/.doctest/<n>.ts` (or `.js`): module resolution walks up from there, so
 * `embedkit`, `embedkit/testing`, `embedkit/sdk` and `embedkit/sdk/mock` resolve through the
 * package's own `exports` to its built types (`server/dist`, `sdk/dist`: build first), and any
 * other import (`vitest`, `@line/bot-sdk`, `express`) to the project's `node_modules`. JavaScript
 * blocks are checked as `checkJs` checks a project's JavaScript.
 */
import ts from 'typescript';
import { join } from 'node:path';
import type { DocBlock } from './blocks.js';

/** A block's type errors, each with its line in the Markdown file. */
export interface TypeFailure {
  block: DocBlock;
  messages: string[];
}

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  // Every block is a module, so that two blocks' top-level names never clash.
  moduleDetection: ts.ModuleDetectionKind.Force,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  esModuleInterop: true,
  allowJs: true,
  checkJs: true,
  types: ['node'],
};

/**
 * Checks the given blocks (those of kind `typescript` or `javascript` and not skipped) against the
 * project at `projectRoot`; answers one entry per block with errors.
 */
export function typecheckBlocks(projectRoot: string, blocks: DocBlock[]): TypeFailure[] {
  const dir = join(projectRoot, '.doctest');
  const files = new Map<string, DocBlock>();
  blocks.forEach((b, i) => files.set(join(dir, `block${i}.${b.kind === 'javascript' ? 'js' : 'ts'}`), b));
  const host = ts.createCompilerHost(OPTIONS, true);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (f) => files.has(f) || fileExists.call(host, f);
  host.readFile = (f) => files.get(f)?.code ?? readFile.call(host, f);
  host.getSourceFile = (f, lang, onError, create) => {
    const b = files.get(f);
    return b ? ts.createSourceFile(f, b.code, lang) : getSourceFile.call(host, f, lang, onError, create);
  };
  host.getCurrentDirectory = () => projectRoot;
  const program = ts.createProgram([...files.keys()], OPTIONS, host);
  const failures = new Map<DocBlock, string[]>();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const block = d.file ? files.get(d.file.fileName) : undefined;
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!block) {
      // An error outside the blocks (a missing build, a broken options object) fails every block.
      for (const b of files.values()) failures.set(b, [...(failures.get(b) ?? []), `TS${d.code}: ${text}`]);
      continue;
    }
    const line = d.start !== undefined && d.file ? d.file.getLineAndCharacterOfPosition(d.start).line : 0;
    failures.set(block, [...(failures.get(block) ?? []), `${block.file}:${block.line + 1 + line}: TS${d.code}: ${text}`]);
  }
  return [...failures].map(([block, messages]) => ({ block, messages }));
}
