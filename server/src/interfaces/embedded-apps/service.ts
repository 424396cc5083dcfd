/**
 * The embedded-app registry: rules of spec part D (server API table, "Errors" and "Limits"), and
 * the LIFF server API (liff.yml) over the same apps: a LIFF ID is an embed ID.
 */
import type { ViewType } from '#contract/wire.js';
import type { Clock } from '../../clock/clock.js';
import { badRequest, notFound } from '../../http/errors.js';
import {
  BOT_PROMPTS,
  checkViewUrl,
  DEFAULT_BOT_PROMPT,
  DEFAULT_LIFF_SCOPES,
  APP_SCOPES,
  type AddAppBody,
  type AddLiffAppBody,
  type BotPrompt,
  type AppScope,
  type UpdateLiffAppBody,
  type ViewBody,
} from './rules.js';
import type { AppChange, AppRow, AppStore, NewApp } from './store.js';
import { MAX_APPS_PER_CHANNEL } from '../../limits.js';
import { randomAlnum } from '../../tokens/secrets.js';

/** The published LIFF ID's shape: the channel ID, a hyphen, letters and digits (`1650000001-AbCd1234`). */
export const LIFF_ID = /^[0-9]{1,20}-[A-Za-z0-9]{1,40}$/;

/** The `app` object of spec part D. */
export interface App {
  embedId: string;
  view: { type: string; url: string };
}

/** Maps a stored row to the spec's app object. */
export function toApp(row: AppRow): App {
  return { embedId: row.embed_id, view: { type: row.view_type, url: row.view_url } };
}

/**
 * The LIFF server API's app object (liff.yml `LiffApp`), every field present: `description` is the
 * app's name (what the host shows as its title).
 */
export interface LiffApp {
  liffId: string;
  view: { type: ViewType; url: string; moduleMode: boolean };
  description: string;
  features: { ble: boolean; qrCode: boolean };
  permanentLinkPattern: string;
  scope: AppScope[];
  botPrompt: BotPrompt;
  /** embedkit's extension: a verified MINI App's Custom Path, present when it has one (docs/platform/mini-apps.md). */
  customPath?: string;
}

/**
 * What the LIFF server API reads and sets of the MINI Apps' Custom Paths (the MINI Apps unit's,
 * handed in by `kit/units.ts`): embedkit has no console, so the API carries them as its extension.
 */
export interface LiffCustomPaths {
  /** The Custom Path of each MINI App that has one, by embed ID. */
  all(): Promise<Map<string, string>>;
  /** Sets or removes (null) one. @throws ApiError 400 when the app may not have it (not a verified MINI App, the path's rules, taken) */
  set(embedId: string, path: string | null): Promise<void>;
}

/**
 * The scopes a stored row is registered with (a JSON array), Quick-fill's `commonprofile.*` among
 * them, in {@link APP_SCOPES} order; the published default for a value that is not one.
 */
export function scopesOf(row: Pick<AppRow, 'scopes'>): AppScope[] {
  try {
    const parsed: unknown = JSON.parse(row.scopes);
    if (Array.isArray(parsed)) return APP_SCOPES.filter((s) => parsed.includes(s));
  } catch {
    // A value no migration writes: fall back to the default below.
  }
  return [...DEFAULT_LIFF_SCOPES];
}

/** The bot prompt of a stored row; the published default for a value that is not one. */
export function botPromptOf(row: Pick<AppRow, 'bot_prompt'>): BotPrompt {
  return (BOT_PROMPTS as readonly string[]).includes(row.bot_prompt) ? (row.bot_prompt as BotPrompt) : DEFAULT_BOT_PROMPT;
}

/** Maps a stored row to the LIFF server API's app object. */
export function toLiffApp(row: AppRow): LiffApp {
  return {
    liffId: row.embed_id,
    view: { type: row.view_type, url: row.view_url, moduleMode: row.module_mode === 1 },
    description: row.name,
    features: { ble: row.feature_ble === 1, qrCode: row.feature_qr_code === 1 },
    permanentLinkPattern: row.permanent_link_pattern,
    scope: scopesOf(row),
    botPrompt: botPromptOf(row),
  };
}

/** The LIFF fields of a body, as store values; the scopes once each, in the order given. */
function liffSettings(body: AddLiffAppBody | UpdateLiffAppBody): AppChange {
  return {
    name: body.description,
    viewType: body.view?.type,
    viewUrl: body.view?.url,
    moduleMode: body.view?.moduleMode,
    ble: body.features?.ble,
    qrCode: body.features?.qrCode,
    permanentLinkPattern: body.permanentLinkPattern,
    scopes: body.scope ? [...new Set(body.scope)] : undefined,
    botPrompt: body.botPrompt,
  };
}

/** A LIFF body without embedkit's `customPath`, which the MINI Apps unit keeps. */
function withoutCustomPath<B extends { customPath?: string | null }>(body: B): Omit<B, 'customPath'> {
  const { customPath: _customPath, ...rest } = body;
  return rest;
}

export class RegistryService {
  constructor(
    private readonly apps: AppStore,
    private readonly clock: Clock,
    private readonly customPaths?: LiffCustomPaths,
  ) {}

  /**
   * Registers an app on a channel. The embed ID is `<channelId>-<8 letters and digits>`.
   * @param body checked at the door (schema and view URL rule, `rules.ts`)
   * @throws ApiError 400 when the channel already holds 30 apps.
   */
  async add(channelId: string, body: AddAppBody): Promise<{ embedId: string }> {
    return { embedId: await this.insert(channelId, { viewType: body.view.type, viewUrl: body.view.url }) };
  }

  /**
   * Registers an app through the LIFF server API (liff.yml operationId `addLIFFApp`). What the body
   * leaves out takes the published defaults: `scope` `["profile", "chat_message.write"]`,
   * `botPrompt` `none`, `features` and `view.moduleMode` false, `permanentLinkPattern` `concat`;
   * `description` defaults to the LIFF ID (the name an `/embed/v1` app gets).
   * @param body checked at the door (schema, view URL and name rules, `rules.ts`)
   * @throws ApiError 400 when the channel already holds 30 apps.
   */
  async addLiff(channelId: string, body: AddLiffAppBody): Promise<{ liffId: string }> {
    // A new app is a LIFF app; only a verified MINI App of the scenario has a Custom Path.
    if (body.customPath)
      throw badRequest('customPath: a new LIFF app is not a verified LINE MINI App; only a verified MINI App can have a Custom Path');
    const { name, ...settings } = liffSettings(withoutCustomPath(body));
    return { liffId: await this.insert(channelId, { ...settings, name, viewType: body.view.type, viewUrl: body.view.url }) };
  }

  /**
   * Changes the fields the body gives, and only those (liff.yml operationId `updateLIFFApp`): in
   * `view` and `features` too, each field given replaces its own value. embedkit's `customPath`
   * sets (or, null, removes) a verified MINI App's Custom Path.
   * @param body checked at the door (schema, view URL and name rules, `rules.ts`)
   * @throws ApiError 404 when the app does not exist or belongs to another channel; 400 when the
   *   Custom Path is refused (not a verified MINI App, the published rules, another MINI App's)
   */
  async updateLiff(channelId: string, liffId: string, body: UpdateLiffAppBody): Promise<void> {
    const app = await this.apps.get(liffId);
    if (!app || app.channel_id !== channelId) throw appNotFound(liffId);
    // The Custom Path first: a refused one leaves the other fields as they were.
    if (body.customPath !== undefined) {
      if (!this.customPaths) throw badRequest('customPath: this embedkit keeps no LINE MINI Apps');
      await this.customPaths.set(liffId, body.customPath);
    }
    if (!(await this.apps.update(channelId, liffId, liffSettings(withoutCustomPath(body))))) throw appNotFound(liffId);
  }

  /** The channel's apps with every LIFF field (operationId `getAllLIFFApps`), and embedkit's `customPath` of a MINI App that has one. @throws ApiError 404 when the channel has none. */
  async listLiff(channelId: string): Promise<{ apps: LiffApp[] }> {
    const rows = await this.apps.listByChannel(channelId);
    if (rows.length === 0) throw noApps();
    const paths = (await this.customPaths?.all()) ?? new Map<string, string>();
    return {
      apps: rows.map((row) => {
        const path = paths.get(row.embed_id);
        return path ? { ...toLiffApp(row), customPath: path } : toLiffApp(row);
      }),
    };
  }

  /**
   * Holds an app under an ID it already carries: the LIFF ID in a project's `.env`, made in the
   * platform's console, which the app passes to `liff.init` unchanged (`embedkit dev`). A new ID is
   * registered on `channelId` with `view` (within the limit of apps per channel); an ID the world
   * holds already keeps its channel and settings and gets `view` (the dev server may have moved).
   * @param liffId `<digits>-<letters and digits>`, the published LIFF ID shape
   * @returns the channel the app belongs to
   * @throws ApiError 400 when the ID is not of that shape, the URL breaks the view URL rule (https,
   *   or http on a loopback host), or the channel already holds 30 apps.
   */
  async keep(channelId: string, liffId: string, view: ViewBody): Promise<{ channelId: string }> {
    if (!LIFF_ID.test(liffId)) throw badRequest(`${liffId} is not a LIFF ID (<channel ID>-<letters and digits>)`);
    const wrongUrl = checkViewUrl(view.url);
    if (wrongUrl) throw badRequest(`${view.url}: ${wrongUrl}`);
    const existing = await this.apps.get(liffId);
    if (existing) {
      await this.apps.update(existing.channel_id, liffId, { viewType: view.type, viewUrl: view.url });
      return { channelId: existing.channel_id };
    }
    const added = await this.apps.insertWithinLimit(
      { embedId: liffId, channelId, name: liffId, viewType: view.type, viewUrl: view.url, createdAt: this.clock.now() },
      MAX_APPS_PER_CHANNEL,
    );
    if (!added) throw badRequest(`The channel already has the maximum number of apps (${MAX_APPS_PER_CHANNEL})`);
    return { channelId };
  }

  /** One new app of the channel under a new ID, within the limit of apps per channel (spec "Limits"). */
  private async insert(
    channelId: string,
    app: Omit<NewApp, 'embedId' | 'channelId' | 'name' | 'createdAt'> & { name?: string },
  ): Promise<string> {
    const embedId = `${channelId}-${randomAlnum(8)}`;
    const added = await this.apps.insertWithinLimit(
      { ...app, embedId, channelId, name: app.name ?? embedId, createdAt: this.clock.now() },
      MAX_APPS_PER_CHANNEL,
    );
    if (!added) throw badRequest(`The channel already has the maximum number of apps (${MAX_APPS_PER_CHANNEL})`);
    return embedId;
  }

  /**
   * Replaces the view of an app.
   * @param view checked at the door (schema and URL rule, `rules.ts`)
   * @throws ApiError 404 when the app does not exist or belongs to another channel.
   */
  async updateView(channelId: string, embedId: string, view: ViewBody): Promise<void> {
    // Only the view's type and URL: the LIFF settings (module mode included) stay as they are.
    if (!(await this.apps.update(channelId, embedId, { viewType: view.type, viewUrl: view.url }))) throw appNotFound(embedId);
  }

  /** The channel's apps. @throws ApiError 404 when the channel has none (spec part D "Errors"). */
  async list(channelId: string): Promise<{ apps: App[] }> {
    const rows = await this.apps.listByChannel(channelId);
    if (rows.length === 0) throw noApps();
    return { apps: rows.map(toApp) };
  }

  /** Deletes an app. @throws ApiError 404 when it does not exist or belongs to another channel. */
  async delete(channelId: string, embedId: string): Promise<void> {
    if (!(await this.apps.delete(channelId, embedId))) throw appNotFound(embedId);
  }
}

function noApps() {
  return notFound('The channel has no apps');
}

function appNotFound(embedId: string) {
  return notFound(`The app ${embedId} does not exist on this channel`);
}
