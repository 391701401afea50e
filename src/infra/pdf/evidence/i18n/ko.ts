import type { EvidenceDictionary } from './evidence-dictionary.js';

const digits = (s: string) => s.replace(/\D/g, '');

export const ko: EvidenceDictionary = {
  locale: 'ko',
  day: ({ day, month, year }) => `${year}년 ${digits(month)}월 ${day}일`,
  messages: {
    certificateTitle: '완료 증명서',
    auditTrailTitle: '감사 추적',
    page: '{n} / {m} 페이지',
    envelope: '봉투',
    generated: '생성 일시',

    sectionDocument: '문서',
    sectionItems: '파일',
    sectionRecipients: '수신자',
    sectionEvents: '이벤트 경과',
    sectionIntegrity: '무결성',
    sectionDigitalSignatures: '디지털 서명',
    digitalSigner: '서명자',
    digitalSubject: '인증서 주체',
    digitalCuil: 'CUIL',
    digitalIssuer: '발급자',
    digitalSerial: '일련번호',
    digitalTime: '서명 일시',
    digitalTimeSource: '시각 근거',
    digitalTimeStamped: '타임스탬프 기관(RFC 3161 서명 타임스탬프)',
    digitalTimeClaimed:
      '서명 준비 시 Firma 서버가 기록한 시각으로, 서명자의 서명에 포함됩니다. 타임스탬프 기관이 증명한 시각이 아닙니다',
    digitalValidation: '검증',
    digitalValidated:
      '서명 시점: CUIL이 수신자의 것과 일치, 키 용도가 서명을 허용, 유효하며 신뢰할 수 있는 인증 기관으로 연결됨, 폐지되지 않음({source})',

    title: '제목',
    envelopeId: '봉투 ID',
    documentId: '문서 ID',
    status: '상태',
    created: '생성',
    sent: '발송',
    opened: '열람 시작',
    completed: '완료',
    signed: '서명 완료',
    rejected: '거부',
    timezone: '시간대',
    timezoneInvalid: 'UTC(설정된 시간대 "{tz}"을(를) 인식할 수 없음)',
    platform: '플랫폼',
    verifyAt: '공개 URL',
    notAvailable: '—',

    rejectedBanner: '이 문서는 거부되었습니다',
    rejectedBy: '{who}이(가) {when}에 거부했습니다.',
    rejectedNoDetail: '모든 서명이 완료되지 않은 상태로 서명 절차가 종료되었습니다.',
    reason: '사유',
    noReason: '사유가 제시되지 않았습니다.',

    itemTitle: '파일',
    itemPages: '페이지 수',
    itemOriginal: '원본의 SHA-256',
    itemFinal: '봉인된 최종 파일의 SHA-256',
    itemsAuditNote:
      '최종 파일의 SHA-256은 해당 파일 안에 기재할 수 없으므로, 별도로 제공되는 완료 증명서에 기재되어 있습니다.',

    email: '이메일',
    role: '역할',
    cuil: 'CUIL',
    nationalId: '국가 신분 번호',
    nationalIdNone: '필요 없음: 이 플랫폼에는 국가 신분 번호 규칙이 없습니다',
    signingOrder: '서명 순서',
    ip: 'IP 주소',
    userAgent: '사용자 에이전트',
    signature: '서명',
    signatureDrawn: '직접 그린 서명',
    signatureTyped: '입력한 서명',
    signatureNone: '서명 없음',
    signatureUnreadable: '서명 이미지를 읽을 수 없습니다',
    signatureText: '서명 텍스트',
    recipientsNone: '이 문서에는 수신자가 없습니다.',

    eventTime: '시각(UTC / 현지)',
    eventEvent: '이벤트',
    eventActor: '수행자',
    eventIp: 'IP 주소',
    eventUserAgent: '사용자 에이전트',
    eventHash: '항목의 SHA-256',
    eventsNone: '기록된 이벤트가 없습니다.',

    chainTitle: '감사 체인',
    chainAlgorithm: '알고리즘',
    chainLength: '항목 수',
    chainHead: '헤드(마지막 항목의 해시)',
    chainExplanation:
      '각 감사 항목에는 직전 항목의 해시가 포함되어 있으므로, 어느 항목이든 변경, 삭제 또는 순서 변경 시 이후의 모든 해시와 위의 헤드가 바뀝니다. `firma audit verify {id}` 명령은 저장된 항목으로 체인을 다시 계산하여 이 헤드와 비교합니다.',
    sealTitle: '전자 봉인',
    sealSubject: '인증서 주체',
    sealFingerprint: '인증서 SHA-256 지문',
    sealExplanation:
      '최종 문서와 완료 증명서는 이 인증서로 전자 봉인되어 있으며, 이후 두 파일 중 어느 하나라도 변경되면 해당 봉인은 무효가 됩니다.',
    sealLaterUpdates:
      '봉인 후 Firma는 서명을 수년간 검증할 수 있도록 하는 데이터(각 서명의 인증서와 폐지 응답: PAdES 장기 검증)와, 타임스탬프 기관이 설정된 경우 문서 타임스탬프를 덧붙입니다. 이 추가분은 봉인된 바이트 뒤에 오며 봉인이 다루는 내용을 전혀 바꾸지 않습니다. 그래서 일부 도구(예: pdfsig)는 봉인이 파일 전체를 다루지 않는다고 표시하지만, 이는 예상된 동작입니다. 각 추가분을 검사하는 검증기(Adobe Reader, pyHanko)는 이를 허용된 업데이트로 보고하며, `firma audit verify {id}`는 봉인 뒤에 다른 것이 따르지 않는지 확인합니다.',
  },
  roles: {
    SIGNER: '서명자',
    APPROVER: '승인자',
    VIEWER: '열람자',
    CC: '사본 수신자(참조)',
    ASSISTANT: '보조자',
  },
  doneByRole: { SIGNER: '서명 완료', APPROVER: '승인 완료', VIEWER: '열람 완료', CC: '완료', ASSISTANT: '완료' },
  notDoneByRole: {
    SIGNER: '서명 안 함',
    APPROVER: '승인 안 함',
    VIEWER: '열람 안 함',
    CC: '조치 불필요',
    ASSISTANT: '완료 안 함',
  },
  envelopeStatus: {
    DRAFT: '초안',
    PENDING: '진행 중(확정 아님)',
    COMPLETED: '완료',
    REJECTED: '거부',
    CANCELLED: '취소',
  },
  eventTypes: {
    DOCUMENT_CREATED: '문서 생성',
    DOCUMENT_SENT: '문서 발송',
    DOCUMENT_OPENED: '문서 열람 시작',
    DOCUMENT_VIEWED: '문서 열람',
    DOCUMENT_FIELD_INSERTED: '필드 입력',
    DOCUMENT_FIELD_PREFILLED: '발신자가 필드를 미리 입력',
    DOCUMENT_FIELD_UNINSERTED: '필드 지움',
    DOCUMENT_RECIPIENT_COMPLETED: '수신자 완료',
    DOCUMENT_RECIPIENT_REJECTED: '수신자 거부',
    DOCUMENT_COMPLETED: '문서 완료',
    DOCUMENT_REJECTED: '문서 거부',
    DOCUMENT_SEALED: '문서 봉인',
    EMAIL_SENT: '이메일 발송',
    DOCUMENT_RESENT: '서명 요청 재발송',
    RECIPIENT_CONSENT_ACCEPTED: '서명 동의',
    DOCUMENT_RECIPIENT_DOWNLOADED: '수신자가 다운로드',
    DOCUMENT_REMINDER_SENT: '알림 발송',
    RECIPIENT_EXPIRED: '서명 기한 만료',
    DOCUMENT_CANCELLED: '문서 취소',
  },
  fieldNames: {
    SIGNATURE: '서명',
    FREE_SIGNATURE: '서명',
    INITIALS: '이니셜',
    NAME: '이름',
    EMAIL: '이메일',
    DATE: '날짜',
    TEXT: '텍스트',
    NUMBER: '숫자',
    RADIO: '선택 항목',
    CHECKBOX: '체크박스',
    DROPDOWN: '목록',
  },
  sentences: {
    quote: (text) => `“${text}”`,
    senderApi: '발신자(API)',
    sender: '발신자',
    aRecipient: '수신자',
    field: (name, id) => `${name ? `${name} ` : ''}필드${id ? `(번호 ${id})` : ''}`,
    fieldUnknown: '',
    files: (n) => `파일 ${n}개`,
    fromTemplate: (id) => ` 템플릿(번호 ${id})으로부터`,
    copyOf: (id) => ` ${id}의 사본으로`,
    created: (who, title, from, files) =>
      `${who}이(가)${from} 문서${title ? ` ${title}` : ''}을(를) 생성했습니다${files ? `(${files})` : ''}.`,
    sent: (who, sequential, notified) =>
      `${who}이(가) 문서를 서명 요청으로 발송했습니다(${sequential ? '순서대로 서명' : '동시 서명'}). ${
        notified > 0
          ? `수신자 ${notified}명에게 이메일로 알렸습니다`
          : '이메일은 발송하지 않았습니다(링크는 발신자가 전달합니다)'
      }.`,
    resent: (who, n) => `${who}이(가) 수신자 ${n}명에게 서명 요청을 다시 보냈습니다.`,
    opened: (who) => `${who}이(가) 문서를 열었습니다.`,
    codeRequested: (who, forSigning) =>
      `${who}이(가) ${forSigning ? '서명하기 위해' : '문서를 보기 위해'} 이메일로 인증 코드를 요청했습니다.`,
    codeValidated: (who, forSigning) =>
      `${who}이(가) ${forSigning ? '서명 전에' : '문서를 보기 위해'} 이메일로 받은 코드로 본인 확인을 했습니다.`,
    codeIssuedForSender: (who) => `${who}이(가) 자체 채널로 전달할 수신자의 인증 코드를 발급받았습니다.`,
    codeValidatedFromSender: (who, forSigning) =>
      `${who}이(가) ${forSigning ? '서명 전에' : '문서를 보기 위해'} 발신자에게 받은 코드로 본인 확인을 했습니다.`,
    codeFailed: (who, tries) => `${who}이(가) 잘못된 인증 코드를 입력했습니다(${tries}).`,
    cuilConfirmed: (who) => `${who}이(가) 본인의 CUIL을 확인했습니다.`,
    accessCodeEntered: (who) => `${who}이(가) 발신자에게 받은 접근 코드를 입력했습니다.`,
    cuilWrong: (who, tries) => `${who}이(가) 본인의 것이 아닌 CUIL을 입력했습니다(${tries}).`,
    accessCodeWrong: (who, tries) => `${who}이(가) 잘못된 접근 코드를 입력했습니다(${tries}).`,
    accountSignedIn: (who) => `${who}이(가) 수신자의 이메일 주소로 Firma 계정에 로그인했습니다.`,
    accountRefused: (who) => `${who}이(가) 다른 Firma 계정으로 로그인되어 있어 거부되었습니다.`,
    passkeyConfirmed: (who) => `${who}이(가) Firma 계정의 패스키로 확인했습니다.`,
    passkeyFailed: (who) => `${who}이(가) 확인되지 않은 패스키를 사용했습니다.`,
    accountPasswordEntered: (who) => `${who}이(가) Firma 계정 비밀번호를 입력했습니다.`,
    accountPasswordWrong: (who, tries) => `${who}이(가) 잘못된 Firma 계정 비밀번호를 입력했습니다(${tries}).`,
    signUpLinkSent: (who) => `${who}에게 Firma 계정을 만드는 링크를 보냈습니다.`,
    triesLeft: (n) => (n === null ? '실패한 시도' : n <= 0 ? '남은 시도 없음' : `남은 시도 ${n}회`),
    signedTyped: (by, typed) => `${by}이(가) ${typed}을(를) 입력하여 서명했습니다.`,
    signedDrawn: (by) => `${by}이(가) 서명을 직접 그려 서명했습니다.`,
    signedUploaded: (by) => `${by}이(가) 서명 이미지를 업로드하여 서명했습니다.`,
    prefilled: (by, field, value) => `${by}이(가) ${field}에 ${value}을(를) 미리 입력했습니다.`,
    filled: (by, field, value) =>
      value ? `${by}이(가) ${field}에 ${value}을(를) 입력했습니다.` : `${by}이(가) ${field}을(를) 입력했습니다.`,
    cleared: (who, field) => `${who}이(가) ${field}을(를) 지웠습니다.`,
    recipientCompleted: (who, action) =>
      `${who}이(가) ${
        action === 'signed'
          ? '문서에 서명했습니다'
          : action === 'approved'
            ? '문서를 승인했습니다'
            : action === 'viewed'
              ? '문서를 열람했습니다'
              : '자신의 부분을 완료했습니다'
      }.`,
    recipientRejected: (subject, bySender, reason) =>
      `${subject}이(가) 문서를 거부했습니다${bySender ? '(발신자가 기록)' : ''}.${reason ? ` 사유: ${reason}.` : ''}`,
    documentCompleted: '모든 수신자가 완료했으며, 문서가 봉인되었습니다.',
    documentRejected: '문서가 거부로 종료되어 봉인되었습니다.',
    expired: (name) => `${name}의 서명 기한이 만료되었습니다.`,
    consentDigital: (who, version, statement) =>
      `${who}이(가) 본인 인증서에 의한 디지털 서명에 동의했습니다(동의문 버전 ${version})${statement ? `: ${statement}` : ''}.`,
    consent: (who, version, statement) =>
      `${who}이(가) 전자 서명에 동의했습니다(동의문 버전 ${version})${statement ? `: ${statement}` : ''}.`,
    downloaded: (who, certificate) =>
      `${who}이(가) 자신의 링크로 ${certificate ? '증명서' : '서명된 문서'}를 다운로드했습니다.`,
    reminder: (name, n) => `Firma가 ${name}에게 서명 알림${n ? `(${n}번째)` : ''}을 보냈습니다.`,
    cancelled: (who) => `${who}이(가) 문서를 취소했습니다.`,
    deleted: (who) => `${who}이(가) 문서를 삭제했습니다.`,
    hashOriginal: '원본의 SHA-256',
    hashFinal: '봉인된 최종 파일의 SHA-256',
    hashSignatureImage: '서명 이미지의 SHA-256',
    hashCertificate: '완료 증명서의 SHA-256',
  },
};
