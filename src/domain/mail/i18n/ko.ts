import type { MailDictionary } from './mail-dictionary.js';

export const ko: MailDictionary = {
  greeting: (name) => (name ? `${name}님, 안녕하세요.` : '안녕하세요.'),
  kinds: {
    signingRequest: {
      subject: (t) => `검토 및 서명 요청: ${t}`,
      intro: (t) => `“${t}”에 대한 처리를 요청받으셨습니다.`,
      button: '문서 열기',
    },
    reminder: {
      subject: (t) => `알림: 검토 및 서명 요청: ${t}`,
      intro: (t) => `“${t}”이(가) 아직 귀하의 처리를 기다리고 있습니다.`,
      button: '문서 열기',
    },
    completed: {
      subject: (t) => `완료: ${t}`,
      intro: (t) => `모든 분이 “${t}”에 서명했습니다. 전자 봉인된 최종 문서가 준비되었습니다.`,
      button: '서명된 문서 다운로드',
    },
    rejected: {
      subject: (t) => `거부됨: ${t}`,
      intro: (t) => `“${t}”이(가) 수신자에 의해 거부되어 더 이상 서명할 수 없습니다.`,
      button: '문서 보기',
    },
    cancelled: {
      subject: (t) => `취소됨: ${t}`,
      intro: (t) => `발신자가 “${t}”을(를) 취소했습니다. 더 이상 하실 일은 없습니다.`,
      button: '',
    },
    recipientSigned: {
      subject: (t) => `수신자 완료: ${t}`,
      intro: (t) => `수신자 한 명이 “${t}”에서 자신의 부분을 완료했습니다.`,
      button: '',
    },
    recipientRemoved: {
      subject: (t) => `문서에서 제외됨: ${t}`,
      intro: (t) => `발신자가 귀하를 “${t}”에서 제외했습니다. 링크는 더 이상 작동하지 않으며 더 하실 일은 없습니다.`,
      button: '',
    },
    documentPending: {
      subject: (t) => `다른 수신자 대기 중: ${t}`,
      intro: (t) => `“${t}”에서 귀하의 부분을 완료했습니다. 이제 다른 수신자를 기다리고 있습니다.`,
      button: '',
    },
    senderVerification: {
      subject: (t) => `${t}을(를) 발신자로 확인하기 위한 코드`,
      intro: (t) =>
        `누군가 ${t}에서 서명용 문서를 보내도록 요청했습니다. 이 주소가 귀하의 것임을 확인하려면 이 코드를 입력하십시오.`,
      button: '',
    },
    ownerCreated: {
      subject: (t) => `문서 생성됨: ${t}`,
      intro: (t) => `귀하의 플랫폼에서 “${t}”이(가) 생성되었습니다.`,
      button: '',
    },
    ownerCompleted: {
      subject: (t) => `문서 완료됨: ${t}`,
      intro: (t) => `“${t}”의 모든 참여자가 처리를 마쳤습니다. 최종 PDF와 증명서가 봉인되어 다운로드할 수 있습니다.`,
      button: '',
    },
    ownerRecipientExpired: {
      subject: (t) => `서명 링크 만료: ${t}`,
      intro: (t) => `“${t}”에 대한 수신자의 링크가 처리 전에 만료되었습니다. 다시 발송하면 링크가 갱신됩니다.`,
      button: '',
    },
    verificationCode: {
      subject: (t) => `${t} 인증 코드`,
      intro: (t) => `귀하의 링크로 “${t}”을(를) 연 사람이 인증 코드를 요청했습니다.`,
      button: '',
    },
    directLinkCode: {
      subject: (t) => `${t} 서명을 위한 코드`,
      intro: (t) =>
        `누군가 이 이메일 주소로 “${t}” 문서를 받아 서명하겠다고 요청했습니다. 주소가 본인의 것임을 확인하려면 페이지에 이 코드를 입력하세요.`,
      button: '',
    },
    accountVerification: {
      subject: (t) => `이메일 주소 확인: ${t}`,
      intro: (t) =>
        `Firma 계정 설정을 마치려면 ${t}이(가) 귀하의 주소인지 확인해 주십시오. 이 링크는 24시간 동안 유효합니다.`,
      button: '주소 확인',
    },
    passwordReset: {
      subject: (t) => `Firma 비밀번호 재설정: ${t}`,
      intro: (t) =>
        `누군가 Firma 계정 ${t}의 비밀번호 재설정을 요청했습니다. 본인이 요청한 경우 새 비밀번호를 설정하십시오. 이 링크는 30분 동안 한 번만 사용할 수 있습니다. 본인이 요청하지 않았다면 이 메시지를 무시하십시오. 비밀번호는 변경되지 않습니다.`,
      button: '새 비밀번호 설정',
    },
    invitation: {
      subject: (t) => `Firma의 ${t} 팀 초대`,
      intro: (t) =>
        `Firma의 “${t}” 팀에 초대되었습니다. 서명할 문서를 보내고 진행 상황을 확인할 수 있습니다. 이 초대는 7일 동안 유효합니다.`,
      button: '초대 수락',
    },
    recipientSignUp: {
      subject: (t) => `${t}의 Firma 계정을 만드십시오`,
      intro: (t) =>
        `서명 요청을 받은 문서는 ${t}(으)로 Firma 계정에 로그인해야 합니다. 이 링크로 해당 계정을 만드십시오(어떤 팀에도 속하지 않습니다). 링크는 한 번만, 7일 동안 사용할 수 있습니다.`,
      button: '계정 만들기',
    },
  },
  sender: (n) => `보낸 사람: ${n}`,
  code: (c) => `인증 코드: ${c}`,
  codeHint:
    '10분 동안 유효합니다. 절대 다른 사람과 공유하지 마십시오. Firma는 전화나 이메일로 코드를 묻지 않습니다. 요청하지 않으셨다면 이 메시지를 무시하십시오.',
  roles: {
    SIGNER: '서명해 주시기 바랍니다.',
    APPROVER: '승인해 주시기 바랍니다.',
    VIEWER: '검토해 주시기 바랍니다.',
    ASSISTANT: '귀하에게 지정된 필드를 입력해 주시기 바랍니다.',
    CC: '사본을 받으십니다.',
  },
  digitalSigner: '본인의 인증서로 디지털 서명해 주십시오.',
  reason: '제시된 사유',
  attached: '서명된 문서가 이 메시지에 첨부되어 있습니다.',
  linkHint: '버튼이 작동하지 않으면 다음 링크를 브라우저에 복사하십시오:',
  privacy: '이 링크는 개인용입니다. 전달하지 마십시오. 링크를 가진 사람은 누구나 귀하의 이름으로 처리할 수 있습니다.',
  footer: 'Firma(전자 문서 서명 서비스)에서 발송했습니다.',
  directLinkUsed: (email) =>
    `${email}(으)로 확인된 방문자(해당 주소로 보낸 코드로 확인)가 템플릿의 직접 링크를 통해 생성했습니다.`,
};
