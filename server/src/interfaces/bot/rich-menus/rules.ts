/**
 * Pure rules of the rich menu operations (the platform's published rich menu API): the image
 * accepted for a menu ({@link richMenuImageProblem}: raw bytes, read by the route itself), and the
 * bodies and queries of the calls as TypeBox schemas, checked at the door (`http/door.ts`) before
 * the handler runs. Whether a menu, alias or batch request exists is the service's rule.
 */
import { Type } from '@sinclair/typebox';

/** Reads an image's type and size from its bytes (image-size's `imageSize`); throws when it cannot. */
export type ImageMeasure = (bytes: Uint8Array) => { width?: number; height?: number; type?: string };

/** Largest rich menu image, in bytes (platform: 1 MB). */
export const MAX_RICH_MENU_IMAGE_BYTES = 1024 * 1024;
/** Most users of one bulk link or unlink (platform: 500). */
export const MAX_BULK_USERS = 500;
/** Longest rich menu alias ID (platform: 32 characters of `[A-Za-z0-9_-]`). */
export const MAX_ALIAS_ID_LENGTH = 32;

/** The image types a rich menu accepts. */
export const RICH_MENU_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;

/**
 * Checks an uploaded rich menu image: JPEG or PNG by its `Content-Type` and by its own bytes, at
 * most 1 MB, and exactly the menu's size (width x height in pixels, read from the image).
 * @param measure reads the image's own type and size
 * @returns the error text (answered 400), or null.
 */
export function richMenuImageProblem(
  contentType: string | undefined,
  data: Buffer,
  size: { width: number; height: number },
  measure: ImageMeasure,
): string | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!(RICH_MENU_IMAGE_TYPES as readonly string[]).includes(type)) return `The content type, ${contentType ?? 'none'}, is not supported`;
  if (data.length === 0) return 'The request body is empty';
  if (data.length > MAX_RICH_MENU_IMAGE_BYTES) return `The image must be at most ${MAX_RICH_MENU_IMAGE_BYTES} bytes`;
  let found: { width?: number; height?: number; type?: string };
  try {
    found = measure(new Uint8Array(data.buffer, data.byteOffset, data.length));
  } catch {
    return 'The image could not be read';
  }
  const foundType = found.type === 'jpg' ? 'image/jpeg' : found.type === 'png' ? 'image/png' : undefined;
  if (foundType !== type) return `The image is not of the content type ${type}`;
  if (found.width !== size.width || found.height !== size.height)
    return `The image must be ${size.width}x${size.height} pixels (the rich menu's size), not ${found.width}x${found.height}`;
  return null;
}

/** A rich menu ID in a body: any string (whether the channel has the menu is checked by the service, 404). */
const MenuId = (message: string) => Type.String({ platformErrors: { type: message } });

/**
 * A rich menu alias ID: 1 to {@link MAX_ALIAS_ID_LENGTH} characters of `[A-Za-z0-9_-]` (platform).
 * A missing one is `must be specified` at `richMenuAliasId`.
 */
const AliasId = Type.String({
  minLength: 1,
  maxLength: MAX_ALIAS_ID_LENGTH,
  pattern: '^[A-Za-z0-9_-]+$',
  platformErrors: {
    type: 'richMenuAliasId is required',
    minLength: 'richMenuAliasId is required',
    maxLength: `richMenuAliasId must be at most ${MAX_ALIAS_ID_LENGTH} characters`,
    pattern: 'richMenuAliasId may contain only A-Z, a-z, 0-9, _ and -',
  },
});

/** The `userIds` of a bulk link or unlink: 1 to {@link MAX_BULK_USERS} non-empty strings (platform). */
const BulkUserIds = Type.Array(
  Type.String({ minLength: 1, platformErrors: { type: 'userIds must hold user IDs', minLength: 'userIds must hold user IDs' } }),
  {
    minItems: 1,
    maxItems: MAX_BULK_USERS,
    platformErrors: {
      type: 'userIds must be an array of 1 to 500 user IDs',
      minItems: 'userIds must be an array of 1 to 500 user IDs',
      maxItems: `userIds must have at most ${MAX_BULK_USERS} items`,
    },
  },
);

/** `POST /v2/bot/richmenu/bulk/link`'s body: `{richMenuId, userIds}`. */
export const BulkLinkBody = Type.Object({ richMenuId: MenuId('richMenuId is required'), userIds: BulkUserIds });
/** `POST /v2/bot/richmenu/bulk/unlink`'s body: `{userIds}`. */
export const BulkUnlinkBody = Type.Object({ userIds: BulkUserIds });
/** `POST /v2/bot/richmenu/alias`'s body: `{richMenuAliasId, richMenuId}`. */
export const CreateAliasBody = Type.Object({ richMenuAliasId: AliasId, richMenuId: MenuId('richMenuId is required') });
/** `POST /v2/bot/richmenu/alias/{richMenuAliasId}`'s body: `{richMenuId}`. */
export const UpdateAliasBody = Type.Object({ richMenuId: MenuId('richMenuId is required') });

/** Most operations of one rich menu batch request (the platform's published limit). */
export const MAX_BATCH_OPERATIONS = 1000;

/** An operation of a batch as the body gives it (the menus' existence is the service's rule). */
export type RichMenuBatchOperationInput =
  { type: 'link'; from: string; to: string } | { type: 'unlink'; from: string } | { type: 'unlinkAll' };

const OPERATION_TYPES = ['link', 'unlink', 'unlinkAll'] as const;
const BatchMenuId = Type.String({ platformErrors: { type: 'must be a rich menu ID' } });
// One object with conditional requirements rather than a union tagged by `type`: a tagged union
// words an unknown type with the generic enum message, and the platform's is kept here.
const BatchOperation = Type.Unsafe<RichMenuBatchOperationInput>(
  Type.Object(
    {
      type: Type.Unsafe<(typeof OPERATION_TYPES)[number]>({
        type: 'string',
        enum: [...OPERATION_TYPES],
        platformErrors: { type: 'must be one of link, unlink, unlinkAll', enum: 'must be one of link, unlink, unlinkAll' },
      }),
      from: Type.Optional(BatchMenuId),
      to: Type.Optional(BatchMenuId),
    },
    {
      allOf: [
        // `properties` names them again for Ajv's strict mode (a `required` of undeclared names is refused).
        { if: { properties: { type: { const: 'link' } } }, then: { properties: { from: {}, to: {} }, required: ['from', 'to'] } },
        { if: { properties: { type: { const: 'unlink' } } }, then: { properties: { from: {} }, required: ['from'] } },
      ],
    },
  ),
);
const batchSize = `must be an array of 1 to ${MAX_BATCH_OPERATIONS} operations`;
const ResumeKey = Type.String({
  minLength: 1,
  maxLength: 100,
  platformErrors: {
    type: 'must be a string of 1 to 100 characters',
    minLength: 'must be a string of 1 to 100 characters',
    maxLength: 'must be a string of 1 to 100 characters',
  },
});

/**
 * The body of `POST /v2/bot/richmenu/batch` and `/validate/batch`: `{operations: 1 to 1,000 of
 * {type: link, from, to} | {type: unlink, from} | {type: unlinkAll}, resumeRequestKey?: 1 to 100
 * characters}`. Whether the menus exist, have their image, and whether the key was used is the
 * service's rule.
 */
export const BatchBody = Type.Object({
  operations: Type.Array(BatchOperation, {
    minItems: 1,
    maxItems: MAX_BATCH_OPERATIONS,
    platformErrors: { type: batchSize, minItems: batchSize, maxItems: batchSize },
  }),
  resumeRequestKey: Type.Optional(ResumeKey),
});

/** `GET /v2/bot/richmenu/progress/batch`'s query: `requestId`, given once. */
export const BatchProgressQuery = Type.Object({ requestId: Type.String({ platformErrors: { type: 'must be given once' } }) });
