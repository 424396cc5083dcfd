/**
 * embedkit beside a peer, dtinth/mockapis (a mock of the Messaging API's push and LINE Login, on
 * Bun + Elysia + Redis), started by bench/peers/setup.sh: push one at a time (1,000 sequential on
 * one kept-alive connection), push under load (bench/lib/load.ts, the load of the HTTP rows), and
 * what each keeps after 1,000 pushes. The peer runs once, on Bun; embedkit's side runs on the
 * running Node.js, with the plans' rate limits lifted (bench/http/http-target.mjs with `--lift-plan-limits`) since the peer
 * has none. Skipped, with one line on stderr, when no peer answers.
 */
import { channelToken } from '../../e2e/support/platform.js';
import { simulatorPath } from '#contract/simulator-api.js';
import { latencyOf, OneConnection, sequential, type Latency } from '../sequential/latency.js';
import { load, LOAD_CONNECTIONS, LOAD_SECONDS, type Load } from '../lib/load.js';
import type { Figure } from '../lib/report.js';
import { anchored, informational } from '../lib/report.js';
import {
  ALICE,
  ALICE_BOT,
  CALLS,
  describe,
  over,
  PEER_PUSH_RATIO,
  PEER_URL,
  peerAbsent,
  pushBody,
  pushers,
  startSequentialTarget,
  WARM_UP,
} from '../sequential/sequential.js';
import { summarize } from '../lib/stats.js';

const ROUNDS = 3;

/** The texts of the newest `limit`-message pages of embedkit's chat, all of them (simulator route `chatMessages`). */
async function chatTexts(kit: OneConnection, chatId: string): Promise<string[]> {
  const texts: string[] = [];
  let before = '';
  for (;;) {
    const answer = await kit.send('GET', `${simulatorPath('chatMessages', { chatId }, { limit: 200 })}${before}`);
    if (answer.status !== 200) throw new Error(`chatMessages: ${answer.status} ${answer.body.slice(0, 200)}`);
    const page = JSON.parse(answer.body) as { messages: Array<{ id: string; message: { text?: string } }>; more: boolean };
    texts.push(...page.messages.map((m) => m.message.text ?? ''));
    if (!page.more || page.messages.length === 0) return texts;
    before = `&before=${page.messages[0]!.id}`;
  }
}

/** The messages mockapis lists for a user (`GET /line/_test/messages`: one array per push). */
async function peerTexts(peer: OneConnection, uid: string): Promise<string[]> {
  const answer = await peer.send('GET', `/line/_test/messages?uid=${uid}`);
  if (answer.status !== 200) throw new Error(`mockapis _test/messages: ${answer.status} ${answer.body.slice(0, 200)}`);
  return (JSON.parse(answer.body) as Array<Array<{ message: { text?: string } }>>).flat().map((m) => m.message.text ?? '');
}

export async function peersFigures(): Promise<Figure[]> {
  const absent = await peerAbsent();
  if (absent !== undefined) {
    process.stderr.write(`bench: peers skipped: ${absent}\n`);
    return [];
  }
  const target = await startSequentialTarget();
  const kit = new OneConnection(target.embedkit);
  const peer = new OneConnection(PEER_URL);
  try {
    const token = await channelToken(target.embedkit);
    const run = Date.now().toString(36);
    const peerUser = `Upeers${run}`;
    const push = pushers(kit, token, peer, peerUser);
    const seq: Record<'embedkit' | 'peer', Latency[]> = { embedkit: [], peer: [] };
    const rate: Record<'embedkit' | 'peer', Load[]> = { embedkit: [], peer: [] };
    const body = JSON.stringify(pushBody(ALICE, 'under load'));
    for (let round = 0; round < ROUNDS; round++) {
      const warm = round === 0 ? WARM_UP : 0;
      seq.embedkit.push(latencyOf(await sequential(CALLS, warm, (i) => push.embedkit(`push ${i}`))));
      seq.peer.push(latencyOf(await sequential(CALLS, warm, (i) => push.peer(`push ${i}`))));
      rate.embedkit.push(
        await load({
          url: `${target.embedkit}/v2/bot/message/push`,
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body,
        }),
      );
      rate.peer.push(
        await load({
          url: `${PEER_URL}/line/v2/bot/message/push`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(pushBody(`Uload${run}`, 'under load')),
        }),
      );
    }
    // What a test can read back after 1,000 pushes: each side's own listing of what it received.
    const tag = `kept ${run} `;
    const keptUser = `Ukept${run}`;
    for (let i = 0; i < CALLS; i++) {
      await push.embedkit(`${tag}${i}`);
      await peer.timed('POST', '/line/v2/bot/message/push', {}, pushBody(keptUser, `${tag}${i}`));
    }
    const keptHere = (await chatTexts(kit, ALICE_BOT)).filter((t) => t.startsWith(tag)).length;
    const keptPeer = (await peerTexts(peer, keptUser)).filter((t) => t.startsWith(tag)).length;

    const seqHere = over(seq.embedkit, 'mean');
    const seqPeer = over(seq.peer, 'mean');
    const rpsHere = summarize(rate.embedkit.map((r) => r.rps));
    const rpsPeer = summarize(rate.peer.map((r) => r.rps));
    const p99 = (loads: Load[]) => summarize(loads.map((l) => l.p99)).median;
    return [
      anchored(
        {
          figure: 'peers: push one at a time, 1,000 sequential (mean)',
          unit: 'ms',
          embedkit: seqHere,
          anchor: { name: 'mockapis (Bun + Redis)', value: seqPeer },
          note: `embedkit ${describe(seq.embedkit)}; mockapis ${describe(seq.peer)}`,
        },
        `<= ${PEER_PUSH_RATIO}x the peer's mean`,
        seqHere.median <= PEER_PUSH_RATIO * seqPeer.median,
      ),
      informational(
        {
          figure: `peers: push, ${LOAD_CONNECTIONS} connections`,
          unit: 'req/s',
          embedkit: rpsHere,
          anchor: { name: 'mockapis (Bun + Redis)', value: rpsPeer },
          note: `p99 embedkit ${p99(rate.embedkit)} ms, mockapis ${p99(rate.peer)} ms (autocannon, ${ROUNDS} rounds of ${LOAD_SECONDS} s each)`,
        },
        'embedkit with its plan limits lifted',
      ),
      {
        figure: `peers: messages a test can read back after ${CALLS.toLocaleString('en')} pushes`,
        unit: 'messages',
        embedkit: summarize([keptHere]),
        anchor: { name: 'mockapis GET /line/_test/messages', value: summarize([keptPeer]) },
        ratio: keptHere / Math.max(keptPeer, 1),
        target: `embedkit keeps all ${CALLS.toLocaleString('en')} (simulator route chatMessages, paged)`,
        pass: keptHere === CALLS,
        note: `mockapis keeps ${keptPeer} of ${CALLS}: its event store empties a user's Redis list once it would pass 16 KB (src/EventStore.ts)`,
      },
    ];
  } finally {
    kit.close();
    peer.close();
    target.child.kill('SIGTERM');
  }
}
