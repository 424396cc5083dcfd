/**
 * The fault rules in force in one embedkit, in memory: a rule is a test's wish for the next calls,
 * not part of the world, so it is neither kept in the data folder nor exported, and a restart
 * clears it (the config file's `faults` are set again at each start). Each rule counts its hits and
 * keeps its newest ones for the host, the CLI and the testing API to read.
 */
import { randomUUID } from 'node:crypto';
import type { FaultRuleBody, FaultView } from '#contract/faults.js';
import { globPattern, names, operationOf, type FaultCall } from './rules.js';

/** Newest hits a rule keeps. */
const RECENT_HITS = 20;
/** Rules one embedkit holds at most (each call is matched against every rule). */
export const MAX_FAULT_RULES = 100;

interface Rule {
  id: string;
  body: FaultRuleBody;
  pathPattern: RegExp | undefined;
  hits: number;
  recent: FaultView['recent'];
}

/** A call a rule hit: the rule and how to record what was answered. */
export interface FaultHit {
  rule: FaultRuleBody;
  id: string;
  /** Records the hit with the status answered (null: dropped, or answered as usual after a delay). */
  record(status: number | null): void;
}

export class FaultRegistry {
  private rules: Rule[] = [];

  /**
   * @param random a number in [0, 1) per call, for a rule's `share` (tests pass their own)
   */
  constructor(private readonly random: () => number = Math.random) {}

  /** Whether any rule is in force (the middleware's fast path when none is). */
  get empty(): boolean {
    return this.rules.length === 0;
  }

  /**
   * Puts a rule in force, after the others.
   * @param body a rule already checked against the contract's schema and {@link ruleProblems}
   * @returns the rule as listed
   * @throws RangeError when {@link MAX_FAULT_RULES} are in force
   */
  add(body: FaultRuleBody): FaultView {
    if (this.rules.length >= MAX_FAULT_RULES) throw new RangeError(`at most ${MAX_FAULT_RULES} fault rules may be in force`);
    const rule: Rule = {
      id: randomUUID(),
      body,
      pathPattern: body.path !== undefined ? globPattern(body.path) : undefined,
      hits: 0,
      recent: [],
    };
    this.rules.push(rule);
    return viewOf(rule);
  }

  /** The rules in force, oldest first. */
  list(): FaultView[] {
    return this.rules.map(viewOf);
  }

  /** Removes a rule; false when there is none of that id. */
  delete(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id);
    return this.rules.length < before;
  }

  /** Removes every rule. */
  clear(): void {
    this.rules = [];
  }

  /**
   * The first rule in force that names the call, holds at its time, has hits left and is drawn by
   * its share. A spent rule stays listed (with `remaining: 0`) so that what it hit can be read.
   */
  hit(call: FaultCall): FaultHit | undefined {
    const operation = operationOf(call.method, call.path);
    for (const rule of this.rules) {
      if (rule.body.times !== undefined && rule.hits >= rule.body.times) continue;
      if (!names({ ...rule.body, pathPattern: rule.pathPattern }, call, operation)) continue;
      if (rule.body.share !== undefined && this.random() >= rule.body.share) continue;
      rule.hits += 1;
      return {
        rule: rule.body,
        id: rule.id,
        record: (status) => {
          rule.recent.unshift({ at: call.now, method: call.method, path: call.path, status });
          rule.recent.length = Math.min(rule.recent.length, RECENT_HITS);
        },
      };
    }
    return undefined;
  }
}

function viewOf(rule: Rule): FaultView {
  return {
    ...rule.body,
    id: rule.id,
    hits: rule.hits,
    remaining: rule.body.times !== undefined ? Math.max(0, rule.body.times - rule.hits) : null,
    recent: [...rule.recent],
  };
}
