/**
 * Rich menu object (spec part B "Rich menu objects"): `size` (width 2500, height 1686 or 843),
 * `selected`, `name` (max 300), `chatBarText` (max 14), `areas` (max 20), each area `bounds` in
 * pixels and an `action` (label optional, max 20). That every area lies within `size` is checked
 * in rules.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { RichMenuAreaActionSchema } from './actions.js';
import { Enum, Int, Obj, Str } from './common.js';

/** Most areas of a rich menu (spec: max 20). */
export const MAX_RICH_MENU_AREAS = 20;
/** `$id` of the rich menu schema. */
export const RICH_MENU_SCHEMA_ID = 'https://embedkit.local/schemas/v1/rich-menu.json';

/** Tappable area: offsets from the top left and size, in pixels. */
export const RichMenuBoundsSchema = Obj({ x: Int(0), y: Int(0), width: Int(1), height: Int(1) });

/** Rich menu object, as created by a bot. */
export const RichMenuSchema = Obj(
  {
    size: Obj({
      width: Enum([2500], { description: 'Must be 2500.' }),
      height: Enum([1686, 843], { description: '1686 or 843 (usable images: 2500x1686, 2500x843).' }),
    }),
    selected: Type.Boolean({ description: 'true shows the menu by default.' }),
    name: Str(300, { description: 'Max 300 characters; not shown to users.' }),
    chatBarText: Str(14, { description: 'Text of the chat bar: max 14 characters.' }),
    areas: Type.Array(Obj({ bounds: RichMenuBoundsSchema, action: RichMenuAreaActionSchema }), { maxItems: MAX_RICH_MENU_AREAS }),
  },
  { $id: RICH_MENU_SCHEMA_ID, title: 'Rich menu object' },
);

/** Area bounds: `x`, `y`, `width`, `height` in pixels from the top left, within the menu size. */
export type RichMenuBounds = Static<typeof RichMenuBoundsSchema>;
/** Rich menu object: `size` (2500x1686 or 2500x843), `selected`, `name` (max 300), `chatBarText` (max 14), up to 20 `areas` (spec "Rich menu objects"). */
export type RichMenu = Static<typeof RichMenuSchema>;
