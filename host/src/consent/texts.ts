/**
 * The words of the consent screens the host draws over the phone (docs/platform/authorization-flow.md),
 * in the phone's language as the LINE app shows them: English and Japanese; a language without its
 * own words here shows the English ones. Each scope is said in words, as the channel consent
 * screen and the permission request screen list them.
 */
import type { ConsentScreenKind } from '#contract/simulator-api/consents.js';

/** The words of one screen: its title, the line above the scopes, and its two buttons. */
export interface ScreenWords {
  title: string;
  lead(appName: string): string;
  allow: string;
  deny: string;
}

/** Everything the consent screens say in one language. */
export interface ConsentWords {
  screens: Record<ConsentScreenKind, ScreenWords>;
  /** The add-friend option of the channel consent screen. */
  addFriend(botName: string): string;
  /** The loading screen a MINI App shows the first time (before the 2026-08-26 change). */
  loading(appName: string): string;
  /** What each scope lets the app do; a scope without words here is shown by its name. */
  scopes: Record<string, string>;
}

const EN: ConsentWords = {
  screens: {
    'channel-consent': {
      title: 'Permission required',
      lead: (app) => `${app} would like to:`,
      allow: 'Allow',
      deny: 'Cancel',
    },
    'simplification-consent': {
      title: 'Start LINE MINI Apps quickly',
      lead: (app) =>
        `${app} and other LINE MINI Apps open without a consent screen: they get only your ID at first, and ask you before they use more.`,
      allow: 'Agree and open',
      deny: 'Cancel',
    },
    'permission-request': {
      title: 'Permission request',
      lead: (app) => `${app} would like to:`,
      allow: 'Allow',
      deny: 'Deny',
    },
  },
  addFriend: (bot) => `Add ${bot} as a friend`,
  loading: (app) => `Opening ${app}…`,
  scopes: {
    profile: 'See your display name, profile picture and status message, and whether you added its bot',
    openid: 'Get an ID token that says who you are',
    'chat_message.write': 'Send messages to chats as you',
    'commonprofile.name': 'Fill in your name and its reading from your Common Profile',
    'commonprofile.gender': 'Fill in your gender from your Common Profile',
    'commonprofile.birthdate': 'Fill in your date of birth from your Common Profile',
    'commonprofile.phone': 'Fill in your phone number from your Common Profile',
    'commonprofile.email': 'Fill in your email address from your Common Profile',
    'commonprofile.address': 'Fill in your address from your Common Profile',
  },
};

const JA: ConsentWords = {
  screens: {
    'channel-consent': {
      title: '許可が必要です',
      lead: (app) => `${app}が次の許可を求めています:`,
      allow: '許可する',
      deny: 'キャンセル',
    },
    'simplification-consent': {
      title: 'LINEミニアプリをすぐに開始',
      lead: (app) =>
        `${app}などのLINEミニアプリは同意画面なしで開きます。最初はあなたのIDのみを取得し、それ以上の情報を使う前にあなたに確認します。`,
      allow: '同意して開く',
      deny: 'キャンセル',
    },
    'permission-request': {
      title: '権限の許可',
      lead: (app) => `${app}が次の許可を求めています:`,
      allow: '許可する',
      deny: '許可しない',
    },
  },
  addFriend: (bot) => `${bot}を友だち追加`,
  loading: (app) => `${app}を開いています…`,
  scopes: {
    profile: 'メインプロフィール情報（表示名、プロフィール画像、ステータスメッセージ）と友だち追加の状態の取得',
    openid: 'あなたを識別するIDトークンの取得',
    'chat_message.write': 'あなたとしてトークへメッセージを送信',
    'commonprofile.name': 'Common Profileから氏名とフリガナを入力',
    'commonprofile.gender': 'Common Profileから性別を入力',
    'commonprofile.birthdate': 'Common Profileから生年月日を入力',
    'commonprofile.phone': 'Common Profileから電話番号を入力',
    'commonprofile.email': 'Common Profileからメールアドレスを入力',
    'commonprofile.address': 'Common Profileから住所を入力',
  },
};

const WORDS: Record<string, ConsentWords> = { en: EN, ja: JA };

/** The consent screens' words in `language` (a tag such as `ja`, `ja-JP`); English when the host has none in it. */
export function consentWords(language: string): ConsentWords {
  return WORDS[language] ?? WORDS[language.split('-')[0]!] ?? EN;
}

/** A scope in words, in `language`; its own name when the host has no words for it. */
export function scopeWords(scope: string, language: string): string {
  return consentWords(language).scopes[scope] ?? EN.scopes[scope] ?? scope;
}
