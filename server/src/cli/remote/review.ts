/**
 * `embedkit review <liffId or URL>`: a review of a MINI App of a running embedkit against the
 * platform's published rules (docs/guide/review.md; the simulator route `reviewMiniApp`). A
 * readable list of findings, or the report as JSON with `--json`; a progress line on stderr while
 * it runs; exit code 1 when a check fails.
 */
import { Command } from 'commander';
import { renderReport } from '../../review/index.js';
import { guarded, simCall, targetOf, urlOption, type TargetOptions } from './http.js';

interface ReviewCommandOptions extends TargetOptions {
  json?: boolean;
  probe?: boolean;
  user?: string;
  lighthouse?: boolean;
}

/**
 * The progress line on stderr: on a terminal, rewritten each second with the time so far and
 * cleared at the end; elsewhere (a log, CI) one line when the review starts.
 * @returns what stops it
 */
function progressLine(what: string, lighthouse: boolean): () => void {
  const steps = lighthouse ? 'page, Lighthouse, sessions' : 'page, sessions';
  const err = process.stderr;
  if (!err.isTTY) {
    err.write(`embedkit review: reviewing ${what} (${steps})…\n`);
    return () => undefined;
  }
  const started = Date.now();
  const draw = () => err.write(`\r\x1b[2Kreviewing ${what}: ${steps}… ${Math.round((Date.now() - started) / 1000)} s`);
  draw();
  const timer = setInterval(draw, 1000);
  return () => {
    clearInterval(timer);
    err.write('\r\x1b[2K');
  };
}

/** `embedkit review`. */
export function reviewCommand(): Command {
  return urlOption(
    new Command('review')
      .description(
        'review a LINE MINI App against the platform’s published rules (Lighthouse, safe areas, title, sessions); exit code 1 on a fail',
      )
      .argument('<target>', 'the MINI App: its LIFF ID, its miniapp.line.me or liff.line.me URL, or its endpoint URL')
      .option('--json', 'print the report as JSON')
      .option('--probe', 'also probe the MINI App’s server (its registered URLs only)')
      .option('--user <userId>', 'read only this person’s sessions')
      .option('--no-lighthouse', 'skip Lighthouse (the Performance score): a quick look')
      .addHelpText(
        'after',
        '\nExamples:\n  $ npx embedkit review 1650000001-liffapp1\n  $ npx embedkit review https://miniapp.line.me/1650000001-liffapp1 --json > review.json\n\nExit codes: 0 no check failed; 1 a check failed, or the review was refused.',
      ),
  ).action(
    guarded('review', async (target: string, opts: ReviewCommandOptions) => {
      const body = {
        target,
        ...(opts.probe ? { probe: true } : {}),
        ...(opts.user ? { userId: opts.user } : {}),
        ...(opts.lighthouse === false ? { lighthouse: false } : {}),
      };
      const stop = progressLine(target, opts.lighthouse !== false);
      let report;
      try {
        report = await simCall(targetOf(opts), 'the review was refused', 'reviewMiniApp', { body });
      } finally {
        stop();
      }
      process.stdout.write(opts.json ? `${JSON.stringify(report, null, 2)}\n` : renderReport(report));
      if (report.summary.fail > 0) process.exitCode = 1;
    }),
  );
}
