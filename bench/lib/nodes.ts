/**
 * The benchmark's command line and its figures per Node.js version: which groups run, which of them
 * run again on other Node.js majors, and the merge of each version's figures into one table.
 * Pure functions (no I/O), so that they are unit-tested.
 */
import type { Figure } from './report.js';

/** The groups whose figures depend on the Node.js that runs the server: measured on every version. */
export const PER_NODE_GROUPS = ['http', 'memory', 'webhooks', 'sequential'] as const;
/** Groups that run only when named or asked for by flag (they take minutes). */
export const OPT_IN_GROUPS = ['install'] as const;
/**
 * The supported Node.js majors (package.json's engines): the per-Node groups run on each of them
 * besides the running one, unless `--nodes=` says otherwise. 24 is the one developed on.
 */
export const DEFAULT_OTHER_NODES = ['24', '22'] as const;

/** What `npm run bench -- <args>` asks for. */
export interface BenchArgs {
  /** Groups to run on the running Node.js, in the order of `known`. */
  groups: string[];
  /** Other Node.js majors to run the per-Node groups on (none when `--this-node-only`). */
  otherNodes: string[];
  /** Where to write the figures as JSON instead of printing the table (the run on another Node.js). */
  jsonOut?: string;
}

/**
 * Parses the benchmark's arguments: group names (none: every group but the opt-in ones),
 * `--install` (adds the install group), `--nodes=24,22` (other Node.js majors; `--nodes=` for none),
 * `--this-node-only`, `--json-out=<file>`.
 * @param known every group name, in the order they run
 * @throws Error for an unknown group, flag or Node.js major (a typo must not silently run nothing)
 */
export function parseArgs(argv: string[], known: string[], thisMajor: string): BenchArgs {
  const named: string[] = [];
  let otherNodes: string[] = [...DEFAULT_OTHER_NODES];
  let install = false;
  let thisOnly = false;
  let jsonOut: string | undefined;
  for (const arg of argv) {
    if (arg === '--install') install = true;
    else if (arg === '--this-node-only') thisOnly = true;
    else if (arg.startsWith('--json-out=')) jsonOut = arg.slice('--json-out='.length);
    else if (arg.startsWith('--nodes=')) {
      otherNodes = arg
        .slice('--nodes='.length)
        .split(',')
        .filter((n) => n !== '');
      for (const n of otherNodes) if (!/^[0-9]+$/.test(n)) throw new Error(`--nodes: "${n}" is not a Node.js major (e.g. --nodes=24)`);
    } else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else if (known.includes(arg)) named.push(arg);
    else throw new Error(`unknown benchmark group "${arg}" (groups: ${known.join(', ')})`);
  }
  const optIn: readonly string[] = OPT_IN_GROUPS;
  const groups = known.filter((g) => (named.length ? named.includes(g) : !optIn.includes(g)) || (install && g === 'install'));
  return {
    groups,
    otherNodes: thisOnly ? [] : [...new Set(otherNodes)].filter((n) => n !== thisMajor),
    ...(jsonOut === undefined ? {} : { jsonOut }),
  };
}

/** The groups of `groups` that are measured again on other Node.js majors. */
export function perNodeGroups(groups: string[]): string[] {
  const perNode: readonly string[] = PER_NODE_GROUPS;
  return groups.filter((g) => perNode.includes(g));
}

/** The figures with the Node.js version (`process.version`, e.g. "v24.21.0") that measured them. */
export function withNode(figures: Figure[], version: string): Figure[] {
  return figures.map((f) => ({ ...f, node: version }));
}

/**
 * One list of the figures of several runs (one per Node.js version): in the order of the first
 * run, each figure followed at once by the same figure measured on the other versions (in the
 * order of `runs`); a figure only another version has comes after the rest.
 */
export function mergeByNode(runs: Figure[][]): Figure[] {
  const byName = new Map<string, Figure[]>();
  for (const run of runs) {
    for (const f of run) {
      const list = byName.get(f.figure) ?? [];
      list.push(f);
      byName.set(f.figure, list);
    }
  }
  return [...byName.values()].flat();
}
