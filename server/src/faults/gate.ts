/**
 * The fault gate of one origin: the first handler after the guards, it answers a call that a fault
 * rule hits as the rule says (an error in the interface's format, a delay, a dropped connection)
 * and passes every other call on untouched. Each hit is logged and published on the live feed
 * (`fault`), where the host's panels and a test's failure output read it.
 */
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.js';
import type { LiveHub } from '../live/hub.js';
import type { FaultRegistry } from './registry.js';
import { FAULT_ROUTES_PATH, faultAnswer, type FaultOrigin } from './rules.js';

/** What the gate of an origin needs. */
export interface FaultGateDeps {
  faults: FaultRegistry;
  clock: Clock;
  logger: Logger;
  live: LiveHub;
}

/**
 * The gate of `origin`. With no rule in force it costs one property read per call. A delay is
 * bounded (`MAX_FAULT_DELAY_MS`) and ends early when the client goes away.
 */
export function faultGate(origin: FaultOrigin, d: FaultGateDeps): RequestHandler {
  return (req, res, next) => {
    if (d.faults.empty || req.path.startsWith(FAULT_ROUTES_PATH)) return next();
    const call = { origin, method: req.method, path: req.path, now: d.clock.now() };
    const hit = d.faults.hit(call);
    if (!hit) return next();
    const { rule } = hit;
    const done = (status: number | null) => {
      hit.record(status);
      d.logger.info({ fault: hit.id, kind: rule.kind, method: call.method, path: call.path, status }, 'fault on demand');
      d.live.publish({ type: 'fault', faultId: hit.id, kind: rule.kind, method: call.method, path: call.path, status });
    };
    const act = () => {
      if (rule.kind === 'delay') {
        done(null);
        return next();
      }
      if (rule.kind === 'drop') {
        done(null);
        req.socket.destroy();
        return;
      }
      const answer = faultAnswer(rule, call);
      done(answer.status);
      res.status(answer.status).set(answer.headers).json(answer.body);
    };
    const delayMs = rule.delayMs ?? 0;
    if (delayMs <= 0) return act();
    const timer = setTimeout(act, delayMs);
    res.on('close', () => clearTimeout(timer));
  };
}
