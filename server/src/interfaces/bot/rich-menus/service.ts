/**
 * Rich menu operations of a bot: the objects of spec part B "Rich menu objects", the
 * operations as the platform publishes them (create, validate, get, list, delete, image upload and
 * download, default menu, per-user menus, bulk link/unlink, aliases). Choices where the platform's
 * behaviour was not known are in docs/platform/bot-daily-calls.md.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../../../clock/clock.js';
import type { Static } from '@sinclair/typebox';
import { ApiError, badRequest, invalidBody, notFound } from '../../../http/errors.js';
import type * as ImageSize from 'image-size';
import type { RichMenu } from '#contract/messages/rich-menu.js';
import type { RichMenuBatchOperation, RichMenuStore } from './store.js';
import type { WorldStore } from '../../../world/world-store.js';
import {
  richMenuImageProblem,
  type BatchBody,
  type BulkLinkBody,
  type BulkUnlinkBody,
  type CreateAliasBody,
  type UpdateAliasBody,
} from './rules.js';

// image-size is loaded at the first rich menu image, not at start: a server that is sent no image
// never holds its memory.
let loadingImageSize: Promise<typeof ImageSize> | undefined;
const loadImageSize = () => (loadingImageSize ??= import('image-size'));

/** A rich menu as the platform answers it: the object plus `richMenuId`. */
export type RichMenuResponse = RichMenu & { richMenuId: string };

/** The menu a user sees under a bot chat (for the host). */
export interface ShownRichMenu extends RichMenuResponse {
  /** Whether an image was uploaded (a menu without one is never applied). */
  hasImage: boolean;
}

/** The platform's text when a menu without image is applied. */
export const NO_IMAGE_MESSAGE = 'must upload richmenu image before applying it to user';

export class RichMenuService {
  constructor(private readonly d: { menus: RichMenuStore; world: WorldStore; clock: Clock }) {}

  /**
   * Creates a menu.
   * @param menu a rich menu object checked at the door (`checkRichMenu`)
   * @returns its new ID (`richmenu-` and 32 hex digits)
   */
  async create(channelId: string, menu: RichMenu): Promise<string> {
    const richMenuId = `richmenu-${randomBytes(16).toString('hex')}`;
    const { size, selected, name, chatBarText, areas } = menu;
    await this.d.menus.insert({
      rich_menu_id: richMenuId,
      channel_id: channelId,
      body: JSON.stringify({ size, selected, name, chatBarText, areas }),
      created_at: this.d.clock.now(),
    });
    return richMenuId;
  }

  /** @throws ApiError 404 "Not found" when the channel has no such menu. */
  async get(channelId: string, richMenuId: string): Promise<RichMenuResponse> {
    const row = await this.d.menus.get(channelId, richMenuId);
    if (!row) throw notFound('Not found');
    return { richMenuId, ...(JSON.parse(row.body) as RichMenu) };
  }

  /** Every menu of the channel, oldest first. */
  async list(channelId: string): Promise<RichMenuResponse[]> {
    return (await this.d.menus.list(channelId)).map((r) => ({ richMenuId: r.rich_menu_id, ...(JSON.parse(r.body) as RichMenu) }));
  }

  /** Deletes a menu; users who had it fall back to the default. @throws ApiError 404. */
  async delete(channelId: string, richMenuId: string): Promise<void> {
    if (!(await this.d.menus.delete(channelId, richMenuId))) throw notFound('Not found');
  }

  /**
   * Stores the menu's one image.
   * @throws ApiError 404 for an unknown menu; 400 for a type other than JPEG/PNG, over 1 MB or not
   *   exactly the menu's size; 409 when the menu already has an image.
   */
  async uploadImage(channelId: string, richMenuId: string, contentType: string | undefined, data: Buffer): Promise<void> {
    const menu = await this.get(channelId, richMenuId);
    const { imageSize } = await loadImageSize();
    const problem = richMenuImageProblem(contentType, data, menu.size, imageSize);
    if (problem) throw badRequest(problem);
    const type = contentType!.split(';')[0]!.trim().toLowerCase();
    if (!(await this.d.menus.setImage(channelId, richMenuId, type, data)))
      throw new ApiError(409, { message: 'An image has already been uploaded to the richmenu' });
  }

  /** @throws ApiError 404 when the menu does not exist or has no image. */
  async image(channelId: string, richMenuId: string): Promise<{ type: string; data: Buffer }> {
    const image = await this.d.menus.image(channelId, richMenuId);
    if (!image) throw notFound('Not found');
    return image;
  }

  /** @throws ApiError 404 for an unknown menu, 400 when it has no image yet. */
  private async applicable(channelId: string, richMenuId: string): Promise<void> {
    const row = await this.d.menus.get(channelId, richMenuId);
    if (!row) throw notFound('Not found');
    if (!row.image_type) throw badRequest(NO_IMAGE_MESSAGE);
  }

  /** Sets the default menu. @throws ApiError 404, 400 (no image). */
  async setDefault(channelId: string, richMenuId: string): Promise<void> {
    await this.applicable(channelId, richMenuId);
    await this.d.menus.setDefault(channelId, richMenuId);
  }

  /** @throws ApiError 404 "no default richmenu". */
  async getDefault(channelId: string): Promise<{ richMenuId: string }> {
    const id = await this.d.menus.getDefault(channelId);
    if (!id) throw notFound('no default richmenu');
    return { richMenuId: id };
  }

  async cancelDefault(channelId: string): Promise<void> {
    await this.d.menus.cancelDefault(channelId);
  }

  /** Links a menu to one user. @throws ApiError 400 for an unknown user or a menu without image, 404 for an unknown menu. */
  async link(channelId: string, userId: string, richMenuId: string): Promise<void> {
    if (!(await this.d.world.user(userId))) throw badRequest(`The value for the 'userId' parameter is invalid`);
    await this.applicable(channelId, richMenuId);
    await this.d.menus.link(channelId, [userId], richMenuId);
  }

  /** @throws ApiError 404 "the user has no richmenu". */
  async linked(channelId: string, userId: string): Promise<{ richMenuId: string }> {
    const id = await this.d.menus.linked(channelId, userId);
    if (!id) throw notFound('the user has no richmenu');
    return { richMenuId: id };
  }

  async unlink(channelId: string, userId: string): Promise<void> {
    await this.d.menus.unlink(channelId, [userId]);
  }

  /** Links a menu to 1 to 500 users at once (each once). @throws ApiError 400 (no image), 404 (unknown menu). */
  async bulkLink(channelId: string, b: Static<typeof BulkLinkBody>): Promise<void> {
    await this.applicable(channelId, b.richMenuId);
    await this.d.menus.link(channelId, [...new Set(b.userIds)], b.richMenuId);
  }

  /** Unlinks the menus of 1 to 500 users at once. */
  async bulkUnlink(channelId: string, b: Static<typeof BulkUnlinkBody>): Promise<void> {
    await this.d.menus.unlink(channelId, b.userIds);
  }

  /**
   * Checks a rich menu batch whose shape passed the door (`POST /v2/bot/richmenu/validate/batch`
   * and before a run): every `from` and `to` is a menu of the channel and every `to` has its image.
   * @returns the operations
   * @throws ApiError 400 with details for a reused `resumeRequestKey`, an unknown menu or a `to`
   *   without image
   */
  async checkBatch(channelId: string, b: Static<typeof BatchBody>): Promise<RichMenuBatchOperation[]> {
    const details: { message: string; property: string }[] = [];
    for (const [i, op] of b.operations.entries()) {
      const named: ['from' | 'to', string][] =
        op.type === 'link'
          ? [
              ['from', op.from],
              ['to', op.to],
            ]
          : op.type === 'unlink'
            ? [['from', op.from]]
            : [];
      for (const [key, id] of named) {
        const menu = await this.d.menus.get(channelId, id);
        if (!menu) details.push({ message: `richmenu not found: ${id}`, property: `operations[${i}].${key}` });
        else if (key === 'to' && !menu.image_type) details.push({ message: NO_IMAGE_MESSAGE, property: `operations[${i}].to` });
      }
    }
    if (b.resumeRequestKey !== undefined && (await this.d.menus.resumeKeyUsed(channelId, b.resumeRequestKey)))
      details.push({ message: 'this resumeRequestKey was already used', property: 'resumeRequestKey' });
    if (details.length) throw invalidBody(details);
    return b.operations.map((op) =>
      op.type === 'link'
        ? { type: 'link', from: op.from, to: op.to }
        : op.type === 'unlink'
          ? { type: 'unlink', from: op.from }
          : { type: 'unlinkAll' },
    );
  }

  /**
   * `POST /v2/bot/richmenu/batch`: runs the operations at once, in order, all or none.
   * @returns the request ID (answered in `<prefix>Request-Id`; its progress is final)
   * @throws ApiError 400 as {@link checkBatch}
   */
  async batch(channelId: string, body: Static<typeof BatchBody>): Promise<string> {
    const operations = await this.checkBatch(channelId, body);
    const requestId = randomUUID();
    const resumeKey = body.resumeRequestKey ?? null;
    await this.d.menus.batch(channelId, operations, { requestId, resumeKey, at: this.d.clock.now() });
    return requestId;
  }

  /**
   * `GET /v2/bot/richmenu/progress/batch?requestId`: `{phase: "succeeded", acceptedTime,
   * completedTime}` (ISO 8601 times). @throws ApiError 404 for an unknown request of the channel
   */
  async batchProgress(channelId: string, requestId: string): Promise<{ phase: 'succeeded'; acceptedTime: string; completedTime: string }> {
    const row = await this.d.menus.batchRequest(channelId, requestId);
    if (!row) throw notFound('Not found');
    return {
      phase: 'succeeded',
      acceptedTime: new Date(row.accepted_at).toISOString(),
      completedTime: new Date(row.completed_at).toISOString(),
    };
  }

  /** Creates an alias. @throws ApiError 400 ("conflict richmenu alias id", no image), 404 (menu). */
  async createAlias(channelId: string, b: Static<typeof CreateAliasBody>): Promise<void> {
    await this.applicable(channelId, b.richMenuId);
    if (!(await this.d.menus.insertAlias(channelId, b.richMenuAliasId, b.richMenuId))) throw badRequest('conflict richmenu alias id');
  }

  /** Points an alias at another menu. @throws ApiError 400 (no image), 404 (alias or menu). */
  async updateAlias(channelId: string, aliasId: string, b: Static<typeof UpdateAliasBody>): Promise<void> {
    await this.applicable(channelId, b.richMenuId);
    if (!(await this.d.menus.updateAlias(channelId, aliasId, b.richMenuId))) throw notFound('richmenu alias not found');
  }

  /** @throws ApiError 404 "richmenu alias not found". */
  async alias(channelId: string, aliasId: string): Promise<{ richMenuAliasId: string; richMenuId: string }> {
    const id = await this.d.menus.alias(channelId, aliasId);
    if (!id) throw notFound('richmenu alias not found');
    return { richMenuAliasId: aliasId, richMenuId: id };
  }

  async aliases(channelId: string): Promise<{ richMenuAliasId: string; richMenuId: string }[]> {
    return (await this.d.menus.aliases(channelId)).map((a) => ({ richMenuAliasId: a.alias_id, richMenuId: a.rich_menu_id }));
  }

  /** @throws ApiError 404 "richmenu alias not found". */
  async deleteAlias(channelId: string, aliasId: string): Promise<void> {
    if (!(await this.d.menus.deleteAlias(channelId, aliasId))) throw notFound('richmenu alias not found');
  }

  /**
   * The menu the platform shows a user under the bot's chat: the user's own menu, else the
   * channel's default; only menus with an image are shown. @returns null when there is none.
   */
  async shownTo(channelId: string, userId: string): Promise<ShownRichMenu | null> {
    const id = (await this.d.menus.linked(channelId, userId)) ?? (await this.d.menus.getDefault(channelId));
    if (!id) return null;
    return this.shown(channelId, id);
  }

  /** The menu an alias points at, as the host shows it after a `richmenuswitch`. @returns null when unknown. */
  async shownByAlias(channelId: string, aliasId: string): Promise<ShownRichMenu | null> {
    const id = await this.d.menus.alias(channelId, aliasId);
    return id ? this.shown(channelId, id) : null;
  }

  private async shown(channelId: string, richMenuId: string): Promise<ShownRichMenu | null> {
    const row = await this.d.menus.get(channelId, richMenuId);
    if (!row?.image_type) return null;
    return { richMenuId, ...(JSON.parse(row.body) as RichMenu), hasImage: true };
  }
}
