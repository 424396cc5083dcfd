/**
 * Checks of the simulator API's bot bodies (what a person does with a bot in the host, the webhook
 * settings), compiled from the contract's schemas (`contract/src/requests.ts`).
 */
import {
  AccountLinkBodySchema,
  BeaconBodySchema,
  InsightReportBodySchema,
  InviteBodySchema,
  MediaQuerySchema,
  PersonBodySchema,
  PostbackBodySchema,
  TriggerEventBodySchema,
  WebhookSettingsBodySchema,
} from '#contract/requests.js';
import { compile } from '../../../http/validate.js';

export const checkPostbackBody = compile(PostbackBodySchema);
export const checkPersonBody = compile(PersonBodySchema);
export const checkInviteBody = compile(InviteBodySchema);
export const checkBeaconBody = compile(BeaconBodySchema);
export const checkAccountLinkBody = compile(AccountLinkBodySchema);
export const checkWebhookSettingsBody = compile(WebhookSettingsBodySchema);
export const checkMediaQuery = compile(MediaQuerySchema);
export const checkInsightReportBody = compile(InsightReportBodySchema);
export const checkTriggerEventBody = compile(TriggerEventBodySchema);
