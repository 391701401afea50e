import type { Language } from '../../lib/vocabulary/languages.js';

export type PageLanguage = Language;

/** What the HTML shell says before its script runs (title, loading, no script) and the 404/410 pages. */
export interface ShellText {
  title: string;
  loading: string;
  noscript: string;
  invalidTitle: string;
  invalidBody: string;
  directInvalidBody: string;
  directDisabledTitle: string;
  directDisabledBody: string;
}

/** The shell in every page language; the script's own words are in src/web/signing/i18n/. */
export const SHELL_TEXT: Record<PageLanguage, ShellText> = {
  en: {
    title: 'Sign document',
    loading: 'Loading the document…',
    noscript: 'This page needs JavaScript to show the document and collect your signature.',
    invalidTitle: 'This link is not valid',
    invalidBody: 'The signing link is wrong or no longer exists. Ask the sender for a new one.',
    directInvalidBody: 'This link is wrong or was removed by its owner. Ask the sender for a new one.',
    directDisabledTitle: 'This link is turned off',
    directDisabledBody: 'Its owner turned this link off for now. Ask the sender for another way to sign.',
  },
  es: {
    title: 'Firmar documento',
    loading: 'Cargando el documento…',
    noscript: 'Esta página necesita JavaScript para mostrar el documento y registrar su firma.',
    invalidTitle: 'Este enlace no es válido',
    invalidBody: 'El enlace de firma es incorrecto o ya no existe. Pida uno nuevo a quien se lo envió.',
    directInvalidBody: 'Este enlace es incorrecto o su dueño lo eliminó. Pida uno nuevo a quien se lo envió.',
    directDisabledTitle: 'Este enlace está desactivado',
    directDisabledBody: 'Su dueño desactivó este enlace por ahora. Pida a quien se lo envió otra forma de firmar.',
  },
  de: {
    title: 'Dokument unterzeichnen',
    loading: 'Das Dokument wird geladen…',
    noscript: 'Diese Seite benötigt JavaScript, um das Dokument anzuzeigen und Ihre Unterschrift zu erfassen.',
    invalidTitle: 'Dieser Link ist ungültig',
    invalidBody: 'Der Signaturlink ist falsch oder existiert nicht mehr. Bitten Sie den Absender um einen neuen.',
    directInvalidBody:
      'Dieser Link ist falsch oder wurde von seinem Inhaber entfernt. Bitten Sie den Absender um einen neuen.',
    directDisabledTitle: 'Dieser Link ist deaktiviert',
    directDisabledBody:
      'Der Inhaber hat diesen Link vorerst deaktiviert. Bitten Sie den Absender um eine andere Möglichkeit zur Unterzeichnung.',
  },
  fr: {
    title: 'Signer le document',
    loading: 'Chargement du document…',
    noscript: 'Cette page a besoin de JavaScript pour afficher le document et recueillir votre signature.',
    invalidTitle: 'Ce lien n’est pas valide',
    invalidBody: 'Le lien de signature est erroné ou n’existe plus. Demandez-en un nouveau à l’expéditeur.',
    directInvalidBody:
      'Ce lien est erroné ou a été supprimé par son propriétaire. Demandez-en un nouveau à l’expéditeur.',
    directDisabledTitle: 'Ce lien est désactivé',
    directDisabledBody:
      'Son propriétaire a désactivé ce lien pour le moment. Demandez à l’expéditeur un autre moyen de signer.',
  },
  it: {
    title: 'Firma il documento',
    loading: 'Caricamento del documento…',
    noscript: 'Questa pagina richiede JavaScript per mostrare il documento e raccogliere la Sua firma.',
    invalidTitle: 'Questo link non è valido',
    invalidBody: 'Il link di firma è errato o non esiste più. Ne chieda uno nuovo al mittente.',
    directInvalidBody: 'Questo link è errato o è stato rimosso dal suo proprietario. Ne chieda uno nuovo al mittente.',
    directDisabledTitle: 'Questo link è disattivato',
    directDisabledBody:
      'Il proprietario ha disattivato questo link per ora. Chieda al mittente un altro modo per firmare.',
  },
  nl: {
    title: 'Document ondertekenen',
    loading: 'Het document wordt geladen…',
    noscript: 'Deze pagina heeft JavaScript nodig om het document te tonen en uw handtekening vast te leggen.',
    invalidTitle: 'Deze link is niet geldig',
    invalidBody: 'De ondertekeningslink is onjuist of bestaat niet meer. Vraag de afzender om een nieuwe.',
    directInvalidBody: 'Deze link is onjuist of is door de eigenaar verwijderd. Vraag de afzender om een nieuwe.',
    directDisabledTitle: 'Deze link is uitgeschakeld',
    directDisabledBody:
      'De eigenaar heeft deze link voorlopig uitgeschakeld. Vraag de afzender om een andere manier om te ondertekenen.',
  },
  pl: {
    title: 'Podpisz dokument',
    loading: 'Wczytywanie dokumentu…',
    noscript: 'Ta strona wymaga JavaScriptu, aby wyświetlić dokument i przyjąć Państwa podpis.',
    invalidTitle: 'Ten link jest nieprawidłowy',
    invalidBody: 'Link do podpisu jest błędny lub już nie istnieje. Prosimy poprosić nadawcę o nowy.',
    directInvalidBody: 'Ten link jest błędny lub został usunięty przez właściciela. Prosimy poprosić nadawcę o nowy.',
    directDisabledTitle: 'Ten link jest wyłączony',
    directDisabledBody: 'Właściciel tymczasowo wyłączył ten link. Prosimy poprosić nadawcę o inny sposób podpisania.',
  },
  'pt-BR': {
    title: 'Assinar documento',
    loading: 'Carregando o documento…',
    noscript: 'Esta página precisa de JavaScript para mostrar o documento e registrar sua assinatura.',
    invalidTitle: 'Este link não é válido',
    invalidBody: 'O link de assinatura está incorreto ou não existe mais. Peça um novo ao remetente.',
    directInvalidBody: 'Este link está incorreto ou foi removido pelo proprietário. Peça um novo ao remetente.',
    directDisabledTitle: 'Este link está desativado',
    directDisabledBody: 'O proprietário desativou este link por enquanto. Peça ao remetente outra forma de assinar.',
  },
  ja: {
    title: '文書に署名',
    loading: '文書を読み込んでいます…',
    noscript: 'このページで文書を表示し署名を行うには、JavaScript が必要です。',
    invalidTitle: 'このリンクは無効です',
    invalidBody: '署名リンクが誤っているか、すでに存在しません。送信者に新しいリンクを依頼してください。',
    directInvalidBody: 'このリンクは誤っているか、所有者により削除されました。送信者に新しいリンクを依頼してください。',
    directDisabledTitle: 'このリンクは無効化されています',
    directDisabledBody: '所有者がこのリンクを一時的に無効にしています。送信者に別の署名方法を依頼してください。',
  },
  ko: {
    title: '문서 서명',
    loading: '문서를 불러오는 중…',
    noscript: '이 페이지에서 문서를 표시하고 서명을 받으려면 JavaScript가 필요합니다.',
    invalidTitle: '유효하지 않은 링크입니다',
    invalidBody: '서명 링크가 잘못되었거나 더 이상 존재하지 않습니다. 발신자에게 새 링크를 요청하십시오.',
    directInvalidBody: '이 링크가 잘못되었거나 소유자가 삭제했습니다. 발신자에게 새 링크를 요청하십시오.',
    directDisabledTitle: '비활성화된 링크입니다',
    directDisabledBody: '소유자가 이 링크를 일시적으로 비활성화했습니다. 발신자에게 다른 서명 방법을 요청하십시오.',
  },
  zh: {
    title: '签署文件',
    loading: '正在加载文件…',
    noscript: '此页面需要 JavaScript 才能显示文件并收集您的签名。',
    invalidTitle: '此链接无效',
    invalidBody: '签署链接有误或已不存在。请向发件人索取新链接。',
    directInvalidBody: '此链接有误或已被其所有者删除。请向发件人索取新链接。',
    directDisabledTitle: '此链接已停用',
    directDisabledBody: '所有者暂时停用了此链接。请向发件人询问其他签署方式。',
  },
};
