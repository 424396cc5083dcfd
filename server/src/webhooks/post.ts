/**
 * One webhook POST over node:http(s) with keep-alive: the webhook dispatcher's HTTP client.
 * `fetch` costs several times more CPU per request (request cloning, body streams and two abort
 * signals per call), which bounded delivery throughput.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** Keep-alive agents shared by every delivery: a bot's connection is reused from one event to the next. */
const agents = { http: new HttpAgent({ keepAlive: true, maxSockets: 64 }), https: new HttpsAgent({ keepAlive: true, maxSockets: 64 }) };

/** The bot's answer: HTTP status and the first `maxChars` characters of its body. */
export interface WebhookAnswer {
  status: number;
  body: string;
}

/** Thrown when no answer came within the time limit. */
export class WebhookTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs / 1000} s`);
    this.name = 'WebhookTimeoutError';
  }
}

/**
 * POSTs `body` to `url` and reads the answer. Redirects are not followed (an answer like any
 * other, not a 200).
 * @param options `timeoutMs`: the whole exchange (ms); `signal`: aborts it (the dispatcher stops);
 *   `maxChars`: how much of the answer's body to keep
 * @throws WebhookTimeoutError after `timeoutMs`; the socket's error (with its `code`, e.g.
 *   `ECONNREFUSED`) when the bot cannot be reached; an AbortError when `signal` aborts
 */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; signal: AbortSignal; maxChars: number },
): Promise<WebhookAnswer> {
  try {
    return await postOnce(url, headers, body, options);
  } catch (e) {
    // A kept-alive socket the bot closed in the meantime: Node's documented case for one retry.
    if ((e as { reusedSocket?: boolean }).reusedSocket && (e as { code?: string }).code === 'ECONNRESET')
      return postOnce(url, headers, body, options);
    throw e;
  }
}

function postOnce(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; signal: AbortSignal; maxChars: number },
): Promise<WebhookAnswer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const https = target.protocol === 'https:';
    const payload = Buffer.from(body, 'utf8');
    const req = (https ? httpsRequest : httpRequest)(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': payload.length },
        agent: https ? agents.https : agents.http,
        signal: options.signal,
      },
      (res: IncomingMessage) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < options.maxChars) text += chunk;
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body: text.slice(0, options.maxChars) });
        });
        res.on('error', (e) => {
          clearTimeout(timer);
          reject(e);
        });
      },
    );
    const timer = setTimeout(() => req.destroy(new WebhookTimeoutError(options.timeoutMs)), options.timeoutMs);
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(Object.assign(e, { reusedSocket: req.reusedSocket }));
    });
    req.end(payload);
  });
}
