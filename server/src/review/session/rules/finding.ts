/**
 * How the session's rules word a finding: a check's fixed parts (its ID, title, rule, published
 * page and fix) and the status and what was seen of this session.
 */
import type { Finding, FindingStatus } from '#contract/review.js';

/** A check's fixed parts. */
export interface CheckText {
  check: string;
  title: string;
  rule: string;
  source: string;
  fix: string;
}

/** The finding of `text` for this session (`fix` only for a `warn` or `fail`). */
export function finding(text: CheckText, status: FindingStatus, seen: string, area: Finding['area'] = 'session'): Finding {
  const { fix, ...rest } = text;
  return { ...rest, area, status, seen, ...(status === 'pass' ? {} : { fix }) };
}

/** Published pages the rules cite. */
export const SOURCES = {
  init: 'https://developers.line.biz/en/reference/liff/#initialize-liff-app',
  isApiAvailable: 'https://developers.line.biz/en/reference/liff/#is-api-available',
  iapGuidelines: 'https://developers.line.biz/en/docs/line-mini-app/in-app-purchase/iap-guidelines/',
  serviceMessages: 'https://developers.line.biz/en/docs/line-mini-app/develop/service-messages/',
  serviceOperation: 'https://developers.line.biz/en/docs/line-mini-app/service/service-operation/#conditions-for-service-messages',
  shareMessages: 'https://developers.line.biz/en/docs/line-mini-app/develop/share-messages/',
  consentSimplification: 'https://developers.line.biz/en/docs/line-mini-app/develop/channel-consent-simplification/',
} as const;

/** "12:03:04" of a time in ms (UTC), for what was seen. */
export function clockText(at: number): string {
  return new Date(at).toISOString().slice(11, 19);
}

/** At most `max` items of `list` joined, with how many more. */
export function listText(list: readonly string[], max = 3): string {
  return list.length > max ? `${list.slice(0, max).join('; ')}; and ${list.length - max} more` : list.join('; ');
}
