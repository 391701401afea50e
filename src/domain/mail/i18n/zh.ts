import type { MailDictionary } from './mail-dictionary.js';

export const zh: MailDictionary = {
  greeting: (name) => (name ? `${name}，您好：` : '您好：'),
  kinds: {
    signingRequest: {
      subject: (t) => `请审阅并签署：${t}`,
      intro: (t) => `有人请您处理“${t}”。`,
      button: '打开文件',
    },
    reminder: {
      subject: (t) => `提醒：请审阅并签署：${t}`,
      intro: (t) => `温馨提醒：“${t}”仍在等待您处理。`,
      button: '打开文件',
    },
    completed: {
      subject: (t) => `已完成：${t}`,
      intro: (t) => `所有人均已签署“${t}”。经数字封印的最终文件已准备就绪。`,
      button: '下载已签署的文件',
    },
    rejected: {
      subject: (t) => `已拒绝：${t}`,
      intro: (t) => `“${t}”已被一位收件人拒绝，无法再签署。`,
      button: '查看文件',
    },
    cancelled: {
      subject: (t) => `已取消：${t}`,
      intro: (t) => `发件人已取消“${t}”。您无需再进行任何操作。`,
      button: '',
    },
    recipientSigned: {
      subject: (t) => `收件人已完成：${t}`,
      intro: (t) => `一位收件人已完成“${t}”中其负责的部分。`,
      button: '',
    },
    recipientRemoved: {
      subject: (t) => `已将您移出：${t}`,
      intro: (t) => `发件人已将您从“${t}”中移出。您的链接已失效，您无需再进行任何操作。`,
      button: '',
    },
    documentPending: {
      subject: (t) => `等待其他人：${t}`,
      intro: (t) => `您已完成“${t}”中您负责的部分。文件现在正在等待其他收件人。`,
      button: '',
    },
    senderVerification: {
      subject: (t) => `确认 ${t} 为发件人的验证码`,
      intro: (t) => `有人请求从 ${t} 发送待签署的文件。请输入此验证码，以确认该地址属于您。`,
      button: '',
    },
    ownerCreated: {
      subject: (t) => `文件已创建：${t}`,
      intro: (t) => `您的平台上已创建“${t}”。`,
      button: '',
    },
    ownerCompleted: {
      subject: (t) => `文件已完成：${t}`,
      intro: (t) => `“${t}”的所有参与人均已处理完毕；最终 PDF 和证书已封印，可供下载。`,
      button: '',
    },
    ownerRecipientExpired: {
      subject: (t) => `签署链接已过期：${t}`,
      intro: (t) => `一位收件人的“${t}”链接在其处理前已过期。重新发送即可更新链接。`,
      button: '',
    },
    verificationCode: {
      subject: (t) => `您的 ${t} 验证码`,
      intro: (t) => `有人使用您的链接打开“${t}”并请求了验证码。`,
      button: '',
    },
    directLinkCode: {
      subject: (t) => `签署 ${t} 的验证码`,
      intro: (t) => `有人请求通过此电子邮件地址接收“${t}”以进行签署。请在页面上输入此验证码，以确认该地址属于您。`,
      button: '',
    },
    accountVerification: {
      subject: (t) => `确认您的电子邮件地址：${t}`,
      intro: (t) => `请确认 ${t} 是您的地址，以完成 Firma 账户的设置。此链接在 24 小时内有效。`,
      button: '确认我的地址',
    },
    passwordReset: {
      subject: (t) => `重置您的 Firma 密码：${t}`,
      intro: (t) =>
        `有人请求重置 Firma 账户 ${t} 的密码。如果是您本人，请设置新密码：此链接仅可使用一次，30 分钟内有效。如果不是您本人，请忽略此邮件，您的密码不会改变。`,
      button: '设置新密码',
    },
    invitation: {
      subject: (t) => `邀请您加入 Firma 上的 ${t}`,
      intro: (t) => `您受邀加入 Firma 上的团队“${t}”，以发送待签署的文件并跟踪其进度。此邀请在 7 天内有效。`,
      button: '接受邀请',
    },
    recipientSignUp: {
      subject: (t) => `为 ${t} 创建您的 Firma 账户`,
      intro: (t) =>
        `有一份文件发送给您签署，需要您使用 ${t} 登录 Firma 账户。请通过此链接创建该账户（它不属于任何团队）。此链接仅可使用一次，7 天内有效。`,
      button: '创建我的账户',
    },
  },
  sender: (n) => `发件人：${n}`,
  code: (c) => `您的验证码：${c}`,
  codeHint:
    '验证码 10 分钟内有效。请勿与任何人分享：Firma 绝不会通过电话或邮件向您索取验证码。如果这不是您本人的请求，请忽略此邮件。',
  roles: {
    SIGNER: '请签署此文件。',
    APPROVER: '请审批此文件。',
    VIEWER: '请审阅此文件。',
    ASSISTANT: '请填写分配给您的字段。',
    CC: '您将收到一份副本。',
  },
  digitalSigner: '请使用您本人的证书进行数字签名。',
  reason: '所述理由',
  attached: '已签署的文件附在此邮件中。',
  linkHint: '如果按钮无法使用，请将以下链接复制到浏览器中：',
  privacy: '此链接仅供您本人使用：请勿转发。任何持有此链接的人都可以以您的名义进行操作。',
  footer: '由 Firma（电子文件签署服务）发送。',
  directLinkUsed: (email) =>
    `一位经确认为 ${email} 的访客（通过发送到该地址的验证码确认）通过模板的直接链接创建了此文件。`,
};
