/**
 * The simulator API's `v1Bots` unit: the v1 bots' settings, link templates and icons (spec parts
 * E and F), with the schemas only its routes use.
 * Its handlers: `server/src/interfaces/v1-bots/routes.ts`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { type Contract, defineContract } from '../route.js';
import { Nullable, StringEnum } from '../schema-builders.js';
import { BOT_INTERFACES } from './shared-shapes.js';

/** The fields of a link message template a channel sets (docs/platform/v1-bots.md), each optional text. */
export const LINK_TEMPLATE_FIELDS = {
  text: Type.Optional(Type.String()),
  subText: Type.Optional(Type.String()),
  linkText: Type.Optional(Type.String()),
  previewUrl: Type.Optional(Type.String()),
  linkUri: Type.Optional(Type.String()),
  aLinkUri: Type.Optional(Type.String()),
  iLinkUri: Type.Optional(Type.String()),
};

/** A link message template of an enterprise channel, with its ID. */
export const LinkTemplateSchema = Type.Object({ templateId: Type.String(), ...LINK_TEMPLATE_FIELDS });
export type LinkTemplate = Static<typeof LinkTemplateSchema>;

/** A channel's v1 settings. */
export const ChannelV1Schema = Type.Object({
  channelId: Type.String(),
  botInterface: StringEnum(BOT_INTERFACES),
  channelMid: Nullable(Type.String()),
  blockOperations: Type.Boolean(),
  linkTemplates: Type.Array(LinkTemplateSchema),
});
export type ChannelV1 = Static<typeof ChannelV1Schema>;

/** Body of a link message template (docs/platform/v1-bots.md); refused field by field in the v1 format. */
export const LinkTemplateBodySchema = Type.Object(LINK_TEMPLATE_FIELDS);

/** The `v1Bots` unit's routes, one slice of `SIMULATOR_API`. */
export const V1_BOTS_ROUTES = defineContract({
  channelV1: {
    method: 'GET',
    path: '/channels/:channelId/v1',
    summary: 'a channel’s v1 settings',
    answer: ChannelV1Schema,
    unit: 'v1Bots',
  },
  putLinkTemplate: {
    method: 'PUT',
    path: '/channels/:channelId/link-templates/:templateId',
    summary: 'adds or replaces a link message template (enterprise channels)',
    body: LinkTemplateBodySchema,
    bodyKind: 'v1-json',
    answer: LinkTemplateSchema,
    unit: 'v1Bots',
  },
  deleteLinkTemplate: {
    method: 'DELETE',
    path: '/channels/:channelId/link-templates/:templateId',
    summary: 'removes a link message template',
    answer: 'empty',
    unit: 'v1Bots',
  },
  channelIcon: {
    method: 'GET',
    path: '/channels/:channelId/icon',
    summary: 'a channel’s icon (SVG)',
    answer: 'binary',
    crossSite: 'public',
    unit: 'v1Bots',
  },
} satisfies Contract<'v1Bots'>);
