import type { EvidenceDictionary } from './evidence-dictionary.js';
import { plural } from './plural.js';

const L = 'pt-BR';
const recipients = (n: number) => `${n} ${plural(L, n, { one: 'destinatário', other: 'destinatários' })}`;

export const ptBR: EvidenceDictionary = {
  locale: 'pt-BR',
  day: ({ day, month, year }) => `${day} ${month} ${year}`,
  messages: {
    certificateTitle: 'Certificado de conclusão',
    auditTrailTitle: 'Trilha de auditoria',
    page: 'Página {n} de {m}',
    envelope: 'Envelope',
    generated: 'Gerado em',

    sectionDocument: 'Documento',
    sectionItems: 'Arquivos',
    sectionRecipients: 'Destinatários',
    sectionEvents: 'Linha do tempo dos eventos',
    sectionIntegrity: 'Integridade',
    sectionDigitalSignatures: 'Assinaturas digitais',
    digitalSigner: 'Signatário',
    digitalSubject: 'Titular do certificado',
    digitalCuil: 'CUIL',
    digitalIssuer: 'Emissor',
    digitalSerial: 'Número de série',
    digitalTime: 'Assinado',
    digitalTimeSource: 'Origem do horário',
    digitalTimeStamped: 'uma autoridade de carimbo do tempo (carimbo do tempo de assinatura RFC 3161)',
    digitalTimeClaimed:
      'o horário registrado pelo servidor da Firma ao preparar a assinatura, coberto pela assinatura do signatário; não atestado por uma autoridade de carimbo do tempo',
    digitalValidation: 'Validação',
    digitalValidated:
      'Na assinatura: o CUIL coincidia com o do destinatário, o uso da chave permitia assinar, certificado válido e vinculado a uma autoridade confiável, não revogado ({source})',

    title: 'Título',
    envelopeId: 'ID do envelope',
    documentId: 'ID do documento',
    status: 'Status',
    created: 'Criado',
    sent: 'Enviado',
    opened: 'Aberto',
    completed: 'Concluído',
    signed: 'Assinado',
    rejected: 'Recusado',
    timezone: 'Fuso horário',
    timezoneInvalid: 'UTC (o fuso horário configurado "{tz}" não é reconhecido)',
    platform: 'Plataforma',
    verifyAt: 'URL pública',
    notAvailable: '—',

    rejectedBanner: 'Este documento foi recusado',
    rejectedBy: 'Recusado por {who} em {when}.',
    rejectedNoDetail: 'O processo de assinatura terminou sem todas as assinaturas.',
    reason: 'Motivo',
    noReason: 'Nenhum motivo informado.',

    itemTitle: 'Arquivo',
    itemPages: 'Páginas',
    itemOriginal: 'SHA-256 do original',
    itemFinal: 'SHA-256 do arquivo final selado',
    itemsAuditNote:
      'O SHA-256 do arquivo final não pode ser impresso dentro desse mesmo arquivo; ele consta do certificado de conclusão, entregue separadamente.',

    email: 'E-mail',
    role: 'Função',
    cuil: 'CUIL',
    nationalId: 'Documento nacional',
    nationalIdNone: 'não exigido: a plataforma não tem regra de documento nacional',
    signingOrder: 'Ordem de assinatura',
    ip: 'Endereço IP',
    userAgent: 'Agente do usuário',
    signature: 'Assinatura',
    signatureDrawn: 'Assinatura desenhada',
    signatureTyped: 'Assinatura digitada',
    signatureNone: 'Nenhuma assinatura aplicada',
    signatureUnreadable: 'Não foi possível ler a imagem da assinatura',
    signatureText: 'Texto da assinatura',
    recipientsNone: 'Este documento não tem destinatários.',

    eventTime: 'Hora (UTC / local)',
    eventEvent: 'Evento',
    eventActor: 'Autor',
    eventIp: 'Endereço IP',
    eventUserAgent: 'Agente do usuário',
    eventHash: 'SHA-256 do registro',
    eventsNone: 'Nenhum evento foi registrado.',

    chainTitle: 'Cadeia de auditoria',
    chainAlgorithm: 'Algoritmo',
    chainLength: 'Registros',
    chainHead: 'Topo (hash do último registro)',
    chainExplanation:
      'Cada registro de auditoria contém o hash do registro anterior; assim, alterar, remover ou reordenar qualquer registro muda todos os hashes seguintes e o topo indicado acima. O comando `firma audit verify {id}` recalcula a cadeia a partir dos registros armazenados e a compara com este topo.',
    sealTitle: 'Selo',
    sealSubject: 'Titular do certificado',
    sealFingerprint: 'Impressão digital SHA-256 do certificado',
    sealExplanation:
      'O documento final e seu certificado de conclusão estão selados digitalmente com este certificado; qualquer alteração posterior em qualquer um dos arquivos invalida o seu selo.',
    sealLaterUpdates:
      'Depois do selo, a Firma acrescenta os dados que mantêm as assinaturas verificáveis por anos (os certificados e as respostas de revogação de cada assinatura: validação de longo prazo PAdES) e, quando há uma autoridade de carimbo do tempo configurada, um carimbo do tempo do documento. Esses acréscimos vêm depois dos bytes selados e não alteram nada do que o selo cobre. Por isso algumas ferramentas (o pdfsig, por exemplo) informam que o selo não cobre o arquivo inteiro: isso é esperado. Validadores que examinam cada acréscimo (Adobe Reader, pyHanko) os indicam como atualizações permitidas, e `firma audit verify {id}` verifica que nada mais segue o selo.',
  },
  roles: {
    SIGNER: 'Signatário',
    APPROVER: 'Aprovador',
    VIEWER: 'Leitor',
    CC: 'Recebe uma cópia (CC)',
    ASSISTANT: 'Assistente',
  },
  doneByRole: {
    SIGNER: 'Assinado',
    APPROVER: 'Aprovado',
    VIEWER: 'Visualizado',
    CC: 'Concluído',
    ASSISTANT: 'Concluído',
  },
  notDoneByRole: {
    SIGNER: 'Não assinado',
    APPROVER: 'Não aprovado',
    VIEWER: 'Não visualizado',
    CC: 'Nenhuma ação necessária',
    ASSISTANT: 'Não concluído',
  },
  envelopeStatus: {
    DRAFT: 'Rascunho',
    PENDING: 'Pendente (não definitivo)',
    COMPLETED: 'Concluído',
    REJECTED: 'Recusado',
    CANCELLED: 'Cancelado',
  },
  eventTypes: {
    DOCUMENT_CREATED: 'Documento criado',
    DOCUMENT_SENT: 'Documento enviado',
    DOCUMENT_OPENED: 'Documento aberto',
    DOCUMENT_VIEWED: 'Documento visualizado',
    DOCUMENT_FIELD_INSERTED: 'Campo preenchido',
    DOCUMENT_FIELD_PREFILLED: 'Campo preenchido previamente pelo remetente',
    DOCUMENT_FIELD_UNINSERTED: 'Campo apagado',
    DOCUMENT_RECIPIENT_COMPLETED: 'Destinatário concluiu',
    DOCUMENT_RECIPIENT_REJECTED: 'Destinatário recusou',
    DOCUMENT_COMPLETED: 'Documento concluído',
    DOCUMENT_REJECTED: 'Documento recusado',
    DOCUMENT_SEALED: 'Documento selado',
    EMAIL_SENT: 'E-mail enviado',
    DOCUMENT_RESENT: 'Solicitação de assinatura reenviada',
    RECIPIENT_CONSENT_ACCEPTED: 'Consentimento para assinar',
    DOCUMENT_RECIPIENT_DOWNLOADED: 'Baixado por um destinatário',
    DOCUMENT_REMINDER_SENT: 'Lembrete enviado',
    RECIPIENT_EXPIRED: 'Prazo de assinatura expirado',
    DOCUMENT_CANCELLED: 'Documento cancelado',
  },
  fieldNames: {
    SIGNATURE: 'assinatura',
    FREE_SIGNATURE: 'assinatura',
    INITIALS: 'iniciais',
    NAME: 'nome',
    EMAIL: 'e-mail',
    DATE: 'data',
    TEXT: 'texto',
    NUMBER: 'número',
    RADIO: 'opção',
    CHECKBOX: 'caixa de seleção',
    DROPDOWN: 'lista',
  },
  sentences: {
    quote: (text) => `“${text}”`,
    senderApi: 'O remetente (API)',
    sender: 'O remetente',
    aRecipient: 'um destinatário',
    field: (name, id) => `o campo ${name}${id ? ` nº ${id}` : ''}`,
    fieldUnknown: 'campo',
    files: (n) => `${n} ${plural(L, n, { one: 'arquivo', other: 'arquivos' })}`,
    fromTemplate: (id) => ` a partir do modelo nº ${id}`,
    copyOf: (id) => ` como cópia de ${id}`,
    created: (who, title, from, files) =>
      `${who} criou o documento${title ? ` ${title}` : ''}${from}${files ? `, com ${files}` : ''}.`,
    sent: (who, sequential, notified) =>
      `${who} enviou o documento para assinatura (${sequential ? 'assinatura em ordem' : 'assinatura em paralelo'}); ${
        notified > 0
          ? `${recipients(notified)} ${plural(L, notified, { one: 'avisado', other: 'avisados' })} por e-mail`
          : 'nenhum e-mail enviado (o remetente entrega os links)'
      }.`,
    resent: (who, n) => `${who} reenviou a solicitação de assinatura para ${recipients(n)}.`,
    opened: (who) => `${who} abriu o documento.`,
    codeRequested: (who, forSigning) =>
      `${who} pediu um código de verificação por e-mail ${forSigning ? 'para assinar' : 'para ver o documento'}.`,
    codeValidated: (who, forSigning) =>
      `${who} confirmou sua identidade com o código enviado por e-mail ${forSigning ? 'antes de assinar' : 'para ver o documento'}.`,
    codeIssuedForSender: (who) =>
      `${who} obteve um código de verificação para o destinatário, para entregar por um canal próprio.`,
    codeValidatedFromSender: (who, forSigning) =>
      `${who} confirmou sua identidade com o código que o remetente lhe deu ${forSigning ? 'antes de assinar' : 'para ver o documento'}.`,
    codeFailed: (who, tries) => `${who} digitou um código de verificação incorreto (${tries}).`,
    cuilConfirmed: (who) => `${who} confirmou seu CUIL.`,
    accessCodeEntered: (who) => `${who} informou o código de acesso fornecido pelo remetente.`,
    cuilWrong: (who, tries) => `${who} digitou um CUIL que não é o seu (${tries}).`,
    accessCodeWrong: (who, tries) => `${who} informou um código de acesso incorreto (${tries}).`,
    accountSignedIn: (who) => `${who} entrou na sua conta Firma com o endereço de e-mail do destinatário.`,
    accountRefused: (who) => `${who} estava em outra conta Firma e foi recusado.`,
    passkeyConfirmed: (who) => `${who} confirmou com uma chave de acesso da sua conta Firma.`,
    passkeyFailed: (who) => `${who} usou uma chave de acesso que não confirmou.`,
    accountPasswordEntered: (who) => `${who} informou a senha da sua conta Firma.`,
    accountPasswordWrong: (who, tries) => `${who} informou uma senha incorreta da conta Firma (${tries}).`,
    signUpLinkSent: (who) => `Um link para criar uma conta Firma foi enviado a ${who}.`,
    triesLeft: (n) =>
      n === null
        ? 'tentativa malsucedida'
        : n <= 0
          ? 'nenhuma tentativa restante'
          : plural(L, n, { one: `resta ${n} tentativa`, other: `restam ${n} tentativas` }),
    signedTyped: (by, typed) => `${by} assinou digitando ${typed}.`,
    signedDrawn: (by) => `${by} assinou desenhando sua assinatura.`,
    signedUploaded: (by) => `${by} assinou enviando uma imagem de sua assinatura.`,
    prefilled: (by, field, value) => `${by} preencheu previamente ${field} com ${value}.`,
    filled: (by, field, value) => (value ? `${by} preencheu ${field} com ${value}.` : `${by} preencheu ${field}.`),
    cleared: (who, field) => `${who} apagou ${field}.`,
    recipientCompleted: (who, action) =>
      `${who} ${
        action === 'signed'
          ? 'assinou o documento'
          : action === 'approved'
            ? 'aprovou o documento'
            : action === 'viewed'
              ? 'visualizou o documento'
              : 'concluiu sua parte'
      }.`,
    recipientRejected: (subject, bySender, reason) =>
      `${subject} recusou o documento${bySender ? ' (registrado pelo remetente)' : ''}.${reason ? ` Motivo: ${reason}.` : ''}`,
    documentCompleted: 'Todos os destinatários concluíram; o documento foi selado.',
    documentRejected: 'O documento foi encerrado como recusado e selado.',
    expired: (name) => `O prazo de assinatura de ${name} expirou.`,
    consentDigital: (who, version, statement) =>
      `${who} concordou em assinar digitalmente com seu próprio certificado (declaração versão ${version})${statement ? `: ${statement}` : ''}.`,
    consent: (who, version, statement) =>
      `${who} concordou em assinar eletronicamente (declaração versão ${version})${statement ? `: ${statement}` : ''}.`,
    downloaded: (who, certificate) =>
      `${who} baixou ${certificate ? 'o certificado' : 'o documento assinado'} pelo seu link.`,
    reminder: (name, n) => `Firma enviou a ${name} o lembrete${n ? ` nº ${n}` : ''} para assinar.`,
    cancelled: (who) => `${who} cancelou o documento.`,
    deleted: (who) => `${who} excluiu o documento.`,
    hashOriginal: 'SHA-256 do original',
    hashFinal: 'SHA-256 do arquivo final selado',
    hashSignatureImage: 'SHA-256 da imagem da assinatura',
    hashCertificate: 'SHA-256 do certificado de conclusão',
  },
};
