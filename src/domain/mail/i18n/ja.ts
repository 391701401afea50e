import type { MailDictionary } from './mail-dictionary.js';

export const ja: MailDictionary = {
  greeting: (name) => (name ? `${name} 様` : 'ご担当者様'),
  kinds: {
    signingRequest: {
      subject: (t) => `ご確認とご署名のお願い：${t}`,
      intro: (t) => `「${t}」への対応をお願いいたします。`,
      button: '文書を開く',
    },
    reminder: {
      subject: (t) => `【リマインダー】ご確認とご署名のお願い：${t}`,
      intro: (t) => `「${t}」はまだお客様の対応をお待ちしております。`,
      button: '文書を開く',
    },
    completed: {
      subject: (t) => `完了：${t}`,
      intro: (t) => `「${t}」への署名がすべて完了しました。電子的に封印された最終文書をご用意しました。`,
      button: '署名済み文書をダウンロード',
    },
    rejected: {
      subject: (t) => `拒否：${t}`,
      intro: (t) => `「${t}」は受信者により拒否されたため、署名できなくなりました。`,
      button: '文書を表示',
    },
    cancelled: {
      subject: (t) => `取消：${t}`,
      intro: (t) => `送信者が「${t}」を取り消しました。これ以上の対応は不要です。`,
      button: '',
    },
    recipientSigned: {
      subject: (t) => `受信者が完了しました：${t}`,
      intro: (t) => `受信者の一人が「${t}」の担当部分を完了しました。`,
      button: '',
    },
    recipientRemoved: {
      subject: (t) => `文書から削除されました：${t}`,
      intro: (t) => `送信者があなたを「${t}」から削除しました。リンクは無効になり、これ以上の対応は不要です。`,
      button: '',
    },
    documentPending: {
      subject: (t) => `他の受信者を待っています：${t}`,
      intro: (t) => `「${t}」のあなたの担当部分は完了しました。現在、他の受信者を待っています。`,
      button: '',
    },
    senderVerification: {
      subject: (t) => `${t} を送信者として確認するためのコード`,
      intro: (t) =>
        `${t} から署名用の文書を送信するよう依頼がありました。このアドレスがご自身のものであることを確認するため、このコードを入力してください。`,
      button: '',
    },
    ownerCreated: {
      subject: (t) => `文書が作成されました：${t}`,
      intro: (t) => `お使いのプラットフォームで「${t}」が作成されました。`,
      button: '',
    },
    ownerCompleted: {
      subject: (t) => `文書が完了しました：${t}`,
      intro: (t) => `「${t}」の全員の対応が完了しました。最終 PDF と証明書は封印済みで、ダウンロードできます。`,
      button: '',
    },
    ownerRecipientExpired: {
      subject: (t) => `署名リンクの期限切れ：${t}`,
      intro: (t) => `「${t}」の受信者のリンクが、対応前に期限切れになりました。再送信するとリンクが更新されます。`,
      button: '',
    },
    verificationCode: {
      subject: (t) => `${t} の確認コード`,
      intro: (t) => `お客様のリンクで「${t}」を開いた方が、確認コードを求めました。`,
      button: '',
    },
    directLinkCode: {
      subject: (t) => `${t} に署名するためのコード`,
      intro: (t) =>
        `このメールアドレスで「${t}」を受け取り署名するよう依頼がありました。このアドレスがご自身のものであることを確認するため、ページにこのコードを入力してください。`,
      button: '',
    },
    accountVerification: {
      subject: (t) => `メールアドレスの確認：${t}`,
      intro: (t) =>
        `Firma アカウントの設定を完了するため、${t} がご自身のアドレスであることを確認してください。このリンクの有効期限は 24 時間です。`,
      button: 'アドレスを確認する',
    },
    passwordReset: {
      subject: (t) => `Firma のパスワードの再設定：${t}`,
      intro: (t) =>
        `Firma アカウント ${t} のパスワードの再設定が依頼されました。ご自身による依頼の場合は、新しいパスワードを設定してください。このリンクは 1 回のみ、30 分間有効です。お心当たりがない場合はこのメッセージを無視してください。パスワードは変更されません。`,
      button: '新しいパスワードを設定する',
    },
    invitation: {
      subject: (t) => `Firma の ${t} への招待`,
      intro: (t) =>
        `Firma のチーム「${t}」に招待されました。署名用の文書を送信し、その進行状況を確認できます。この招待の有効期限は 7 日間です。`,
      button: '招待を承諾する',
    },
    recipientSignUp: {
      subject: (t) => `${t} の Firma アカウントを作成してください`,
      intro: (t) =>
        `署名を依頼された文書では、${t} の Firma アカウントへのサインインが必要です。このリンクからアカウントを作成してください（どのチームにも属しません）。リンクは 1 回のみ、7 日間有効です。`,
      button: 'アカウントを作成する',
    },
  },
  sender: (n) => `送信者: ${n}`,
  code: (c) => `確認コード：${c}`,
  codeHint:
    '有効期限は 10 分です。このコードは誰にも教えないでください。Firma が電話やメールでコードをお尋ねすることはありません。お心当たりのない場合は、このメッセージを無視してください。',
  roles: {
    SIGNER: 'ご署名をお願いいたします。',
    APPROVER: 'ご承認をお願いいたします。',
    VIEWER: 'ご確認をお願いいたします。',
    ASSISTANT: '割り当てられたフィールドへのご入力をお願いいたします。',
    CC: '写しをお送りします。',
  },
  digitalSigner: 'ご自身の証明書でデジタル署名してください。',
  reason: '示された理由',
  attached: '署名済み文書をこのメッセージに添付しています。',
  linkHint: 'ボタンが機能しない場合は、次のリンクをブラウザーにコピーしてください：',
  privacy: 'このリンクはお客様専用です。転送しないでください。リンクを持つ人は誰でもお客様の名前で操作できます。',
  footer: 'Firma（電子文書署名サービス）から送信されました。',
  directLinkUsed: (email) =>
    `${email} として確認された訪問者（このアドレスに送られたコードで確認）がテンプレートのダイレクトリンクから作成しました。`,
};
