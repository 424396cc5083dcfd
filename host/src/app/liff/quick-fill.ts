/**
 * The rules of the platform's Quick-fill screen, which `@line/liff-common-profile-plugin` opens as a
 * sub window (`liff.$commonProfile.get(scopes)` / `getDummy(scopes, caseId)`) and the host draws
 * itself: which Common Profile entries it shows (those asked for; for the person, only those the
 * token's `commonprofile.*` scopes cover), which token it takes, the dummy cases it offers, and how
 * each value reads. The screen is in Japanese whatever the client's language, as published
 * ("Quick-fill currently supports Japanese only"). No DOM.
 */
import { COMMON_PROFILE_ENTRIES, type CommonProfileEntry, type CommonProfileView } from '#contract/common-profile.js';

export { COMMON_PROFILE_ENTRIES, type CommonProfileEntry };

/**
 * A Common Profile as the plugin's `CommonProfile` types it: `sex-enum` 0 male, 1 female, 2 other,
 * 3 no answer (`SEX_ENUM`); `bday-*` numbers; the rest strings. An entry the person has not set is absent.
 */
export type CommonProfile = Partial<Record<CommonProfileEntry, string | number>>;

/** The screen's label of each entry. */
export const ENTRY_LABELS: Readonly<Record<CommonProfileEntry, string>> = {
  'family-name': '姓',
  'given-name': '名',
  'family-name-kana': '姓（フリガナ）',
  'given-name-kana': '名（フリガナ）',
  'sex-enum': '性別',
  'bday-year': '生年',
  'bday-month': '生月',
  'bday-day': '生日',
  tel: '電話番号',
  email: 'メールアドレス',
  'postal-code': '郵便番号',
  'address-level1': '都道府県',
  'address-level2': '市区町村',
  'address-level3': '町名・番地',
  'address-level4': '建物名・部屋番号',
};

const SEX_LABELS = ['男性', '女性', 'その他', '回答しない'];

/** The first dummy person: every entry set. */
const DUMMY_FULL: CommonProfile = {
  'family-name': '山田',
  'given-name': '太郎',
  'family-name-kana': 'ヤマダ',
  'given-name-kana': 'タロウ',
  'sex-enum': 0,
  'bday-year': 1990,
  'bday-month': 4,
  'bday-day': 1,
  tel: '09012345678',
  email: 'taro.yamada@example.com',
  'postal-code': '1000005',
  'address-level1': '東京都',
  'address-level2': '千代田区',
  'address-level3': '丸の内1-1-1',
  'address-level4': 'サンプルビル10階',
};

/**
 * The dummy cases of `getDummy(scopes, caseId)` (embedkit's own set: the platform's reference names
 * none). The plugin sends `-1` when the app gives no `caseId`, which reads as case 1.
 * - 1: every entry set (a man born 1990-04-01 in Tokyo);
 * - 2: only the name and the phone number set, the rest left unset;
 * - 3: nothing set (the person has no Common Profile yet);
 * - 4: every entry set, of another person (a woman, a building-less address in Osaka).
 */
export const DUMMY_CASES: Readonly<Record<number, { caption: string; profile: CommonProfile }>> = {
  1: { caption: 'すべての項目が設定されたユーザー', profile: DUMMY_FULL },
  2: {
    caption: '氏名と電話番号のみ設定されたユーザー',
    profile: {
      'family-name': DUMMY_FULL['family-name']!,
      'given-name': DUMMY_FULL['given-name']!,
      'family-name-kana': DUMMY_FULL['family-name-kana']!,
      'given-name-kana': DUMMY_FULL['given-name-kana']!,
      tel: DUMMY_FULL.tel!,
    },
  },
  3: { caption: '共通プロフィールが未設定のユーザー', profile: {} },
  4: {
    caption: 'すべての項目が設定されたユーザー（別人）',
    profile: {
      'family-name': '佐藤',
      'given-name': '花子',
      'family-name-kana': 'サトウ',
      'given-name-kana': 'ハナコ',
      'sex-enum': 1,
      'bday-year': 1985,
      'bday-month': 12,
      'bday-day': 24,
      tel: '0612345678',
      email: 'hanako.sato@example.com',
      'postal-code': '5300001',
      'address-level1': '大阪府',
      'address-level2': '大阪市北区',
      'address-level3': '梅田1-1-1',
    },
  },
};

/** What the plugin asks the screen for, read from the sub window's `appData`. */
export type QuickFillRequest =
  { mode: 'dummy'; caseId: number; entries: CommonProfileEntry[] } | { mode: 'person'; entries: CommonProfileEntry[] };

/**
 * The entries the screen shows for the app's `scopes`: the known entries it names, in the
 * plugin's order; all of them when it names none (the plugin's default `[]`). Names the plugin
 * does not know are left out.
 */
export function requestedEntries(scopes: unknown): CommonProfileEntry[] {
  if (!Array.isArray(scopes) || scopes.length === 0) return [...COMMON_PROFILE_ENTRIES];
  return COMMON_PROFILE_ENTRIES.filter((entry) => scopes.includes(entry));
}

/**
 * Reads the plugin's `appData`: `{scopes, caseId}` from `getDummy` (dummy mode; `-1` or no case is
 * case 1), `{scopes, lineProfileToken}` from `get` (the person's own profile).
 */
export function quickFillRequest(appData: Record<string, unknown>): QuickFillRequest {
  const entries = requestedEntries(appData.scopes);
  if ('caseId' in appData && !('lineProfileToken' in appData)) {
    const caseId = typeof appData.caseId === 'number' && appData.caseId > 0 ? appData.caseId : 1;
    return { mode: 'dummy', caseId, entries };
  }
  return { mode: 'person', entries };
}

/** What the screen submits: the entries of `entries` that `profile` has set, in the plugin's order. */
export function selectProfile(profile: CommonProfile, entries: readonly CommonProfileEntry[]): CommonProfile {
  const picked: CommonProfile = {};
  for (const entry of entries) {
    const value = profile[entry];
    if (typeof value === 'string' || typeof value === 'number') picked[entry] = value;
  }
  return picked;
}

/** How the screen shows an entry's value: the sex in words, an unset entry as 未設定. */
export function displayValue(entry: CommonProfileEntry, value: string | number | undefined): string {
  if (value === undefined) return '未設定';
  if (entry === 'sex-enum') return SEX_LABELS[Number(value)] ?? String(value);
  return String(value);
}

/**
 * Why the Quick-fill screen refuses the `lineProfileToken` of `get`'s `appData`, or null when it
 * takes it: it must be the access token of the session of the app that opened the screen (the
 * page's word is not enough: a token of another app or person would show that person's profile).
 * @param sessionToken the token the host issued for the main window's session
 */
export function profileTokenProblem(given: unknown, sessionToken: string): string | null {
  if (typeof given !== 'string' || given === '') return 'No LIFF access token was given';
  if (given !== sessionToken) return 'The access token is not the one of this app and person';
  return null;
}

/** What the screen shows of the signed-in person (`get`). */
export interface PersonQuickFill {
  /** The entries the app asked for that the token's `commonprofile.*` scopes cover, in the plugin's order. */
  entries: CommonProfileEntry[];
  /** The set ones among them: what 自動入力 submits. */
  profile: CommonProfile;
  /** A line above the entries when there is nothing to fill in: no Common Profile, or no entry allowed. */
  notice?: string;
}

/**
 * The person's screen: the entries both asked for (`requested`) and covered by the token's scopes
 * (`view.entries`, the server's answer), with the person's values. A person without a Common
 * Profile, or a request none of whose entries the scopes cover, gets a notice (and Auto-fill
 * submits `{}`).
 */
export function personQuickFill(view: CommonProfileView, requested: readonly CommonProfileEntry[]): PersonQuickFill {
  const entries = requested.filter((entry) => view.entries.includes(entry));
  const profile = selectProfile(view.profile, entries);
  if (!view.hasProfile) return { entries, profile, notice: '共通プロフィールが登録されていません。' };
  if (entries.length === 0) return { entries, profile, notice: 'このサービスが入力できる項目はありません。' };
  return { entries, profile };
}
