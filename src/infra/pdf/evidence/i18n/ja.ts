import type { EvidenceDictionary } from './evidence-dictionary.js';

const digits = (s: string) => s.replace(/\D/g, '');

export const ja: EvidenceDictionary = {
  locale: 'ja',
  day: ({ day, month, year }) => `${year}年${digits(month)}月${day}日`,
  messages: {
    certificateTitle: '完了証明書',
    auditTrailTitle: '監査証跡',
    page: '{n} / {m} ページ',
    envelope: 'エンベロープ',
    generated: '作成日時',

    sectionDocument: '文書',
    sectionItems: 'ファイル',
    sectionRecipients: '受信者',
    sectionEvents: 'イベントの経過',
    sectionIntegrity: '完全性',
    sectionDigitalSignatures: '電子署名',
    digitalSigner: '署名者',
    digitalSubject: '証明書の主体',
    digitalCuil: 'CUIL',
    digitalIssuer: '発行者',
    digitalSerial: 'シリアル番号',
    digitalTime: '署名日時',
    digitalTimeSource: '時刻の根拠',
    digitalTimeStamped: 'タイムスタンプ局(RFC 3161 署名タイムスタンプ)',
    digitalTimeClaimed:
      '署名の準備時に Firma のサーバーが記録した時刻で、署名者の署名に含まれます。タイムスタンプ局による証明はありません',
    digitalValidation: '検証',
    digitalValidated:
      '署名時：CUIL が受信者のものと一致、鍵用途が署名を許可、有効期間内で信頼できる認証局につながり、失効していない（{source}）',

    title: '件名',
    envelopeId: 'エンベロープ ID',
    documentId: '文書 ID',
    status: 'ステータス',
    created: '作成',
    sent: '送信',
    opened: '開封',
    completed: '完了',
    signed: '署名済み',
    rejected: '拒否',
    timezone: 'タイムゾーン',
    timezoneInvalid: 'UTC（設定されたタイムゾーン「{tz}」は認識できません）',
    platform: 'プラットフォーム',
    verifyAt: '公開 URL',
    notAvailable: '—',

    rejectedBanner: 'この文書は拒否されました',
    rejectedBy: '{when} に {who} が拒否しました。',
    rejectedNoDetail: '署名手続きは、すべての署名がそろわないまま終了しました。',
    reason: '理由',
    noReason: '理由は示されていません。',

    itemTitle: 'ファイル',
    itemPages: 'ページ数',
    itemOriginal: '原本の SHA-256',
    itemFinal: '封印済み最終ファイルの SHA-256',
    itemsAuditNote:
      '最終ファイルの SHA-256 はそのファイル自体の中には記載できないため、別途交付される完了証明書に記載しています。',

    email: 'メールアドレス',
    role: '役割',
    cuil: 'CUIL',
    nationalId: '国民識別番号',
    nationalIdNone: '不要: このプラットフォームには国民識別番号の規則がありません',
    signingOrder: '署名順序',
    ip: 'IP アドレス',
    userAgent: 'ユーザーエージェント',
    signature: '署名',
    signatureDrawn: '手書き署名',
    signatureTyped: '入力による署名',
    signatureNone: '署名はありません',
    signatureUnreadable: '署名の画像を読み取れませんでした',
    signatureText: '署名の文字列',
    recipientsNone: 'この文書には受信者がいません。',

    eventTime: '日時（UTC / 現地）',
    eventEvent: 'イベント',
    eventActor: '実行者',
    eventIp: 'IP アドレス',
    eventUserAgent: 'ユーザーエージェント',
    eventHash: 'エントリーの SHA-256',
    eventsNone: '記録されたイベントはありません。',

    chainTitle: '監査チェーン',
    chainAlgorithm: 'アルゴリズム',
    chainLength: 'エントリー数',
    chainHead: 'ヘッド（最後のエントリーのハッシュ）',
    chainExplanation:
      '各監査エントリーは直前のエントリーのハッシュを含むため、いずれかのエントリーを変更・削除・並べ替えると、それ以降のすべてのハッシュと上記のヘッドが変わります。コマンド `firma audit verify {id}` は保存されたエントリーからチェーンを再計算し、このヘッドと照合します。',
    sealTitle: '電子封印',
    sealSubject: '証明書の主体者',
    sealFingerprint: '証明書の SHA-256 フィンガープリント',
    sealExplanation:
      '最終文書とその完了証明書は、この証明書により電子的に封印されています。いずれかのファイルに後から変更を加えると、その封印は無効になります。',
    sealLaterUpdates:
      '封印の後、Firma は署名を長年にわたり検証可能に保つためのデータ（各署名の証明書と失効情報の応答: PAdES 長期検証）と、タイムスタンプ局が設定されている場合は文書タイムスタンプを追記します。これらの追記は封印されたバイトの後に続き、封印が対象とする内容を一切変更しません。そのため、一部のツール（例: pdfsig）は封印がファイル全体を対象としていないと表示しますが、これは想定どおりです。各追記を検査する検証ツール（Adobe Reader、pyHanko）はこれらを許可された更新として報告し、`firma audit verify {id}` は封印の後にそれ以外のものが続いていないことを確認します。',
  },
  roles: {
    SIGNER: '署名者',
    APPROVER: '承認者',
    VIEWER: '閲覧者',
    CC: '写しの受領者（CC）',
    ASSISTANT: 'アシスタント',
  },
  doneByRole: { SIGNER: '署名済み', APPROVER: '承認済み', VIEWER: '閲覧済み', CC: '完了', ASSISTANT: '完了' },
  notDoneByRole: {
    SIGNER: '未署名',
    APPROVER: '未承認',
    VIEWER: '未閲覧',
    CC: '対応不要',
    ASSISTANT: '未完了',
  },
  envelopeStatus: {
    DRAFT: '下書き',
    PENDING: '処理中（未確定）',
    COMPLETED: '完了',
    REJECTED: '拒否',
    CANCELLED: '取消',
  },
  eventTypes: {
    DOCUMENT_CREATED: '文書を作成',
    DOCUMENT_SENT: '文書を送信',
    DOCUMENT_OPENED: '文書を開封',
    DOCUMENT_VIEWED: '文書を閲覧',
    DOCUMENT_FIELD_INSERTED: 'フィールドに入力',
    DOCUMENT_FIELD_PREFILLED: '送信者がフィールドに事前入力',
    DOCUMENT_FIELD_UNINSERTED: 'フィールドを消去',
    DOCUMENT_RECIPIENT_COMPLETED: '受信者が完了',
    DOCUMENT_RECIPIENT_REJECTED: '受信者が拒否',
    DOCUMENT_COMPLETED: '文書が完了',
    DOCUMENT_REJECTED: '文書が拒否',
    DOCUMENT_SEALED: '文書を封印',
    EMAIL_SENT: 'メールを送信',
    DOCUMENT_RESENT: '署名依頼を再送信',
    RECIPIENT_CONSENT_ACCEPTED: '署名への同意',
    DOCUMENT_RECIPIENT_DOWNLOADED: '受信者がダウンロード',
    DOCUMENT_REMINDER_SENT: 'リマインダーを送信',
    RECIPIENT_EXPIRED: '署名期限が満了',
    DOCUMENT_CANCELLED: '文書を取消',
  },
  fieldNames: {
    SIGNATURE: '署名',
    FREE_SIGNATURE: '署名',
    INITIALS: 'イニシャル',
    NAME: '氏名',
    EMAIL: 'メールアドレス',
    DATE: '日付',
    TEXT: 'テキスト',
    NUMBER: '数値',
    RADIO: '選択肢',
    CHECKBOX: 'チェックボックス',
    DROPDOWN: 'リスト',
  },
  sentences: {
    quote: (text) => `「${text}」`,
    senderApi: '送信者（API）',
    sender: '送信者',
    aRecipient: '受信者',
    field: (name, id) => `${name}フィールド${id ? `（No. ${id}）` : ''}`,
    fieldUnknown: '',
    files: (n) => `${n} 件のファイル`,
    fromTemplate: (id) => `テンプレート No. ${id} から`,
    copyOf: (id) => `${id} の複製として`,
    created: (who, title, from, files) =>
      `${who}が${from}文書${title ?? ''}を作成しました${files ? `（${files}）` : ''}。`,
    sent: (who, sequential, notified) =>
      `${who}が文書を署名のために送信しました（${sequential ? '順番に署名' : '並行して署名'}）。${
        notified > 0
          ? `${notified} 名の受信者にメールで通知しました`
          : 'メールは送信していません（リンクは送信者が渡します）'
      }。`,
    resent: (who, n) => `${who}が ${n} 名の受信者に署名依頼を再送信しました。`,
    opened: (who) => `${who}が文書を開きました。`,
    codeRequested: (who, forSigning) =>
      `${who}が${forSigning ? '署名するため' : '文書を表示するため'}にメールで確認コードを求めました。`,
    codeValidated: (who, forSigning) =>
      `${who}が${forSigning ? '署名の前に' : '文書を表示するために'}、メールで送られたコードで本人確認を行いました。`,
    codeIssuedForSender: (who) => `${who}が受信者に独自の手段で渡すための確認コードを取得しました。`,
    codeValidatedFromSender: (who, forSigning) =>
      `${who}が${forSigning ? '署名の前に' : '文書を表示するために'}、送信者から受け取ったコードで本人確認を行いました。`,
    codeFailed: (who, tries) => `${who}が誤った確認コードを入力しました（${tries}）。`,
    cuilConfirmed: (who) => `${who}が自身の CUIL を確認しました。`,
    accessCodeEntered: (who) => `${who}が送信者から受け取ったアクセスコードを入力しました。`,
    cuilWrong: (who, tries) => `${who}が本人のものではない CUIL を入力しました（${tries}）。`,
    accessCodeWrong: (who, tries) => `${who}が誤ったアクセスコードを入力しました（${tries}）。`,
    accountSignedIn: (who) => `${who}が受信者のメールアドレスで Firma アカウントにサインインしました。`,
    accountRefused: (who) => `${who}は別の Firma アカウントでサインインしていたため拒否されました。`,
    passkeyConfirmed: (who) => `${who}が Firma アカウントのパスキーで確認しました。`,
    passkeyFailed: (who) => `${who}が確認できないパスキーを使用しました。`,
    accountPasswordEntered: (who) => `${who}が Firma アカウントのパスワードを入力しました。`,
    accountPasswordWrong: (who, tries) => `${who}が誤った Firma アカウントのパスワードを入力しました（${tries}）。`,
    signUpLinkSent: (who) => `${who}に Firma アカウント作成用のリンクを送信しました。`,
    triesLeft: (n) => (n === null ? '失敗した試行' : n <= 0 ? '残りの試行回数なし' : `残り ${n} 回`),
    signedTyped: (by, typed) => `${by}が${typed}と入力して署名しました。`,
    signedDrawn: (by) => `${by}が手書きで署名しました。`,
    signedUploaded: (by) => `${by}が署名の画像をアップロードして署名しました。`,
    prefilled: (by, field, value) => `${by}が${field}に${value}を事前入力しました。`,
    filled: (by, field, value) =>
      value ? `${by}が${field}に${value}と入力しました。` : `${by}が${field}に入力しました。`,
    cleared: (who, field) => `${who}が${field}を消去しました。`,
    recipientCompleted: (who, action) =>
      `${who}が${
        action === 'signed'
          ? '文書に署名しました'
          : action === 'approved'
            ? '文書を承認しました'
            : action === 'viewed'
              ? '文書を閲覧しました'
              : '自身の担当部分を完了しました'
      }。`,
    recipientRejected: (subject, bySender, reason) =>
      `${subject}が文書を拒否しました${bySender ? '（送信者が記録）' : ''}。${reason ? `理由：${reason}。` : ''}`,
    documentCompleted: 'すべての受信者が完了し、文書は封印されました。',
    documentRejected: '文書は拒否として終了し、封印されました。',
    expired: (name) => `${name}の署名期限が満了しました。`,
    consentDigital: (who, version, statement) =>
      `${who}が自分の証明書によるデジタル署名に同意しました（同意文 バージョン ${version}）${statement ? `：${statement}` : ''}。`,
    consent: (who, version, statement) =>
      `${who}が電子署名に同意しました（同意文 バージョン ${version}）${statement ? `：${statement}` : ''}。`,
    downloaded: (who, certificate) =>
      `${who}が自身のリンクから${certificate ? '証明書' : '署名済み文書'}をダウンロードしました。`,
    reminder: (name, n) => `Firma が${name}に署名の${n ? `第 ${n} 回` : ''}リマインダーを送信しました。`,
    cancelled: (who) => `${who}が文書を取り消しました。`,
    deleted: (who) => `${who}が文書を削除しました。`,
    hashOriginal: '原本の SHA-256',
    hashFinal: '封印済み最終ファイルの SHA-256',
    hashSignatureImage: '署名画像の SHA-256',
    hashCertificate: '完了証明書の SHA-256',
  },
};
