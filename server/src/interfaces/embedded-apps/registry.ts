/** The embedded-app registry: rules of spec part D (server API table, "Errors" and "Limits"). */
import type { ViewType } from '../../contract/wire.js';
import type { Clock } from '../../clock/clock.js';
import { badRequest, invalidBody, notFound } from '../../http/errors.js';
import { checkAddAppBody, checkViewBody, checkViewUrl } from './schemas.js';
import type { ErrorDetail } from '../../http/validate.js';
import type { AppRow, AppStore } from './store.js';
import { MAX_APPS_PER_CHANNEL } from '../../limits.js';
import { randomAlnum } from '../../tokens/secrets.js';

/** The `app` object of spec part D. */
export interface App {
  embedId: string;
  view: { type: string; url: string };
}

/** Maps a stored row to the spec's app object. */
export function toApp(row: AppRow): App {
  return { embedId: row.embed_id, view: { type: row.view_type, url: row.view_url } };
}

export class RegistryService {
  constructor(
    private readonly apps: AppStore,
    private readonly clock: Clock,
  ) {}

  /**
   * Registers an app on a channel. The embed ID is `<channelId>-<8 letters and digits>`.
   * @throws ApiError 400 for invalid values, or when the channel already holds 30 apps.
   */
  async add(channelId: string, body: unknown): Promise<{ embedId: string }> {
    const details = [...(checkAddAppBody(body) ?? []), ...urlDetails((body as { view?: { url?: unknown } } | null)?.view?.url, 'view.url')];
    // Checked first: a body of JSON `null` has no view to read.
    if (details.length > 0) throw invalidBody(details);
    const view = (body as { view: { type: ViewType; url: string } }).view;
    const embedId = `${channelId}-${randomAlnum(8)}`;
    const added = await this.apps.insertWithinLimit(
      { embedId, channelId, name: embedId, viewType: view.type, viewUrl: view.url, createdAt: this.clock.now() },
      MAX_APPS_PER_CHANNEL,
    );
    if (!added) throw badRequest(`The channel already has the maximum number of apps (${MAX_APPS_PER_CHANNEL})`);
    return { embedId };
  }

  /**
   * Replaces the view of an app.
   * @throws ApiError 400 for invalid values; 404 when the app does not exist or belongs to another channel.
   */
  async updateView(channelId: string, embedId: string, body: unknown): Promise<void> {
    const details = [...(checkViewBody(body) ?? []), ...urlDetails((body as { url?: unknown } | null)?.url, 'url')];
    if (details.length > 0) throw invalidBody(details);
    const view = body as { type: ViewType; url: string };
    if (!(await this.apps.updateView(channelId, embedId, view.type, view.url))) throw appNotFound(embedId);
  }

  /** The channel's apps. @throws ApiError 404 when the channel has none (spec part D "Errors"). */
  async list(channelId: string): Promise<{ apps: App[] }> {
    const rows = await this.apps.listByChannel(channelId);
    if (rows.length === 0) throw notFound('The channel has no apps');
    return { apps: rows.map(toApp) };
  }

  /** Deletes an app. @throws ApiError 404 when it does not exist or belongs to another channel. */
  async delete(channelId: string, embedId: string): Promise<void> {
    if (!(await this.apps.delete(channelId, embedId))) throw appNotFound(embedId);
  }
}

/** URL scheme rule of a view; only for a string (the schema reports other types). */
function urlDetails(url: unknown, property: string): ErrorDetail[] {
  if (typeof url !== 'string' || url === '') return [];
  const message = checkViewUrl(url);
  return message ? [{ message, property }] : [];
}

function appNotFound(embedId: string) {
  return notFound(`The app ${embedId} does not exist on this channel`);
}
