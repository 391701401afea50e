import type { PageLanguage } from './page-shell-text.js';
import { SHELL_TEXT } from './page-shell-text.js';

/** What a recipient's document shows in the multisign summary, by its signing state. */
export interface EmbedStatusText {
  ready: string;
  out_of_turn: string;
  expired: string;
  signed: string;
  rejected: string;
  /** Cancelled, rejected by someone else, a copy only: nothing more to do there. */
  closed: string;
}

/**
 * The words of Documenso's embed pages that Firma's signing page has not already: the notice on
 * the authoring paths, and multisign's progress and summary (`{k}`, `{n}`: numbers). One table
 * for the server's pages and, as `embed-text.js`, for the page's script, which redraws a notice
 * in the language the embedding app asked for in the fragment (the server never sees it).
 */
export interface EmbedText {
  authoringTitle: string;
  authoringBody: string;
  multisignLabel: string;
  documentOf: string;
  documentNumber: string;
  nextDocument: string;
  summaryTitle: string;
  allDoneTitle: string;
  allDoneBody: string;
  pendingBody: string;
  open: string;
  status: EmbedStatusText;
}

export const EMBED_TEXT: Record<PageLanguage, EmbedText> = {
  en: {
    authoringTitle: 'The embedded editor is not available yet',
    authoringBody:
      'Preparing documents and templates inside another application comes later. Signing can already be embedded.',
    multisignLabel: 'Documents to sign',
    documentOf: 'Document {k} of {n}',
    documentNumber: 'Document {k}',
    nextDocument: 'Next document',
    summaryTitle: 'Your documents',
    allDoneTitle: 'All documents are done',
    allDoneBody: 'Every document has been signed or rejected.',
    pendingBody: 'Some documents cannot be signed yet or still wait for you.',
    open: 'Open',
    status: {
      ready: 'To sign',
      out_of_turn: 'Waiting for your turn',
      expired: 'Expired',
      signed: 'Signed',
      rejected: 'Rejected',
      closed: 'No longer open for signing',
    },
  },
  es: {
    authoringTitle: 'El editor integrado todavía no está disponible',
    authoringBody:
      'La preparación de documentos y plantillas dentro de otra aplicación llegará más adelante. La firma ya puede integrarse.',
    multisignLabel: 'Documentos para firmar',
    documentOf: 'Documento {k} de {n}',
    documentNumber: 'Documento {k}',
    nextDocument: 'Siguiente documento',
    summaryTitle: 'Sus documentos',
    allDoneTitle: 'Todos los documentos están listos',
    allDoneBody: 'Cada documento fue firmado o rechazado.',
    pendingBody: 'Algunos documentos todavía no pueden firmarse o esperan su acción.',
    open: 'Abrir',
    status: {
      ready: 'Para firmar',
      out_of_turn: 'Esperando su turno',
      expired: 'Vencido',
      signed: 'Firmado',
      rejected: 'Rechazado',
      closed: 'Ya no admite firmas',
    },
  },
  de: {
    authoringTitle: 'Der eingebettete Editor ist noch nicht verfügbar',
    authoringBody:
      'Das Vorbereiten von Dokumenten und Vorlagen in einer anderen Anwendung folgt später. Das Unterzeichnen lässt sich bereits einbetten.',
    multisignLabel: 'Zu unterzeichnende Dokumente',
    documentOf: 'Dokument {k} von {n}',
    documentNumber: 'Dokument {k}',
    nextDocument: 'Nächstes Dokument',
    summaryTitle: 'Ihre Dokumente',
    allDoneTitle: 'Alle Dokumente sind erledigt',
    allDoneBody: 'Jedes Dokument wurde unterzeichnet oder abgelehnt.',
    pendingBody: 'Einige Dokumente können noch nicht unterzeichnet werden oder warten auf Sie.',
    open: 'Öffnen',
    status: {
      ready: 'Zu unterzeichnen',
      out_of_turn: 'Wartet, bis Sie an der Reihe sind',
      expired: 'Abgelaufen',
      signed: 'Unterzeichnet',
      rejected: 'Abgelehnt',
      closed: 'Nicht mehr zur Unterzeichnung offen',
    },
  },
  fr: {
    authoringTitle: 'L’éditeur intégré n’est pas encore disponible',
    authoringBody:
      'La préparation de documents et de modèles dans une autre application arrivera plus tard. La signature peut déjà être intégrée.',
    multisignLabel: 'Documents à signer',
    documentOf: 'Document {k} sur {n}',
    documentNumber: 'Document {k}',
    nextDocument: 'Document suivant',
    summaryTitle: 'Vos documents',
    allDoneTitle: 'Tous les documents sont traités',
    allDoneBody: 'Chaque document a été signé ou refusé.',
    pendingBody: 'Certains documents ne peuvent pas encore être signés ou attendent votre action.',
    open: 'Ouvrir',
    status: {
      ready: 'À signer',
      out_of_turn: 'En attente de votre tour',
      expired: 'Expiré',
      signed: 'Signé',
      rejected: 'Refusé',
      closed: 'N’est plus ouvert à la signature',
    },
  },
  it: {
    authoringTitle: 'L’editor integrato non è ancora disponibile',
    authoringBody:
      'La preparazione di documenti e modelli all’interno di un’altra applicazione arriverà più avanti. La firma può già essere integrata.',
    multisignLabel: 'Documenti da firmare',
    documentOf: 'Documento {k} di {n}',
    documentNumber: 'Documento {k}',
    nextDocument: 'Documento successivo',
    summaryTitle: 'I Suoi documenti',
    allDoneTitle: 'Tutti i documenti sono completati',
    allDoneBody: 'Ogni documento è stato firmato o rifiutato.',
    pendingBody: 'Alcuni documenti non possono ancora essere firmati o attendono una Sua azione.',
    open: 'Apri',
    status: {
      ready: 'Da firmare',
      out_of_turn: 'In attesa del Suo turno',
      expired: 'Scaduto',
      signed: 'Firmato',
      rejected: 'Rifiutato',
      closed: 'Non più aperto alla firma',
    },
  },
  nl: {
    authoringTitle: 'De ingebouwde editor is nog niet beschikbaar',
    authoringBody:
      'Documenten en sjablonen voorbereiden in een andere toepassing volgt later. Ondertekenen kan al worden ingebouwd.',
    multisignLabel: 'Te ondertekenen documenten',
    documentOf: 'Document {k} van {n}',
    documentNumber: 'Document {k}',
    nextDocument: 'Volgend document',
    summaryTitle: 'Uw documenten',
    allDoneTitle: 'Alle documenten zijn afgehandeld',
    allDoneBody: 'Elk document is ondertekend of geweigerd.',
    pendingBody: 'Sommige documenten kunnen nog niet worden ondertekend of wachten op uw actie.',
    open: 'Openen',
    status: {
      ready: 'Te ondertekenen',
      out_of_turn: 'Wacht op uw beurt',
      expired: 'Verlopen',
      signed: 'Ondertekend',
      rejected: 'Geweigerd',
      closed: 'Niet meer open voor ondertekening',
    },
  },
  pl: {
    authoringTitle: 'Wbudowany edytor nie jest jeszcze dostępny',
    authoringBody:
      'Przygotowywanie dokumentów i szablonów w innej aplikacji pojawi się później. Podpisywanie można już osadzić.',
    multisignLabel: 'Dokumenty do podpisu',
    documentOf: 'Dokument {k} z {n}',
    documentNumber: 'Dokument {k}',
    nextDocument: 'Następny dokument',
    summaryTitle: 'Państwa dokumenty',
    allDoneTitle: 'Wszystkie dokumenty są gotowe',
    allDoneBody: 'Każdy dokument został podpisany lub odrzucony.',
    pendingBody: 'Niektórych dokumentów nie można jeszcze podpisać albo czekają na Państwa działanie.',
    open: 'Otwórz',
    status: {
      ready: 'Do podpisu',
      out_of_turn: 'Oczekuje na Państwa kolej',
      expired: 'Wygasł',
      signed: 'Podpisany',
      rejected: 'Odrzucony',
      closed: 'Nie można go już podpisać',
    },
  },
  'pt-BR': {
    authoringTitle: 'O editor incorporado ainda não está disponível',
    authoringBody:
      'A preparação de documentos e modelos dentro de outro aplicativo virá mais tarde. A assinatura já pode ser incorporada.',
    multisignLabel: 'Documentos para assinar',
    documentOf: 'Documento {k} de {n}',
    documentNumber: 'Documento {k}',
    nextDocument: 'Próximo documento',
    summaryTitle: 'Seus documentos',
    allDoneTitle: 'Todos os documentos foram concluídos',
    allDoneBody: 'Cada documento foi assinado ou recusado.',
    pendingBody: 'Alguns documentos ainda não podem ser assinados ou aguardam sua ação.',
    open: 'Abrir',
    status: {
      ready: 'Para assinar',
      out_of_turn: 'Aguardando sua vez',
      expired: 'Expirado',
      signed: 'Assinado',
      rejected: 'Recusado',
      closed: 'Não está mais aberto para assinatura',
    },
  },
  ja: {
    authoringTitle: '埋め込みエディターはまだご利用いただけません',
    authoringBody:
      '他のアプリケーション内での文書とテンプレートの作成は、今後提供される予定です。署名はすでに埋め込むことができます。',
    multisignLabel: '署名する文書',
    documentOf: '文書 {k}/{n}',
    documentNumber: '文書 {k}',
    nextDocument: '次の文書',
    summaryTitle: 'お客様の文書',
    allDoneTitle: 'すべての文書の処理が完了しました',
    allDoneBody: 'すべての文書が署名または拒否されました。',
    pendingBody: 'まだ署名できない文書、またはお客様の操作を待っている文書があります。',
    open: '開く',
    status: {
      ready: '署名待ち',
      out_of_turn: '順番待ち',
      expired: '期限切れ',
      signed: '署名済み',
      rejected: '拒否済み',
      closed: '署名を受け付けていません',
    },
  },
  ko: {
    authoringTitle: '내장 편집기는 아직 사용할 수 없습니다',
    authoringBody:
      '다른 애플리케이션 안에서 문서와 템플릿을 준비하는 기능은 추후 제공됩니다. 서명은 이미 내장할 수 있습니다.',
    multisignLabel: '서명할 문서',
    documentOf: '문서 {k}/{n}',
    documentNumber: '문서 {k}',
    nextDocument: '다음 문서',
    summaryTitle: '내 문서',
    allDoneTitle: '모든 문서 처리가 완료되었습니다',
    allDoneBody: '모든 문서가 서명되었거나 거부되었습니다.',
    pendingBody: '아직 서명할 수 없거나 조치를 기다리는 문서가 있습니다.',
    open: '열기',
    status: {
      ready: '서명 필요',
      out_of_turn: '차례를 기다리는 중',
      expired: '만료됨',
      signed: '서명 완료',
      rejected: '거부됨',
      closed: '더 이상 서명할 수 없음',
    },
  },
  zh: {
    authoringTitle: '嵌入式编辑器暂不可用',
    authoringBody: '在其他应用中准备文件和模板的功能将在以后提供。签署现在已可嵌入。',
    multisignLabel: '待签署的文件',
    documentOf: '第 {k} 份，共 {n} 份',
    documentNumber: '文件 {k}',
    nextDocument: '下一份文件',
    summaryTitle: '您的文件',
    allDoneTitle: '所有文件均已处理',
    allDoneBody: '每份文件都已签署或拒绝。',
    pendingBody: '部分文件尚无法签署或正在等待您的操作。',
    open: '打开',
    status: {
      ready: '待签署',
      out_of_turn: '等待轮到您',
      expired: '已过期',
      signed: '已签署',
      rejected: '已拒绝',
      closed: '已不再接受签署',
    },
  },
};

/**
 * `embed-text.js`, written at start from this table and the shell's notices: the embedded pages'
 * script redraws a notice in the fragment's language with it.
 */
export function embedTextModule(): string {
  const text = Object.fromEntries(
    Object.entries(EMBED_TEXT).map(([lang, t]) => {
      const shell = SHELL_TEXT[lang as PageLanguage];
      const notices = {
        invalidTitle: shell.invalidTitle,
        invalidBody: shell.invalidBody,
        directInvalidBody: shell.directInvalidBody,
        directDisabledTitle: shell.directDisabledTitle,
        directDisabledBody: shell.directDisabledBody,
      };
      return [lang, { ...notices, ...t }];
    }),
  );
  return `// Written by the server from src/http/page/embed-page-text.ts and page-shell-text.ts.\nexport const EMBED_TEXT = ${JSON.stringify(text)};\n`;
}
