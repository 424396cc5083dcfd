/**
 * The words of the consent screens the host draws over the phone (docs/platform/authorization-flow.md),
 * in the phone's language as the LINE app shows them: each of the host's languages (English,
 * Japanese, Traditional Chinese, Thai, Indonesian, Korean); another language shows the English ones. Each scope is said in words, as the channel consent
 * screen and the permission request screen list them.
 */
import type { ConsentScreenKind } from '#contract/simulator-api/social/consents.js';

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

const ZH_TW: ConsentWords = {
  screens: {
    'channel-consent': { title: '需要授權', lead: (app) => `${app}要求以下權限：`, allow: '許可', deny: '取消' },
    'simplification-consent': {
      title: '快速開始使用LINE MINI App',
      lead: (app) => `${app}及其他LINE MINI App將不經同意畫面直接開啟：一開始只會取得您的ID，使用更多資訊前會先詢問您。`,
      allow: '同意並開啟',
      deny: '取消',
    },
    'permission-request': { title: '權限要求', lead: (app) => `${app}要求以下權限：`, allow: '許可', deny: '拒絕' },
  },
  addFriend: (bot) => `將${bot}加入好友`,
  loading: (app) => `正在開啟${app}…`,
  scopes: {
    profile: '取得您的顯示名稱、大頭貼、狀態消息，以及是否已加入其官方帳號',
    openid: '取得可識別您身分的ID token',
    'chat_message.write': '以您的名義在聊天室傳送訊息',
    'commonprofile.name': '從Common Profile填入您的姓名',
    'commonprofile.gender': '從Common Profile填入您的性別',
    'commonprofile.birthdate': '從Common Profile填入您的生日',
    'commonprofile.phone': '從Common Profile填入您的電話號碼',
    'commonprofile.email': '從Common Profile填入您的電子郵件地址',
    'commonprofile.address': '從Common Profile填入您的地址',
  },
};

const TH: ConsentWords = {
  screens: {
    'channel-consent': { title: 'ต้องได้รับอนุญาต', lead: (app) => `${app} ต้องการ:`, allow: 'อนุญาต', deny: 'ยกเลิก' },
    'simplification-consent': {
      title: 'เริ่มใช้ LINE MINI App ได้ทันที',
      lead: (app) => `${app} และ LINE MINI App อื่นๆ จะเปิดโดยไม่มีหน้าขอความยินยอม: ในตอนแรกจะได้รับเพียง ID ของคุณ และจะถามคุณก่อนใช้ข้อมูลเพิ่มเติม`,
      allow: 'ยอมรับและเปิด',
      deny: 'ยกเลิก',
    },
    'permission-request': { title: 'คำขออนุญาต', lead: (app) => `${app} ต้องการ:`, allow: 'อนุญาต', deny: 'ไม่อนุญาต' },
  },
  addFriend: (bot) => `เพิ่ม ${bot} เป็นเพื่อน`,
  loading: (app) => `กำลังเปิด ${app}…`,
  scopes: {
    profile: 'ดูชื่อที่แสดง รูปโปรไฟล์ ข้อความสถานะ และการเป็นเพื่อนกับบัญชีทางการ',
    openid: 'รับ ID token ที่ระบุตัวตนของคุณ',
    'chat_message.write': 'ส่งข้อความไปยังแชทในนามของคุณ',
    'commonprofile.name': 'กรอกชื่อของคุณจาก Common Profile',
    'commonprofile.gender': 'กรอกเพศของคุณจาก Common Profile',
    'commonprofile.birthdate': 'กรอกวันเกิดของคุณจาก Common Profile',
    'commonprofile.phone': 'กรอกหมายเลขโทรศัพท์ของคุณจาก Common Profile',
    'commonprofile.email': 'กรอกอีเมลของคุณจาก Common Profile',
    'commonprofile.address': 'กรอกที่อยู่ของคุณจาก Common Profile',
  },
};

const ID: ConsentWords = {
  screens: {
    'channel-consent': { title: 'Izin diperlukan', lead: (app) => `${app} ingin:`, allow: 'Izinkan', deny: 'Batal' },
    'simplification-consent': {
      title: 'Mulai LINE MINI App dengan cepat',
      lead: (app) =>
        `${app} dan LINE MINI App lainnya terbuka tanpa layar persetujuan: awalnya hanya mendapat ID Anda, dan meminta izin sebelum memakai lebih banyak.`,
      allow: 'Setuju dan buka',
      deny: 'Batal',
    },
    'permission-request': { title: 'Permintaan izin', lead: (app) => `${app} ingin:`, allow: 'Izinkan', deny: 'Tolak' },
  },
  addFriend: (bot) => `Tambahkan ${bot} sebagai teman`,
  loading: (app) => `Membuka ${app}…`,
  scopes: {
    profile: 'Melihat nama tampilan, foto profil, pesan status, dan apakah Anda menambahkan akun resminya',
    openid: 'Mendapat ID token yang menyatakan siapa Anda',
    'chat_message.write': 'Mengirim pesan ke obrolan atas nama Anda',
    'commonprofile.name': 'Mengisi nama Anda dari Common Profile',
    'commonprofile.gender': 'Mengisi jenis kelamin Anda dari Common Profile',
    'commonprofile.birthdate': 'Mengisi tanggal lahir Anda dari Common Profile',
    'commonprofile.phone': 'Mengisi nomor telepon Anda dari Common Profile',
    'commonprofile.email': 'Mengisi alamat email Anda dari Common Profile',
    'commonprofile.address': 'Mengisi alamat Anda dari Common Profile',
  },
};

const KO: ConsentWords = {
  screens: {
    'channel-consent': { title: '권한이 필요합니다', lead: (app) => `${app}에서 다음 권한을 요청합니다:`, allow: '허용', deny: '취소' },
    'simplification-consent': {
      title: 'LINE MINI App 바로 시작하기',
      lead: (app) =>
        `${app} 및 다른 LINE MINI App은 동의 화면 없이 열립니다. 처음에는 ID만 받고, 더 많은 정보를 사용하기 전에 먼저 묻습니다.`,
      allow: '동의하고 열기',
      deny: '취소',
    },
    'permission-request': { title: '권한 요청', lead: (app) => `${app}에서 다음 권한을 요청합니다:`, allow: '허용', deny: '거부' },
  },
  addFriend: (bot) => `${bot}을(를) 친구로 추가`,
  loading: (app) => `${app} 여는 중…`,
  scopes: {
    profile: '표시 이름, 프로필 사진, 상태 메시지 및 공식 계정 친구 추가 여부 확인',
    openid: '사용자를 식별하는 ID 토큰 받기',
    'chat_message.write': '사용자 이름으로 채팅에 메시지 보내기',
    'commonprofile.name': 'Common Profile에서 이름 입력',
    'commonprofile.gender': 'Common Profile에서 성별 입력',
    'commonprofile.birthdate': 'Common Profile에서 생년월일 입력',
    'commonprofile.phone': 'Common Profile에서 전화번호 입력',
    'commonprofile.email': 'Common Profile에서 이메일 주소 입력',
    'commonprofile.address': 'Common Profile에서 주소 입력',
  },
};

const WORDS: Record<string, ConsentWords> = { en: EN, ja: JA, 'zh-TW': ZH_TW, th: TH, id: ID, ko: KO };

/** The consent screens' words in `language` (a tag such as `ja`, `ja-JP`); English when the host has none in it. */
export function consentWords(language: string): ConsentWords {
  return WORDS[language] ?? WORDS[language.split('-')[0]!] ?? EN;
}

/** A scope in words, in `language`; its own name when the host has no words for it. */
export function scopeWords(scope: string, language: string): string {
  return consentWords(language).scopes[scope] ?? EN.scopes[scope] ?? scope;
}
