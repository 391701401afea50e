// The words of the digital-certificate dialog and of the signature-level notice (digital-sign.js),
// in every language Firma's documents may carry (Japanese, Korean and Chinese in
// digital-i18n-asia.js). Kept apart from i18n.js so each language can be reviewed on its own; the
// register is formal everywhere (Sie, usted, vous, Lei, u, Pan/Pani, o(a) senhor(a), です/ます, 합니다, 您).

import { ja, ko, zh } from './digital-i18n-asia.js';

export const en = {
  title: 'Sign with your digital certificate',
  intro:
    'Choose your certificate file and enter its password. The file and the password stay on this device: Firma receives only the certificate and the signature.',
  file: 'Certificate file (.p12 or .pfx)',
  password: 'Certificate password',
  read: 'Read certificate',
  certificate: 'Certificate',
  name: 'Name',
  cuil: 'CUIL',
  issuer: 'Issued by',
  expires: 'Valid until',
  levelDigitalTitle: 'Digital signature.',
  levelDigital: 'You sign with your own certificate. Nothing is drawn or typed: your certificate signs the document.',
  levelElectronicTitle: 'Electronic signature.',
  levelElectronic: 'You sign electronically, by drawing or typing your signature; Firma keeps a record of the process.',
  byCertificate: 'Signed with your certificate',
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
  cuil: 'CUIL',
  issuer: 'Emitido por',
  expires: 'Válido hasta',
  levelDigitalTitle: 'Firma digital.',
  levelDigital:
    'Usted firma con su propio certificado. No necesita dibujar ni escribir una firma: su certificado firma el documento.',
  levelElectronicTitle: 'Firma electrónica.',
  levelElectronic:
    'Usted firma electrónicamente, dibujando o escribiendo su firma; Firma conserva un registro del proceso.',
  byCertificate: 'Se firma con su certificado',
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
  cuil: 'CUIL',
  issuer: 'Emitido por',
  expires: 'Válido até',
  levelDigitalTitle: 'Assinatura digital.',
  levelDigital:
    'Assine com seu próprio certificado. Não é preciso desenhar nem digitar uma assinatura: seu certificado assina o documento.',
  levelElectronicTitle: 'Assinatura eletrônica.',
  levelElectronic:
    'Assine eletronicamente, desenhando ou digitando sua assinatura; o Firma mantém um registro do processo.',
  byCertificate: 'Assinado com seu certificado',
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
  cuil: 'CUIL',
  issuer: 'Ausgestellt von',
  expires: 'Gültig bis',
  levelDigitalTitle: 'Digitale Signatur.',
  levelDigital:
    'Sie unterschreiben mit Ihrem eigenen Zertifikat. Sie zeichnen oder tippen keine Unterschrift: Ihr Zertifikat signiert das Dokument.',
  levelElectronicTitle: 'Elektronische Signatur.',
  levelElectronic:
    'Sie unterschreiben elektronisch, indem Sie Ihre Unterschrift zeichnen oder tippen; Firma protokolliert den Vorgang.',
  byCertificate: 'Mit Ihrem Zertifikat signiert',
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
  cuil: 'CUIL',
  issuer: 'Émis par',
  expires: 'Valide jusqu’au',
  levelDigitalTitle: 'Signature numérique.',
  levelDigital:
    'Vous signez avec votre propre certificat. Vous ne dessinez ni ne saisissez de signature : votre certificat signe le document.',
  levelElectronicTitle: 'Signature électronique.',
  levelElectronic:
    'Vous signez électroniquement, en dessinant ou en saisissant votre signature ; Firma conserve un enregistrement de la procédure.',
  byCertificate: 'Signé avec votre certificat',
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
  cuil: 'CUIL',
  issuer: 'Emesso da',
  expires: 'Valido fino al',
  levelDigitalTitle: 'Firma digitale.',
  levelDigital:
    'Lei firma con il Suo certificato. Non deve disegnare né digitare una firma: il Suo certificato firma il documento.',
  levelElectronicTitle: 'Firma elettronica.',
  levelElectronic:
    'Lei firma elettronicamente, disegnando o digitando la Sua firma; Firma conserva una registrazione della procedura.',
  byCertificate: 'Firmato con il Suo certificato',
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
  cuil: 'CUIL',
  issuer: 'Uitgegeven door',
  expires: 'Geldig tot',
  levelDigitalTitle: 'Digitale handtekening.',
  levelDigital:
    'U ondertekent met uw eigen certificaat. U tekent of typt geen handtekening: uw certificaat ondertekent het document.',
  levelElectronicTitle: 'Elektronische handtekening.',
  levelElectronic:
    'U ondertekent elektronisch door uw handtekening te tekenen of te typen; Firma bewaart een verslag van het proces.',
  byCertificate: 'Ondertekend met uw certificaat',
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
  cuil: 'CUIL',
  issuer: 'Wystawca',
  expires: 'Ważny do',
  levelDigitalTitle: 'Podpis cyfrowy.',
  levelDigital:
    'Podpisuje Pan/Pani własnym certyfikatem. Nie trzeba rysować ani wpisywać podpisu: dokument podpisuje certyfikat.',
  levelElectronicTitle: 'Podpis elektroniczny.',
  levelElectronic:
    'Podpisuje Pan/Pani elektronicznie, rysując lub wpisując podpis; Firma przechowuje zapis tego procesu.',
  byCertificate: 'Podpisywane certyfikatem',
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

/** By language tag, as the page's `lang` names them. */
export const DIGITAL_MESSAGES = { de, en, es, fr, it, nl, pl, 'pt-BR': pt_BR, ja, ko, zh };

/** The dialog's words for a page language: the exact tag, else its primary language, else English. */
export function digitalMessages(lang) {
  const tag = String(lang || 'en');
  return DIGITAL_MESSAGES[tag] || DIGITAL_MESSAGES[tag.split('-')[0]] || (tag.startsWith('pt') ? pt_BR : en);
}
