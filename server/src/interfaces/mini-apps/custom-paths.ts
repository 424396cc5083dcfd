/**
 * A verified LINE MINI App's Custom Path (LINE MINI App docs, "Configuring Custom Path";
 * docs/platform/mini-apps.md, "The MINI App's own URLs"): read for the LIFF server API's app
 * objects and set through it, embedkit's stand-in for the platform's application form.
 */
import { badRequest } from '../../http/errors.js';
import { customPathRefusal } from './rules.js';
import type { MiniAppStore } from './store.js';

/** The MINI Apps' Custom Paths as the LIFF server API reads and sets them. */
export interface CustomPaths {
  /** The Custom Path of each MINI App that has one, by embed ID. */
  all(): Promise<Map<string, string>>;
  /**
   * Sets (or removes, null) an app's Custom Path.
   * @throws ApiError 400 when the app is not a verified MINI App, the path breaks the published
   *   rules, or another MINI App holds it
   */
  set(embedId: string, path: string | null): Promise<void>;
}

/** The Custom Paths over the MINI Apps' store. */
export function customPaths(store: MiniAppStore): CustomPaths {
  return {
    all: async () => new Map((await store.list()).flatMap((m) => (m.custom_path ? [[m.embed_id, m.custom_path] as const] : []))),
    set: async (embedId, path) => {
      const app = await store.ofEmbed(embedId);
      if (!app) throw badRequest(`customPath: ${embedId} is not a LINE MINI App; only a verified MINI App can have a Custom Path`);
      if (path === null) {
        await store.setCustomPath(embedId, null);
        return;
      }
      const refusal = customPathRefusal(path, Number(app.verified) === 1);
      if (refusal) throw badRequest(`customPath: ${refusal}`);
      if (!(await store.setCustomPath(embedId, path))) throw badRequest(`customPath: ${path} is already another MINI App's Custom Path`);
    },
  };
}
