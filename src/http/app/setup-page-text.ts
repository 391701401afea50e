import type { Language } from '../../lib/vocabulary/languages.js';

/** The words of the setup link's page (GET /setup/{token}), in every page language. */
export interface SetupPageText {
  title: string;
  intro: string;
  after: string;
  invalidTitle: string;
  invalidBody: string;
}

export const SETUP_PAGE_TEXT: Record<Language, SetupPageText> = {
  en: {
    title: 'Create the first administrator',
    intro:
      'This one-time link creates the first administrator of this Firma installation. Until Firma’s web app offers a page for it, send this request with your e-mail address, your name and a password of at least 10 characters:',
    after: 'The answer signs you in, and the link stops working.',
    invalidTitle: 'This link is not valid',
    invalidBody:
      'It is wrong, was already used, or has expired. An operator can invite another administrator with “firma user invite --role ADMIN”.',
  },
  es: {
    title: 'Crear el primer administrador',
    intro:
      'Este enlace de un solo uso crea el primer administrador de esta instalación de Firma. Hasta que la aplicación web de Firma ofrezca una página para hacerlo, envíe esta solicitud con su dirección de correo, su nombre y una contraseña de al menos 10 caracteres:',
    after: 'La respuesta inicia su sesión y el enlace deja de funcionar.',
    invalidTitle: 'Este enlace no es válido',
    invalidBody:
      'Es incorrecto, ya se usó o venció. Un operador puede invitar a otro administrador con «firma user invite --role ADMIN».',
  },
  de: {
    title: 'Den ersten Administrator anlegen',
    intro:
      'Dieser einmalige Link legt den ersten Administrator dieser Firma-Installation an. Bis die Web-App von Firma eine Seite dafür bietet, senden Sie diese Anfrage mit Ihrer E-Mail-Adresse, Ihrem Namen und einem Passwort mit mindestens 10 Zeichen:',
    after: 'Die Antwort meldet Sie an, und der Link funktioniert danach nicht mehr.',
    invalidTitle: 'Dieser Link ist ungültig',
    invalidBody:
      'Er ist falsch, wurde schon verwendet oder ist abgelaufen. Ein Betreiber kann mit „firma user invite --role ADMIN“ einen weiteren Administrator einladen.',
  },
  fr: {
    title: 'Créer le premier administrateur',
    intro:
      'Ce lien à usage unique crée le premier administrateur de cette installation de Firma. En attendant que l’application web de Firma propose une page pour cela, envoyez cette requête avec votre adresse e-mail, votre nom et un mot de passe d’au moins 10 caractères :',
    after: 'La réponse vous connecte, et le lien cesse de fonctionner.',
    invalidTitle: 'Ce lien n’est pas valide',
    invalidBody:
      'Il est erroné, a déjà servi ou a expiré. Un opérateur peut inviter un autre administrateur avec « firma user invite --role ADMIN ».',
  },
  it: {
    title: 'Creare il primo amministratore',
    intro:
      'Questo link monouso crea il primo amministratore di questa installazione di Firma. Finché l’app web di Firma non offre una pagina per farlo, invii questa richiesta con il Suo indirizzo e-mail, il Suo nome e una password di almeno 10 caratteri:',
    after: 'La risposta La fa accedere e il link smette di funzionare.',
    invalidTitle: 'Questo link non è valido',
    invalidBody:
      'È errato, è già stato usato o è scaduto. Un operatore può invitare un altro amministratore con «firma user invite --role ADMIN».',
  },
  nl: {
    title: 'De eerste beheerder aanmaken',
    intro:
      'Deze eenmalige link maakt de eerste beheerder van deze Firma-installatie aan. Zolang de webapp van Firma daar geen pagina voor heeft, stuurt u dit verzoek met uw e-mailadres, uw naam en een wachtwoord van minstens 10 tekens:',
    after: 'Het antwoord meldt u aan, en daarna werkt de link niet meer.',
    invalidTitle: 'Deze link is niet geldig',
    invalidBody:
      'Hij is onjuist, al gebruikt of verlopen. Een beheerder van de server kan een andere beheerder uitnodigen met ‘firma user invite --role ADMIN’.',
  },
  pl: {
    title: 'Utworzenie pierwszego administratora',
    intro:
      'Ten jednorazowy link tworzy pierwszego administratora tej instalacji Firma. Dopóki aplikacja internetowa Firma nie udostępni do tego strony, prosimy wysłać to żądanie z Państwa adresem e-mail, imieniem i nazwiskiem oraz hasłem o długości co najmniej 10 znaków:',
    after: 'Odpowiedź loguje Państwa, a link przestaje działać.',
    invalidTitle: 'Ten link jest nieprawidłowy',
    invalidBody:
      'Jest błędny, został już użyty lub wygasł. Operator może zaprosić innego administratora poleceniem „firma user invite --role ADMIN”.',
  },
  'pt-BR': {
    title: 'Criar o primeiro administrador',
    intro:
      'Este link de uso único cria o primeiro administrador desta instalação do Firma. Até que o aplicativo web do Firma ofereça uma página para isso, envie esta requisição com seu endereço de e-mail, seu nome e uma senha de pelo menos 10 caracteres:',
    after: 'A resposta faz o seu login, e o link deixa de funcionar.',
    invalidTitle: 'Este link não é válido',
    invalidBody:
      'Ele está errado, já foi usado ou expirou. Um operador pode convidar outro administrador com “firma user invite --role ADMIN”.',
  },
  ja: {
    title: '最初の管理者の作成',
    intro:
      'この 1 回限りのリンクで、この Firma の最初の管理者を作成します。Firma のウェブアプリにそのためのページができるまでは、メールアドレス、お名前、10 文字以上のパスワードを入れて、次のリクエストを送信してください。',
    after: '応答と同時にサインインし、このリンクは使えなくなります。',
    invalidTitle: 'このリンクは無効です',
    invalidBody:
      'リンクが正しくないか、使用済みか、有効期限が切れています。運用者は「firma user invite --role ADMIN」で別の管理者を招待できます。',
  },
  ko: {
    title: '첫 번째 관리자 만들기',
    intro:
      '이 일회용 링크는 이 Firma 설치의 첫 번째 관리자를 만듭니다. Firma 웹 앱에 이를 위한 페이지가 생기기 전까지는 이메일 주소, 이름, 10자 이상의 비밀번호를 넣어 다음 요청을 보내십시오.',
    after: '응답과 함께 로그인되며, 이 링크는 더 이상 작동하지 않습니다.',
    invalidTitle: '이 링크는 유효하지 않습니다',
    invalidBody:
      '링크가 잘못되었거나 이미 사용되었거나 만료되었습니다. 운영자는 “firma user invite --role ADMIN”으로 다른 관리자를 초대할 수 있습니다.',
  },
  zh: {
    title: '创建第一位管理员',
    intro:
      '此一次性链接用于创建本 Firma 安装的第一位管理员。在 Firma 网页应用提供相应页面之前，请填入您的电子邮件地址、姓名和至少 10 个字符的密码，发送以下请求：',
    after: '响应后您即已登录，此链接随即失效。',
    invalidTitle: '此链接无效',
    invalidBody: '链接有误、已被使用或已过期。运维人员可以用“firma user invite --role ADMIN”邀请另一位管理员。',
  },
};
