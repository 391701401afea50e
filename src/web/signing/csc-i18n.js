// The words of remote signing in the digital-certificate dialog (csc-sign.js): signing with a
// certificate a signing service (a CSC provider) keeps. Formal register everywhere, as in digital-i18n.js.

export const en = {
  remoteTitle: 'Or sign with a remote certificate',
  remoteIntro:
    'If a signing service keeps your certificate, you authorise the signature on the service’s own page: your username and PIN are never entered here.',
  remoteStart: 'Sign with my remote certificate',
  remoteChoose: 'Certificate to sign with',
  remoteSign: 'Authorise and sign',
  remoteWorking: 'Contacting your signing service…',
  remoteNone: 'Your signing service holds no certificate that can sign.',
  errors: {
    CSC_NOT_CONFIGURED: 'Remote signing is not available for this document.',
    CSC_AUTHORIZATION_FAILED:
      'The signing service did not authorise the signature, or the authorisation expired. Please try again.',
    CSC_PROVIDER_ERROR: 'The signing service cannot be reached right now. Please try again in a few minutes.',
    CSC_CREDENTIAL_INVALID: 'This certificate cannot be used at your signing service.',
  },
};

export const es = {
  remoteTitle: 'O firme con un certificado remoto',
  remoteIntro:
    'Si un servicio de firma guarda su certificado, usted autoriza la firma en la página del propio servicio: su usuario y su PIN nunca se ingresan aquí.',
  remoteStart: 'Firmar con mi certificado remoto',
  remoteChoose: 'Certificado con el que firmar',
  remoteSign: 'Autorizar y firmar',
  remoteWorking: 'Comunicándose con su servicio de firma…',
  remoteNone: 'Su servicio de firma no tiene ningún certificado que pueda firmar.',
  errors: {
    CSC_NOT_CONFIGURED: 'La firma remota no está disponible para este documento.',
    CSC_AUTHORIZATION_FAILED:
      'El servicio de firma no autorizó la firma, o la autorización venció. Inténtelo de nuevo.',
    CSC_PROVIDER_ERROR:
      'No es posible comunicarse con el servicio de firma en este momento. Inténtelo de nuevo en unos minutos.',
    CSC_CREDENTIAL_INVALID: 'Este certificado no puede utilizarse en su servicio de firma.',
  },
};

export const de = {
  remoteTitle: 'Oder mit einem Fernzertifikat unterschreiben',
  remoteIntro:
    'Wenn ein Signaturdienst Ihr Zertifikat verwahrt, autorisieren Sie die Signatur auf der Seite dieses Dienstes: Benutzername und PIN geben Sie nie hier ein.',
  remoteStart: 'Mit meinem Fernzertifikat unterschreiben',
  remoteChoose: 'Zertifikat für die Signatur',
  remoteSign: 'Autorisieren und unterschreiben',
  remoteWorking: 'Verbindung mit Ihrem Signaturdienst…',
  remoteNone: 'Ihr Signaturdienst verwahrt kein Zertifikat, mit dem unterschrieben werden kann.',
  errors: {
    CSC_NOT_CONFIGURED: 'Die Fernsignatur ist für dieses Dokument nicht verfügbar.',
    CSC_AUTHORIZATION_FAILED:
      'Der Signaturdienst hat die Signatur nicht autorisiert, oder die Autorisierung ist abgelaufen. Bitte versuchen Sie es erneut.',
    CSC_PROVIDER_ERROR:
      'Der Signaturdienst ist derzeit nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.',
    CSC_CREDENTIAL_INVALID: 'Dieses Zertifikat kann bei Ihrem Signaturdienst nicht verwendet werden.',
  },
};

export const fr = {
  remoteTitle: 'Ou signez avec un certificat à distance',
  remoteIntro:
    'Si un service de signature conserve votre certificat, vous autorisez la signature sur la page de ce service : votre identifiant et votre code PIN ne sont jamais saisis ici.',
  remoteStart: 'Signer avec mon certificat à distance',
  remoteChoose: 'Certificat de signature',
  remoteSign: 'Autoriser et signer',
  remoteWorking: 'Connexion à votre service de signature…',
  remoteNone: 'Votre service de signature ne détient aucun certificat permettant de signer.',
  errors: {
    CSC_NOT_CONFIGURED: 'La signature à distance n’est pas disponible pour ce document.',
    CSC_AUTHORIZATION_FAILED:
      'Le service de signature n’a pas autorisé la signature, ou l’autorisation a expiré. Veuillez réessayer.',
    CSC_PROVIDER_ERROR:
      'Le service de signature est injoignable pour le moment. Veuillez réessayer dans quelques minutes.',
    CSC_CREDENTIAL_INVALID: 'Ce certificat ne peut pas être utilisé auprès de votre service de signature.',
  },
};

export const it = {
  remoteTitle: 'Oppure firmi con un certificato remoto',
  remoteIntro:
    'Se un servizio di firma custodisce il Suo certificato, Lei autorizza la firma sulla pagina del servizio stesso: nome utente e PIN non vengono mai inseriti qui.',
  remoteStart: 'Firma con il mio certificato remoto',
  remoteChoose: 'Certificato con cui firmare',
  remoteSign: 'Autorizza e firma',
  remoteWorking: 'Collegamento al Suo servizio di firma…',
  remoteNone: 'Il Suo servizio di firma non custodisce alcun certificato utilizzabile per firmare.',
  errors: {
    CSC_NOT_CONFIGURED: 'La firma remota non è disponibile per questo documento.',
    CSC_AUTHORIZATION_FAILED:
      'Il servizio di firma non ha autorizzato la firma, oppure l’autorizzazione è scaduta. La preghiamo di riprovare.',
    CSC_PROVIDER_ERROR:
      'Il servizio di firma non è raggiungibile al momento. La preghiamo di riprovare tra qualche minuto.',
    CSC_CREDENTIAL_INVALID: 'Questo certificato non può essere utilizzato presso il Suo servizio di firma.',
  },
};

export const nl = {
  remoteTitle: 'Of onderteken met een certificaat op afstand',
  remoteIntro:
    'Als een ondertekeningsdienst uw certificaat bewaart, geeft u de handtekening vrij op de pagina van die dienst: uw gebruikersnaam en pincode voert u hier nooit in.',
  remoteStart: 'Ondertekenen met mijn certificaat op afstand',
  remoteChoose: 'Certificaat om mee te ondertekenen',
  remoteSign: 'Vrijgeven en ondertekenen',
  remoteWorking: 'Verbinding met uw ondertekeningsdienst…',
  remoteNone: 'Uw ondertekeningsdienst bewaart geen certificaat waarmee kan worden ondertekend.',
  errors: {
    CSC_NOT_CONFIGURED: 'Ondertekenen op afstand is voor dit document niet beschikbaar.',
    CSC_AUTHORIZATION_FAILED:
      'De ondertekeningsdienst heeft de handtekening niet vrijgegeven, of de vrijgave is verlopen. Probeer het opnieuw.',
    CSC_PROVIDER_ERROR:
      'De ondertekeningsdienst is op dit moment niet bereikbaar. Probeer het over enkele minuten opnieuw.',
    CSC_CREDENTIAL_INVALID: 'Dit certificaat kan niet worden gebruikt bij uw ondertekeningsdienst.',
  },
};

export const pl = {
  remoteTitle: 'Lub proszę podpisać certyfikatem zdalnym',
  remoteIntro:
    'Jeśli Pana/Pani certyfikat przechowuje usługa podpisu, podpis autoryzuje się na stronie tej usługi: nazwy użytkownika i kodu PIN nigdy nie wprowadza się tutaj.',
  remoteStart: 'Podpisz moim certyfikatem zdalnym',
  remoteChoose: 'Certyfikat do podpisu',
  remoteSign: 'Autoryzuj i podpisz',
  remoteWorking: 'Łączenie z usługą podpisu…',
  remoteNone: 'Usługa podpisu nie przechowuje żadnego certyfikatu, którym można podpisać.',
  errors: {
    CSC_NOT_CONFIGURED: 'Podpis zdalny nie jest dostępny dla tego dokumentu.',
    CSC_AUTHORIZATION_FAILED:
      'Usługa podpisu nie autoryzowała podpisu lub autoryzacja wygasła. Proszę spróbować ponownie.',
    CSC_PROVIDER_ERROR: 'Usługa podpisu jest obecnie niedostępna. Proszę spróbować ponownie za kilka minut.',
    CSC_CREDENTIAL_INVALID: 'Tego certyfikatu nie można użyć w usłudze podpisu.',
  },
};

export const pt_BR = {
  remoteTitle: 'Ou assine com um certificado remoto',
  remoteIntro:
    'Se um serviço de assinatura guarda o seu certificado, o(a) senhor(a) autoriza a assinatura na página do próprio serviço: seu usuário e PIN nunca são digitados aqui.',
  remoteStart: 'Assinar com meu certificado remoto',
  remoteChoose: 'Certificado para assinar',
  remoteSign: 'Autorizar e assinar',
  remoteWorking: 'Conectando ao seu serviço de assinatura…',
  remoteNone: 'O seu serviço de assinatura não guarda nenhum certificado que possa assinar.',
  errors: {
    CSC_NOT_CONFIGURED: 'A assinatura remota não está disponível para este documento.',
    CSC_AUTHORIZATION_FAILED:
      'O serviço de assinatura não autorizou a assinatura, ou a autorização expirou. Tente novamente.',
    CSC_PROVIDER_ERROR: 'Não é possível acessar o serviço de assinatura no momento. Tente novamente em alguns minutos.',
    CSC_CREDENTIAL_INVALID: 'Este certificado não pode ser usado no seu serviço de assinatura.',
  },
};

export const ja = {
  remoteTitle: 'またはリモート証明書で署名する',
  remoteIntro:
    '署名サービスが証明書を保管している場合は、そのサービスのページで署名を承認します。ユーザー名と PIN をここで入力することはありません。',
  remoteStart: 'リモート証明書で署名する',
  remoteChoose: '署名に使用する証明書',
  remoteSign: '承認して署名する',
  remoteWorking: '署名サービスに接続しています…',
  remoteNone: '署名サービスに署名できる証明書がありません。',
  errors: {
    CSC_NOT_CONFIGURED: 'この文書ではリモート署名をご利用いただけません。',
    CSC_AUTHORIZATION_FAILED:
      '署名サービスが署名を承認しなかったか、承認の有効期限が切れました。もう一度お試しください。',
    CSC_PROVIDER_ERROR: '現在、署名サービスに接続できません。数分後にもう一度お試しください。',
    CSC_CREDENTIAL_INVALID: 'この証明書は署名サービスで使用できません。',
  },
};

export const ko = {
  remoteTitle: '또는 원격 인증서로 서명',
  remoteIntro:
    '서명 서비스가 인증서를 보관하고 있다면 해당 서비스의 페이지에서 서명을 승인합니다. 사용자 이름과 PIN은 이곳에 입력하지 않습니다.',
  remoteStart: '내 원격 인증서로 서명',
  remoteChoose: '서명에 사용할 인증서',
  remoteSign: '승인하고 서명',
  remoteWorking: '서명 서비스에 연결하는 중…',
  remoteNone: '서명 서비스에 서명할 수 있는 인증서가 없습니다.',
  errors: {
    CSC_NOT_CONFIGURED: '이 문서에는 원격 서명을 사용할 수 없습니다.',
    CSC_AUTHORIZATION_FAILED: '서명 서비스가 서명을 승인하지 않았거나 승인이 만료되었습니다. 다시 시도해 주십시오.',
    CSC_PROVIDER_ERROR: '지금은 서명 서비스에 연결할 수 없습니다. 몇 분 후에 다시 시도해 주십시오.',
    CSC_CREDENTIAL_INVALID: '이 인증서는 서명 서비스에서 사용할 수 없습니다.',
  },
};

export const zh = {
  remoteTitle: '或使用远程证书签署',
  remoteIntro: '如果您的证书由签名服务保管，请在该服务自己的页面上授权签名：您的用户名和 PIN 绝不会在此处输入。',
  remoteStart: '使用我的远程证书签署',
  remoteChoose: '用于签署的证书',
  remoteSign: '授权并签署',
  remoteWorking: '正在连接您的签名服务…',
  remoteNone: '您的签名服务中没有可用于签署的证书。',
  errors: {
    CSC_NOT_CONFIGURED: '此文件不支持远程签名。',
    CSC_AUTHORIZATION_FAILED: '签名服务未授权此签名，或授权已过期。请重试。',
    CSC_PROVIDER_ERROR: '目前无法连接签名服务。请几分钟后重试。',
    CSC_CREDENTIAL_INVALID: '此证书无法在您的签名服务中使用。',
  },
};

/** By language tag, as the page's `lang` names them. */
export const CSC_MESSAGES = { de, en, es, fr, it, nl, pl, 'pt-BR': pt_BR, ja, ko, zh };

/** The words for a page language: the exact tag, else its primary language, else English. */
export function cscMessages(lang) {
  const tag = String(lang || 'en');
  return CSC_MESSAGES[tag] || CSC_MESSAGES[tag.split('-')[0]] || (tag.startsWith('pt') ? pt_BR : en);
}
