/**
 * The fault rules in force in one embedkit, in memory: a rule is a test's wish for the next calls,
 * not part of the world, so it is neither kept in the data folder nor exported, and a restart
 * clears it (the config file's `faults` are set again at each start). Each rule counts its hits and
 * keeps its newest ones for the host, the CLI and the testing API to read.
 */
import { randomUUID } from 'node:crypto';
import { isDeliveryFaultKind, type DeliveryFaultKind, type FaultRuleBody, type FaultView } from '#contract/faults.js';
import { globPattern, names, namesDelivery, operationOf, type FaultCall, type FaultDelivery } from './rules.js';

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

/** A webhook delivery a rule hit: the rule and how to record the send it made or moved. */
export interface DeliveryFaultHit {
  rule: FaultRuleBody & { kind: DeliveryFaultKind };
  id: string;
  /**
   * Records the hit.
   * @param send the send to the bot: its method, path (of the webhook URL) and the bot's status (null: no answer)
   */
  record(send: { method: string; path: string; status: number | null }): void;
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
    const rule = this.take((body, pathPattern) => !isDeliveryFaultKind(body.kind) && names({ ...body, pathPattern }, call, operation));
    if (!rule) return undefined;
    return {
      rule: rule.body,
      id: rule.id,
      record: (status) => remember(rule, { at: call.now, method: call.method, path: call.path, status }),
    };
  }

  /**
   * The first rule in force of one of `kinds` that names the webhook delivery, holds at its time,
   * has hits left and is drawn by its share: as {@link hit}, for the dispatcher.
   * @param kinds the delivery kinds that can act at this point of the delivery (before a send, after a 200)
   */
  hitDelivery(delivery: FaultDelivery & { id: number }, kinds: readonly DeliveryFaultKind[]): DeliveryFaultHit | undefined {
    const rule = this.take((body) => (kinds as readonly string[]).includes(body.kind) && namesDelivery(body, delivery));
    if (!rule) return undefined;
    return {
      rule: rule.body as DeliveryFaultHit['rule'],
      id: rule.id,
      record: (send) => remember(rule, { at: delivery.now, ...send, deliveryId: delivery.id }),
    };
  }

  /** The first rule that is not spent, names what `matches` says and is drawn by its share; counted as hit. */
  private take(matches: (body: FaultRuleBody, pathPattern: RegExp | undefined) => boolean): Rule | undefined {
    for (const rule of this.rules) {
      if (rule.body.times !== undefined && rule.hits >= rule.body.times) continue;
      if (!matches(rule.body, rule.pathPattern)) continue;
      if (rule.body.share !== undefined && this.random() >= rule.body.share) continue;
      rule.hits += 1;
      return rule;
    }
    return undefined;
  }
}

/** Keeps a hit among the rule's newest. */
function remember(rule: Rule, hit: FaultView['recent'][number]): void {
  rule.recent.unshift(hit);
  rule.recent.length = Math.min(rule.recent.length, RECENT_HITS);
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
