/**
 * The routing of `embedkit/register`: every request of this process to a platform host
 * ({@link ROUTED_HOSTS}) made with `fetch` or `http`/`https` (and the clients built on them: axios,
 * got...) is answered by the running embedkit; every other request goes out untouched. Built on
 * `@mswjs/interceptors` (what Mock Service Worker intercepts with): its ClientRequest and fetch
 * interceptors see each request as a Fetch API `Request`, and the answer given to
 * `controller.respondWith` reaches the client as the platform's would.
 */
import { BatchInterceptor } from '@mswjs/interceptors';
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest';
import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { answerOf, forwardedRequest } from './forward.js';
import { describeRoutes, routedOriginOf, type EmbedkitOrigins } from './hosts.js';
import { askOrigins, type EmbedkitTarget } from './origins.js';

/** The routing in place. */
export interface Routing {
  /** The one line said on start: what goes where, or that embedkit is not found yet. */
  startLine: string;
  /** Stops routing: requests to the platform's hosts go out again. */
  dispose(): void;
}

/**
 * Starts routing the platform's hosts to the embedkit at `target`. embedkit is asked for its
 * origins now; when nothing answers yet, it is asked again at each routed request until it does
 * (a routed request meanwhile fails with that reason, and is never sent to the platform).
 */
export async function routeToEmbedkit(target: EmbedkitTarget): Promise<Routing> {
  // Taken before the interceptors apply: the calls to embedkit itself are never intercepted.
  const send = globalThis.fetch;
  let known: Promise<EmbedkitOrigins> | undefined;
  const origins = () => {
    known ??= askOrigins(target, send).catch((e: unknown) => {
      known = undefined;
      throw e;
    });
    return known;
  };
  let startLine: string;
  try {
    startLine = `embedkit/register: ${describeRoutes(await origins())}; other hosts untouched`;
  } catch (e) {
    startLine = `embedkit/register: ${(e as Error).message}; the platform's hosts will go to it once it answers, other hosts untouched`;
  }

  const interceptor = new BatchInterceptor({
    name: 'embedkit-register',
    interceptors: [new ClientRequestInterceptor(), new FetchInterceptor()],
  });
  interceptor.on('request', async ({ request, controller }) => {
    const routed = routedOriginOf(new URL(request.url));
    if (routed === undefined) return;
    const origin = (await origins())[routed];
    if (origin === undefined)
      return controller.errorWith(
        new Error(
          `embedkit/register: the embedkit at ${target.url} serves no ${routed} origin, so ${new URL(request.url).host} was not reached`,
        ),
      );
    controller.respondWith(answerOf(await send(forwardedRequest(request, origin))));
  });
  // A failure to reach embedkit is the client's network error, as an unreachable platform would be (not the library's 500).
  interceptor.on('unhandledException', ({ error, controller }) =>
    controller.errorWith(error instanceof Error ? error : new Error(String(error))),
  );
  interceptor.apply();
  return { startLine, dispose: () => interceptor.dispose() };
}
