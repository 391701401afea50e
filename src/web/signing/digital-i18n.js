// The words of the digital-certificate dialog (digital-sign.js), in every language Firma's
// documents may carry. Kept apart from i18n.js so each language can be reviewed on its own; the
// register is formal everywhere (Sie, usted, vous, Lei, u, Pan/Pani, o(a) senhor(a), です/ます, 합니다, 您).

export const en = {
  title: 'Sign with your digital certificate',
  intro:
    'Choose your certificate file and enter its password. The file and the password stay on this device: Firma receives only the certificate and the signature.',
  file: 'Certificate file (.p12 or .pfx)',
  password: 'Certificate password',
  read: 'Read certificate',
  certificate: 'Certificate',
  name: 'Name',
  serialNumber: 'Serial number',
  sign: 'Sign with this certificate',
  working: 'Signing with your certificate…',
  fileMissing: 'Choose your certificate file.',
  notP12: 'This file is not a certificate file (.p12 or .pfx) that can be read here.',
  wrongPassword: 'The password is not correct for this certificate file.',
  noKey: 'This file holds no private key and certificate that belong together.',
  keyType: 'This certificate’s key type cannot sign here (RSA or EC P-256, P-384, P-521 are needed).',
  noWebCrypto:
    'This browser cannot sign with a certificate on this page. Use a current browser over a secure connection.',
  errors: {
    CERT_CUIL_MISMATCH: 'This certificate does not carry the CUIL the sender gave for you. Use your own certificate.',
    CERT_EXPIRED: 'This certificate has expired or is not valid yet.',
    CERT_REVOKED: 'This certificate has been revoked by its issuer.',
    CERT_UNTRUSTED: 'This certificate was not issued by a certification authority Firma trusts.',
    CERT_KEY_USAGE: 'This certificate may not be used for signatures.',
    CERT_INVALID: 'Firma cannot use this certificate.',
    CERT_REVOCATION_UNAVAILABLE:
      'The certificate’s status cannot be checked right now. Please try again in a few minutes.',
    SIGNATURE_INVALID: 'The signature does not match the certificate. Check that you chose the right file.',
    SIGNATURE_PREPARATION_STALE: 'Another recipient signed meanwhile. Please sign again.',
  },
};

export const es = {
  title: 'Firmar con su certificado digital',
  intro:
    'Elija el archivo de su certificado e ingrese su contraseña. El archivo y la contraseña no salen de este dispositivo: Firma recibe solo el certificado y la firma.',
  file: 'Archivo del certificado (.p12 o .pfx)',
  password: 'Contraseña del certificado',
  read: 'Leer el certificado',
  certificate: 'Certificado',
  name: 'Nombre',
  serialNumber: 'Número de serie',
  sign: 'Firmar con este certificado',
  working: 'Firmando con su certificado…',
  fileMissing: 'Elija el archivo de su certificado.',
  notP12: 'Este archivo no es un archivo de certificado (.p12 o .pfx) que pueda leerse aquí.',
  wrongPassword: 'La contraseña no es correcta para este archivo de certificado.',
  noKey: 'Este archivo no contiene una clave privada y un certificado que se correspondan.',
  keyType: 'El tipo de clave de este certificado no permite firmar aquí (se requiere RSA o EC P-256, P-384, P-521).',
  noWebCrypto:
    'Este navegador no puede firmar con un certificado en esta página. Utilice un navegador actualizado con una conexión segura.',
  errors: {
    CERT_CUIL_MISMATCH:
      'Este certificado no contiene el CUIL que indicó el remitente para usted. Utilice su propio certificado.',
    CERT_EXPIRED: 'Este certificado está vencido o todavía no es válido.',
    CERT_REVOKED: 'Este certificado fue revocado por su emisor.',
    CERT_UNTRUSTED: 'Este certificado no fue emitido por una autoridad certificante en la que Firma confíe.',
    CERT_KEY_USAGE: 'Este certificado no puede usarse para firmar.',
    CERT_INVALID: 'Firma no puede utilizar este certificado.',
    CERT_REVOCATION_UNAVAILABLE:
      'No es posible verificar el estado del certificado en este momento. Vuelva a intentarlo en unos minutos.',
    SIGNATURE_INVALID: 'La firma no corresponde al certificado. Verifique que eligió el archivo correcto.',
    SIGNATURE_PREPARATION_STALE: 'Otro destinatario firmó mientras tanto. Vuelva a firmar, por favor.',
  },
};

export const pt_BR = {
  title: 'Assinar com seu certificado digital',
  intro:
    'Escolha o arquivo do seu certificado e informe a senha. O arquivo e a senha permanecem neste dispositivo: o Firma recebe apenas o certificado e a assinatura.',
  file: 'Arquivo do certificado (.p12 ou .pfx)',
  password: 'Senha do certificado',
  read: 'Ler o certificado',
  certificate: 'Certificado',
  name: 'Nome',
  serialNumber: 'Número de série',
  sign: 'Assinar com este certificado',
  working: 'Assinando com seu certificado…',
  fileMissing: 'Escolha o arquivo do seu certificado.',
  notP12: 'Este arquivo não é um arquivo de certificado (.p12 ou .pfx) que possa ser lido aqui.',
  wrongPassword: 'A senha não está correta para este arquivo de certificado.',
  noKey: 'Este arquivo não contém uma chave privada e um certificado correspondentes.',
  keyType: 'O tipo de chave deste certificado não permite assinar aqui (é necessário RSA ou EC P-256, P-384, P-521).',
  noWebCrypto:
    'Este navegador não consegue assinar com um certificado nesta página. Utilize um navegador atualizado com uma conexão segura.',
  errors: {
    CERT_CUIL_MISMATCH:
      'Este certificado não contém o CUIL informado pelo remetente para o(a) senhor(a). Utilize o seu próprio certificado.',
    CERT_EXPIRED: 'Este certificado expirou ou ainda não é válido.',
    CERT_REVOKED: 'Este certificado foi revogado pelo emissor.',
    CERT_UNTRUSTED: 'Este certificado não foi emitido por uma autoridade certificadora em que o Firma confia.',
    CERT_KEY_USAGE: 'Este certificado não pode ser usado para assinaturas.',
    CERT_INVALID: 'O Firma não pode utilizar este certificado.',
    CERT_REVOCATION_UNAVAILABLE:
      'Não é possível verificar a situação do certificado no momento. Tente novamente em alguns minutos.',
    SIGNATURE_INVALID: 'A assinatura não corresponde ao certificado. Verifique se escolheu o arquivo correto.',
    SIGNATURE_PREPARATION_STALE: 'Outro destinatário assinou nesse meio-tempo. Assine novamente, por favor.',
  },
};

export const de = {
  title: 'Mit Ihrem digitalen Zertifikat unterschreiben',
  intro:
    'Wählen Sie Ihre Zertifikatsdatei und geben Sie das Passwort ein. Datei und Passwort verlassen dieses Gerät nicht: Firma erhält nur das Zertifikat und die Signatur.',
  file: 'Zertifikatsdatei (.p12 oder .pfx)',
  password: 'Passwort des Zertifikats',
  read: 'Zertifikat lesen',
  certificate: 'Zertifikat',
  name: 'Name',
  serialNumber: 'Seriennummer',
  sign: 'Mit diesem Zertifikat unterschreiben',
  working: 'Es wird mit Ihrem Zertifikat unterschrieben…',
  fileMissing: 'Bitte wählen Sie Ihre Zertifikatsdatei.',
  notP12: 'Diese Datei ist keine Zertifikatsdatei (.p12 oder .pfx), die hier gelesen werden kann.',
  wrongPassword: 'Das Passwort ist für diese Zertifikatsdatei nicht korrekt.',
  noKey: 'Diese Datei enthält keinen privaten Schlüssel mit passendem Zertifikat.',
  keyType:
    'Mit dem Schlüsseltyp dieses Zertifikats kann hier nicht unterschrieben werden (RSA oder EC P-256, P-384, P-521 erforderlich).',
  noWebCrypto:
    'Dieser Browser kann auf dieser Seite nicht mit einem Zertifikat unterschreiben. Bitte verwenden Sie einen aktuellen Browser über eine sichere Verbindung.',
  errors: {
    CERT_CUIL_MISMATCH:
      'Dieses Zertifikat enthält nicht die CUIL, die der Absender für Sie angegeben hat. Bitte verwenden Sie Ihr eigenes Zertifikat.',
    CERT_EXPIRED: 'Dieses Zertifikat ist abgelaufen oder noch nicht gültig.',
    CERT_REVOKED: 'Dieses Zertifikat wurde von seinem Aussteller widerrufen.',
    CERT_UNTRUSTED: 'Dieses Zertifikat wurde nicht von einer Zertifizierungsstelle ausgestellt, der Firma vertraut.',
    CERT_KEY_USAGE: 'Dieses Zertifikat darf nicht für Signaturen verwendet werden.',
    CERT_INVALID: 'Firma kann dieses Zertifikat nicht verwenden.',
    CERT_REVOCATION_UNAVAILABLE:
      'Der Status des Zertifikats kann derzeit nicht geprüft werden. Bitte versuchen Sie es in einigen Minuten erneut.',
    SIGNATURE_INVALID:
      'Die Signatur passt nicht zum Zertifikat. Bitte prüfen Sie, ob Sie die richtige Datei gewählt haben.',
    SIGNATURE_PREPARATION_STALE:
      'Inzwischen hat ein anderer Empfänger unterschrieben. Bitte unterschreiben Sie erneut.',
  },
};

export const fr = {
  title: 'Signer avec votre certificat numérique',
  intro:
    'Choisissez le fichier de votre certificat et saisissez son mot de passe. Le fichier et le mot de passe restent sur cet appareil : Firma ne reçoit que le certificat et la signature.',
  file: 'Fichier du certificat (.p12 ou .pfx)',
  password: 'Mot de passe du certificat',
  read: 'Lire le certificat',
  certificate: 'Certificat',
  name: 'Nom',
  serialNumber: 'Numéro de série',
  sign: 'Signer avec ce certificat',
  working: 'Signature avec votre certificat en cours…',
  fileMissing: 'Veuillez choisir le fichier de votre certificat.',
  notP12: 'Ce fichier n’est pas un fichier de certificat (.p12 ou .pfx) lisible ici.',
  wrongPassword: 'Le mot de passe n’est pas correct pour ce fichier de certificat.',
  noKey: 'Ce fichier ne contient pas de clé privée avec le certificat correspondant.',
  keyType: 'Le type de clé de ce certificat ne permet pas de signer ici (RSA ou EC P-256, P-384, P-521 requis).',
  noWebCrypto:
    'Ce navigateur ne peut pas signer avec un certificat sur cette page. Veuillez utiliser un navigateur à jour via une connexion sécurisée.',
  errors: {
    CERT_CUIL_MISMATCH:
      'Ce certificat ne porte pas le CUIL indiqué pour vous par l’expéditeur. Veuillez utiliser votre propre certificat.',
    CERT_EXPIRED: 'Ce certificat a expiré ou n’est pas encore valide.',
    CERT_REVOKED: 'Ce certificat a été révoqué par son émetteur.',
    CERT_UNTRUSTED: 'Ce certificat n’a pas été émis par une autorité de certification reconnue par Firma.',
    CERT_KEY_USAGE: 'Ce certificat ne peut pas être utilisé pour signer.',
    CERT_INVALID: 'Firma ne peut pas utiliser ce certificat.',
    CERT_REVOCATION_UNAVAILABLE:
      'Le statut du certificat ne peut pas être vérifié pour le moment. Veuillez réessayer dans quelques minutes.',
    SIGNATURE_INVALID:
      'La signature ne correspond pas au certificat. Veuillez vérifier que vous avez choisi le bon fichier.',
    SIGNATURE_PREPARATION_STALE: 'Un autre destinataire a signé entre-temps. Veuillez signer à nouveau.',
  },
};

export const it = {
  title: 'Firmi con il Suo certificato digitale',
  intro:
    'Scelga il file del Suo certificato e inserisca la password. Il file e la password restano su questo dispositivo: Firma riceve solo il certificato e la firma.',
  file: 'File del certificato (.p12 o .pfx)',
  password: 'Password del certificato',
  read: 'Leggi il certificato',
  certificate: 'Certificato',
  name: 'Nome',
  serialNumber: 'Numero di serie',
  sign: 'Firma con questo certificato',
  working: 'Firma con il Suo certificato in corso…',
  fileMissing: 'Scelga il file del Suo certificato.',
  notP12: 'Questo file non è un file di certificato (.p12 o .pfx) leggibile qui.',
  wrongPassword: 'La password non è corretta per questo file di certificato.',
  noKey: 'Questo file non contiene una chiave privata con il certificato corrispondente.',
  keyType:
    'Il tipo di chiave di questo certificato non consente di firmare qui (occorre RSA o EC P-256, P-384, P-521).',
  noWebCrypto:
    'Questo browser non può firmare con un certificato su questa pagina. Utilizzi un browser aggiornato con una connessione sicura.',
  errors: {
    CERT_CUIL_MISMATCH:
      'Questo certificato non riporta il CUIL indicato per Lei dal mittente. Utilizzi il Suo certificato.',
    CERT_EXPIRED: 'Questo certificato è scaduto o non è ancora valido.',
    CERT_REVOKED: 'Questo certificato è stato revocato dal suo emittente.',
    CERT_UNTRUSTED: 'Questo certificato non è stato emesso da un’autorità di certificazione riconosciuta da Firma.',
    CERT_KEY_USAGE: 'Questo certificato non può essere usato per firmare.',
    CERT_INVALID: 'Firma non può utilizzare questo certificato.',
    CERT_REVOCATION_UNAVAILABLE:
      'Al momento non è possibile verificare lo stato del certificato. La preghiamo di riprovare tra qualche minuto.',
    SIGNATURE_INVALID: 'La firma non corrisponde al certificato. Verifichi di aver scelto il file corretto.',
    SIGNATURE_PREPARATION_STALE: 'Nel frattempo ha firmato un altro destinatario. La preghiamo di firmare di nuovo.',
  },
};

export const nl = {
  title: 'Ondertekenen met uw digitale certificaat',
  intro:
    'Kies uw certificaatbestand en voer het wachtwoord in. Het bestand en het wachtwoord blijven op dit apparaat: Firma ontvangt alleen het certificaat en de handtekening.',
  file: 'Certificaatbestand (.p12 of .pfx)',
  password: 'Wachtwoord van het certificaat',
  read: 'Certificaat lezen',
  certificate: 'Certificaat',
  name: 'Naam',
  serialNumber: 'Serienummer',
  sign: 'Met dit certificaat ondertekenen',
  working: 'Bezig met ondertekenen met uw certificaat…',
  fileMissing: 'Kies uw certificaatbestand.',
  notP12: 'Dit bestand is geen certificaatbestand (.p12 of .pfx) dat hier gelezen kan worden.',
  wrongPassword: 'Het wachtwoord is niet juist voor dit certificaatbestand.',
  noKey: 'Dit bestand bevat geen privésleutel met bijbehorend certificaat.',
  keyType:
    'Met het sleuteltype van dit certificaat kan hier niet worden ondertekend (RSA of EC P-256, P-384, P-521 vereist).',
  noWebCrypto:
    'Deze browser kan op deze pagina niet met een certificaat ondertekenen. Gebruik een actuele browser via een beveiligde verbinding.',
  errors: {
    CERT_CUIL_MISMATCH:
      'Dit certificaat bevat niet het CUIL dat de afzender voor u heeft opgegeven. Gebruik uw eigen certificaat.',
    CERT_EXPIRED: 'Dit certificaat is verlopen of nog niet geldig.',
    CERT_REVOKED: 'Dit certificaat is door de uitgever ingetrokken.',
    CERT_UNTRUSTED: 'Dit certificaat is niet uitgegeven door een certificeringsinstantie die Firma vertrouwt.',
    CERT_KEY_USAGE: 'Dit certificaat mag niet voor handtekeningen worden gebruikt.',
    CERT_INVALID: 'Firma kan dit certificaat niet gebruiken.',
    CERT_REVOCATION_UNAVAILABLE:
      'De status van het certificaat kan op dit moment niet worden gecontroleerd. Probeert u het over enkele minuten opnieuw.',
    SIGNATURE_INVALID:
      'De handtekening past niet bij het certificaat. Controleer of u het juiste bestand hebt gekozen.',
    SIGNATURE_PREPARATION_STALE: 'Intussen heeft een andere ontvanger ondertekend. Onderteken opnieuw.',
  },
};

export const pl = {
  title: 'Podpisz certyfikatem cyfrowym',
  intro:
    'Proszę wybrać plik certyfikatu i wpisać hasło. Plik i hasło pozostają na tym urządzeniu: Firma otrzymuje wyłącznie certyfikat i podpis.',
  file: 'Plik certyfikatu (.p12 lub .pfx)',
  password: 'Hasło certyfikatu',
  read: 'Odczytaj certyfikat',
  certificate: 'Certyfikat',
  name: 'Imię i nazwisko',
  serialNumber: 'Numer seryjny',
  sign: 'Podpisz tym certyfikatem',
  working: 'Trwa podpisywanie certyfikatem…',
  fileMissing: 'Proszę wybrać plik certyfikatu.',
  notP12: 'Ten plik nie jest plikiem certyfikatu (.p12 lub .pfx), który można tu odczytać.',
  wrongPassword: 'Hasło do tego pliku certyfikatu jest nieprawidłowe.',
  noKey: 'Ten plik nie zawiera klucza prywatnego z odpowiadającym mu certyfikatem.',
  keyType: 'Typ klucza tego certyfikatu nie pozwala tu podpisać (wymagany RSA lub EC P-256, P-384, P-521).',
  noWebCrypto:
    'Ta przeglądarka nie może podpisać certyfikatem na tej stronie. Proszę użyć aktualnej przeglądarki z bezpiecznym połączeniem.',
  errors: {
    CERT_CUIL_MISMATCH:
      'Ten certyfikat nie zawiera numeru CUIL podanego przez nadawcę. Proszę użyć własnego certyfikatu.',
    CERT_EXPIRED: 'Ten certyfikat wygasł lub nie jest jeszcze ważny.',
    CERT_REVOKED: 'Ten certyfikat został unieważniony przez wystawcę.',
    CERT_UNTRUSTED: 'Ten certyfikat nie został wydany przez urząd certyfikacji zaufany przez Firma.',
    CERT_KEY_USAGE: 'Tego certyfikatu nie można używać do podpisów.',
    CERT_INVALID: 'Firma nie może użyć tego certyfikatu.',
    CERT_REVOCATION_UNAVAILABLE:
      'Nie można teraz sprawdzić statusu certyfikatu. Proszę spróbować ponownie za kilka minut.',
    SIGNATURE_INVALID: 'Podpis nie pasuje do certyfikatu. Proszę sprawdzić, czy wybrano właściwy plik.',
    SIGNATURE_PREPARATION_STALE: 'W międzyczasie podpisał inny odbiorca. Proszę podpisać ponownie.',
  },
};

export const ja = {
  title: 'デジタル証明書で署名',
  intro:
    '証明書ファイルを選択し、パスワードを入力してください。ファイルとパスワードはこの端末の外に送信されません。Firma が受け取るのは証明書と署名のみです。',
  file: '証明書ファイル（.p12 または .pfx）',
  password: '証明書のパスワード',
  read: '証明書を読み込む',
  certificate: '証明書',
  name: '氏名',
  serialNumber: 'シリアル番号',
  sign: 'この証明書で署名する',
  working: '証明書で署名しています…',
  fileMissing: '証明書ファイルを選択してください。',
  notP12: 'このファイルは、ここで読み込める証明書ファイル（.p12 または .pfx）ではありません。',
  wrongPassword: 'この証明書ファイルのパスワードが正しくありません。',
  noKey: 'このファイルには、対応する秘密鍵と証明書が含まれていません。',
  keyType: 'この証明書の鍵の種類では、ここで署名できません（RSA または EC P-256、P-384、P-521 が必要です）。',
  noWebCrypto:
    'このブラウザーでは、このページで証明書による署名ができません。安全な接続で最新のブラウザーをご利用ください。',
  errors: {
    CERT_CUIL_MISMATCH: 'この証明書には、送信者が指定した CUIL が含まれていません。ご本人の証明書をご利用ください。',
    CERT_EXPIRED: 'この証明書は有効期限が切れているか、まだ有効ではありません。',
    CERT_REVOKED: 'この証明書は発行者によって失効しています。',
    CERT_UNTRUSTED: 'この証明書は、Firma が信頼する認証局によって発行されたものではありません。',
    CERT_KEY_USAGE: 'この証明書は署名に使用できません。',
    CERT_INVALID: 'Firma はこの証明書を使用できません。',
    CERT_REVOCATION_UNAVAILABLE: '現在、証明書の状態を確認できません。数分後にもう一度お試しください。',
    SIGNATURE_INVALID: '署名が証明書と一致しません。正しいファイルを選択したかご確認ください。',
    SIGNATURE_PREPARATION_STALE: 'その間に別の受信者が署名しました。もう一度署名してください。',
  },
};

export const ko = {
  title: '디지털 인증서로 서명',
  intro:
    '인증서 파일을 선택하고 비밀번호를 입력하십시오. 파일과 비밀번호는 이 기기 밖으로 전송되지 않습니다. Firma는 인증서와 서명만 받습니다.',
  file: '인증서 파일(.p12 또는 .pfx)',
  password: '인증서 비밀번호',
  read: '인증서 읽기',
  certificate: '인증서',
  name: '이름',
  serialNumber: '일련번호',
  sign: '이 인증서로 서명',
  working: '인증서로 서명하는 중…',
  fileMissing: '인증서 파일을 선택하십시오.',
  notP12: '이 파일은 여기에서 읽을 수 있는 인증서 파일(.p12 또는 .pfx)이 아닙니다.',
  wrongPassword: '이 인증서 파일의 비밀번호가 올바르지 않습니다.',
  noKey: '이 파일에는 서로 일치하는 개인 키와 인증서가 없습니다.',
  keyType: '이 인증서의 키 유형으로는 여기에서 서명할 수 없습니다(RSA 또는 EC P-256, P-384, P-521 필요).',
  noWebCrypto: '이 브라우저는 이 페이지에서 인증서로 서명할 수 없습니다. 보안 연결에서 최신 브라우저를 사용하십시오.',
  errors: {
    CERT_CUIL_MISMATCH: '이 인증서에는 발신자가 지정한 CUIL이 없습니다. 본인의 인증서를 사용하십시오.',
    CERT_EXPIRED: '이 인증서는 만료되었거나 아직 유효하지 않습니다.',
    CERT_REVOKED: '이 인증서는 발급 기관에 의해 폐지되었습니다.',
    CERT_UNTRUSTED: '이 인증서는 Firma가 신뢰하는 인증 기관에서 발급되지 않았습니다.',
    CERT_KEY_USAGE: '이 인증서는 서명에 사용할 수 없습니다.',
    CERT_INVALID: 'Firma에서 이 인증서를 사용할 수 없습니다.',
    CERT_REVOCATION_UNAVAILABLE: '지금은 인증서 상태를 확인할 수 없습니다. 몇 분 후에 다시 시도하십시오.',
    SIGNATURE_INVALID: '서명이 인증서와 일치하지 않습니다. 올바른 파일을 선택했는지 확인하십시오.',
    SIGNATURE_PREPARATION_STALE: '그 사이에 다른 수신자가 서명했습니다. 다시 서명하십시오.',
  },
};

export const zh = {
  title: '使用您的数字证书签署',
  intro: '请选择您的证书文件并输入密码。文件和密码始终保留在本设备上：Firma 只接收证书和签名。',
  file: '证书文件（.p12 或 .pfx）',
  password: '证书密码',
  read: '读取证书',
  certificate: '证书',
  name: '姓名',
  serialNumber: '序列号',
  sign: '使用此证书签署',
  working: '正在使用您的证书签署…',
  fileMissing: '请选择您的证书文件。',
  notP12: '此文件不是可在此读取的证书文件（.p12 或 .pfx）。',
  wrongPassword: '此证书文件的密码不正确。',
  noKey: '此文件不包含相互匹配的私钥和证书。',
  keyType: '此证书的密钥类型无法在此签署（需要 RSA 或 EC P-256、P-384、P-521）。',
  noWebCrypto: '此浏览器无法在本页面使用证书签署。请通过安全连接使用最新版本的浏览器。',
  errors: {
    CERT_CUIL_MISMATCH: '此证书不包含发件人为您指定的 CUIL。请使用您本人的证书。',
    CERT_EXPIRED: '此证书已过期或尚未生效。',
    CERT_REVOKED: '此证书已被签发机构吊销。',
    CERT_UNTRUSTED: '此证书并非由 Firma 信任的证书颁发机构签发。',
    CERT_KEY_USAGE: '此证书不能用于签名。',
    CERT_INVALID: 'Firma 无法使用此证书。',
    CERT_REVOCATION_UNAVAILABLE: '目前无法检查证书状态。请几分钟后重试。',
    SIGNATURE_INVALID: '签名与证书不匹配。请确认您选择了正确的文件。',
    SIGNATURE_PREPARATION_STALE: '在此期间另一位收件人已签署。请重新签署。',
  },
};

/** By language tag, as the page's `lang` names them. */
export const DIGITAL_MESSAGES = { de, en, es, fr, it, nl, pl, 'pt-BR': pt_BR, ja, ko, zh };

/** The dialog's words for a page language: the exact tag, else its primary language, else English. */
export function digitalMessages(lang) {
  const tag = String(lang || 'en');
  return DIGITAL_MESSAGES[tag] || DIGITAL_MESSAGES[tag.split('-')[0]] || (tag.startsWith('pt') ? pt_BR : en);
}
