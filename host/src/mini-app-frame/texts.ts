/**
 * The words of the frame the LINE app draws around a MINI App, in the messenger's languages the
 * host offers (`LANGUAGES` of state/host-state.ts): the options show "in the language set in the
 * user's LINE app" (LINE MINI App docs, "Built-in features"). A language without its own words,
 * and any word missing from one, reads English.
 */

/** Every word the frame shows. */
export interface FrameTexts {
  back: string;
  actionButton: string;
  close: string;
  minimize: string;
  verified: string;
  loading: string;
  refresh: string;
  share: string;
  addToHome: string;
  minimizeOption: string;
  options: string;
  recentServices: string;
  noRecentServices: string;
  cancel: string;
  /** The chip on the phone's screens that brings a minimized app back: `{name}` is the service name. */
  restore: string;
}

const EN: FrameTexts = {
  back: 'Back',
  actionButton: 'Action button',
  close: 'Close',
  minimize: 'Minimize',
  verified: 'Verified',
  loading: 'Loading',
  refresh: 'Refresh',
  share: 'Share',
  addToHome: 'Add to home screen',
  minimizeOption: 'Minimize',
  options: 'Options',
  recentServices: 'Recently used services',
  noRecentServices: 'No other services used lately.',
  cancel: 'Cancel',
  restore: 'Back to {name}',
};

const BY_LANGUAGE: Readonly<Record<string, Partial<FrameTexts>>> = {
  en: EN,
  ja: {
    back: '戻る',
    actionButton: 'アクションボタン',
    close: '閉じる',
    minimize: '最小化',
    verified: '認証済',
    loading: '読み込み中',
    refresh: '更新',
    share: 'シェア',
    addToHome: 'ホーム画面に追加',
    minimizeOption: '閲覧中のページを最小化',
    options: 'オプション',
    recentServices: '最近使用したサービス',
    noRecentServices: '最近使用したほかのサービスはありません。',
    cancel: 'キャンセル',
    restore: '{name}に戻る',
  },
  th: {
    back: 'กลับ',
    close: 'ปิด',
    minimize: 'ย่อ',
    verified: 'ยืนยันแล้ว',
    refresh: 'รีเฟรช',
    share: 'แชร์',
    addToHome: 'เพิ่มไปยังหน้าจอหลัก',
    minimizeOption: 'ย่อหน้าที่กำลังดู',
    options: 'ตัวเลือก',
    recentServices: 'บริการที่ใช้ล่าสุด',
    cancel: 'ยกเลิก',
  },
  'zh-TW': {
    back: '返回',
    close: '關閉',
    minimize: '縮小',
    verified: '已認證',
    refresh: '重新整理',
    share: '分享',
    addToHome: '新增至主畫面',
    minimizeOption: '縮小瀏覽中的頁面',
    options: '選項',
    recentServices: '最近使用的服務',
    cancel: '取消',
  },
  id: {
    back: 'Kembali',
    close: 'Tutup',
    minimize: 'Perkecil',
    verified: 'Terverifikasi',
    refresh: 'Muat ulang',
    share: 'Bagikan',
    addToHome: 'Tambahkan ke layar utama',
    minimizeOption: 'Perkecil',
    options: 'Opsi',
    recentServices: 'Layanan yang baru digunakan',
    cancel: 'Batal',
  },
  ko: {
    back: '뒤로',
    close: '닫기',
    minimize: '최소화',
    verified: '인증됨',
    refresh: '새로고침',
    share: '공유',
    addToHome: '홈 화면에 추가',
    minimizeOption: '보고 있는 페이지 최소화',
    options: '옵션',
    recentServices: '최근 사용한 서비스',
    cancel: '취소',
  },
};

/** The frame's words in `language` (a host language tag: `en`, `ja`, `zh-TW`...). */
export function frameTexts(language: string): FrameTexts {
  return { ...EN, ...BY_LANGUAGE[language] };
}

/** `template` with `{name}` replaced by `name` (text only: the caller sets it as text, never markup). */
export function withName(template: string, name: string): string {
  return template.replace('{name}', name);
}
