/**
 * A person's Common Profile, what LINE MINI Apps' Quick-fill hands an app
 * (`@line/liff-common-profile-plugin` 0.1.0, `liff.$commonProfile.get(scopes)`): its 15 entries,
 * their shape, and the `commonprofile.*` scopes that let an app read them. The server (the scenario,
 * the simulator API) and the host (the Quick-fill screen) agree on it. Schemas, constants and pure
 * functions only: the host's browser bundle imports it.
 */
import { Type, type Static } from '@sinclair/typebox';

/** The Common Profile entries, in the plugin's order (`COMMON_PROFILE_ENTRIES` of the plugin 0.1.0). */
export const COMMON_PROFILE_ENTRIES = [
  'family-name',
  'given-name',
  'family-name-kana',
  'given-name-kana',
  'sex-enum',
  'bday-year',
  'bday-month',
  'bday-day',
  'tel',
  'email',
  'postal-code',
  'address-level1',
  'address-level2',
  'address-level3',
  'address-level4',
] as const;

/** One Common Profile entry. */
export type CommonProfileEntry = (typeof COMMON_PROFILE_ENTRIES)[number];

const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });

/**
 * A person's Common Profile as the plugin's `CommonProfile` types it; an entry the person has not
 * set is absent. `sex-enum`: 0 male, 1 female, 2 other, 3 no answer (the plugin's `SEX_ENUM`);
 * `bday-*`: numbers (a year from 1900, a month 1-12, a day 1-31); `tel` and `postal-code`: digits
 * only, as Japanese forms take them (10 or 11 digits, 7 digits); the rest text. The bounds are
 * embedkit's (the reference gives none).
 */
export const CommonProfileSchema = Type.Object(
  {
    'family-name': Type.Optional(Text(50)),
    'given-name': Type.Optional(Text(50)),
    'family-name-kana': Type.Optional(Text(50)),
    'given-name-kana': Type.Optional(Text(50)),
    'sex-enum': Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
    'bday-year': Type.Optional(Type.Integer({ minimum: 1900, maximum: 2100 })),
    'bday-month': Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
    'bday-day': Type.Optional(Type.Integer({ minimum: 1, maximum: 31 })),
    tel: Type.Optional(Type.String({ pattern: '^[0-9]{10,11}$' })),
    email: Type.Optional(Type.String({ pattern: '^[^@\\s]+@[^@\\s]+$', maxLength: 254 })),
    'postal-code': Type.Optional(Type.String({ pattern: '^[0-9]{7}$' })),
    'address-level1': Type.Optional(Text(20)),
    'address-level2': Type.Optional(Text(100)),
    'address-level3': Type.Optional(Text(100)),
    'address-level4': Type.Optional(Text(100)),
  },
  { additionalProperties: false },
);
/** A person's Common Profile: any subset of the 15 entries. */
export type CommonProfile = Static<typeof CommonProfileSchema>;

/**
 * The Quick-fill scopes and the entries each lets an app read. The platform's console offers
 * scopes whose names start with `commonprofile.` (the plugin's test); their exact names are not
 * published, so embedkit has one per group of entries.
 */
export const COMMON_PROFILE_SCOPE_ENTRIES = {
  'commonprofile.name': ['family-name', 'given-name', 'family-name-kana', 'given-name-kana'],
  'commonprofile.gender': ['sex-enum'],
  'commonprofile.birthdate': ['bday-year', 'bday-month', 'bday-day'],
  'commonprofile.phone': ['tel'],
  'commonprofile.email': ['email'],
  'commonprofile.address': ['postal-code', 'address-level1', 'address-level2', 'address-level3', 'address-level4'],
} as const satisfies Record<string, readonly CommonProfileEntry[]>;

/** One Quick-fill scope. */
export type CommonProfileScope = keyof typeof COMMON_PROFILE_SCOPE_ENTRIES;

/** The Quick-fill scopes, in the order of the entries they cover. */
export const COMMON_PROFILE_SCOPES = Object.keys(COMMON_PROFILE_SCOPE_ENTRIES) as CommonProfileScope[];

/**
 * The entries a token's scopes let an app read, in the plugin's order: those of each
 * `commonprofile.*` scope among `scopes` (other scopes and unknown names add none).
 * @param scopes scope names, as a token's space-separated `scope` splits into
 */
export function entriesOfScopes(scopes: readonly string[]): CommonProfileEntry[] {
  const allowed = new Set<CommonProfileEntry>();
  for (const scope of COMMON_PROFILE_SCOPES) {
    if (scopes.includes(scope)) for (const entry of COMMON_PROFILE_SCOPE_ENTRIES[scope]) allowed.add(entry);
  }
  return COMMON_PROFILE_ENTRIES.filter((entry) => allowed.has(entry));
}

/**
 * Why a Common Profile's birthday cannot be a day, or null when it can: with year, month and day
 * all set, that day must exist (no 31 April, 29 February only in a leap year); a day alone cannot
 * say more than the schema's 1-31.
 */
export function birthdayProblem(profile: CommonProfile): string | null {
  const { 'bday-year': year, 'bday-month': month, 'bday-day': day } = profile;
  if (year === undefined || month === undefined || day === undefined) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day) return null;
  return `${year}-${month}-${day} is not a day`;
}

/** Body of the simulator route `commonProfile`: the LIFF access token the plugin gave the Quick-fill screen (`lineProfileToken`). */
export const CommonProfileBodySchema = Type.Object(
  { accessToken: Type.String({ minLength: 1, maxLength: 1000 }) },
  { additionalProperties: false },
);

/**
 * What the Quick-fill screen may show of the token's person: `entries`, those the token's
 * `commonprofile.*` scopes cover (plugin order); `profile`, the ones among them the person has set;
 * `hasProfile`, whether the person has a Common Profile at all (any entry set, covered or not).
 */
export const CommonProfileViewSchema = Type.Object({
  userId: Type.String(),
  entries: Type.Array(Type.Unsafe<CommonProfileEntry>({ type: 'string', enum: [...COMMON_PROFILE_ENTRIES] })),
  profile: CommonProfileSchema,
  hasProfile: Type.Boolean(),
});
/** The simulator route `commonProfile`'s answer. */
export type CommonProfileView = Static<typeof CommonProfileViewSchema>;

/**
 * The Common Profile the Quick-fill screen may show for a token: the entries its scopes cover,
 * those of `profile` set among them. Pure: the server calls it with the stored profile (or null).
 * @param scopes the token's scopes (its space-separated `scope`, split)
 */
export function commonProfileView(userId: string, profile: CommonProfile | null, scopes: readonly string[]): CommonProfileView {
  const entries = entriesOfScopes(scopes);
  const shown: Record<string, string | number> = {};
  for (const entry of entries) {
    const value = profile?.[entry];
    if (value !== undefined) shown[entry] = value;
  }
  return { userId, entries, profile: shown as CommonProfile, hasProfile: profile !== null && Object.keys(profile).length > 0 };
}
