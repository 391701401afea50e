import type { MailDictionary } from './mail-dictionary.js';

export const ptBR: MailDictionary = {
  greeting: (name) => (name ? `Olá, ${name},` : 'Olá,'),
  kinds: {
    signingRequest: {
      subject: (t) => `Revise e assine: ${t}`,
      intro: (t) => `Foi solicitada a sua participação em “${t}”.`,
      button: 'Abrir o documento',
    },
    reminder: {
      subject: (t) => `Lembrete: revise e assine: ${t}`,
      intro: (t) => `Lembramos que “${t}” ainda aguarda a sua participação.`,
      button: 'Abrir o documento',
    },
    completed: {
      subject: (t) => `Concluído: ${t}`,
      intro: (t) => `Todos assinaram “${t}”. O documento final, selado digitalmente, está pronto.`,
      button: 'Baixar o documento assinado',
    },
    rejected: {
      subject: (t) => `Recusado: ${t}`,
      intro: (t) => `“${t}” foi recusado por um destinatário e não pode mais ser assinado.`,
      button: 'Ver o documento',
    },
    cancelled: {
      subject: (t) => `Cancelado: ${t}`,
      intro: (t) => `O remetente cancelou “${t}”. Não há mais nada a fazer.`,
      button: '',
    },
    recipientSigned: {
      subject: (t) => `Destinatário concluiu: ${t}`,
      intro: (t) => `Um destinatário concluiu sua parte de “${t}”.`,
      button: '',
    },
    recipientRemoved: {
      subject: (t) => `Removido de: ${t}`,
      intro: (t) => `O remetente removeu você de “${t}”. Seu link não funciona mais e não há mais nada a fazer.`,
      button: '',
    },
    documentPending: {
      subject: (t) => `Aguardando os demais: ${t}`,
      intro: (t) => `Você concluiu sua parte de “${t}”. Agora o documento aguarda os demais destinatários.`,
      button: '',
    },
    senderVerification: {
      subject: (t) => `Seu código para confirmar ${t} como remetente`,
      intro: (t) =>
        `Alguém pediu para enviar documentos para assinatura a partir de ${t}. Digite este código para confirmar que o endereço é seu.`,
      button: '',
    },
    ownerCreated: {
      subject: (t) => `Documento criado: ${t}`,
      intro: (t) => `“${t}” foi criado na sua plataforma.`,
      button: '',
    },
    ownerCompleted: {
      subject: (t) => `Documento concluído: ${t}`,
      intro: (t) => `Todos participaram de “${t}”; o PDF final e o certificado estão selados e prontos para download.`,
      button: '',
    },
    ownerRecipientExpired: {
      subject: (t) => `Link de assinatura expirado: ${t}`,
      intro: (t) =>
        `O link de um destinatário para “${t}” expirou antes que ele agisse. Reenvie o documento para renová-lo.`,
      button: '',
    },
    verificationCode: {
      subject: (t) => `Seu código de verificação para ${t}`,
      intro: (t) => `Alguém que abriu “${t}” com o seu link pediu um código de verificação.`,
      button: '',
    },
    directLinkCode: {
      subject: (t) => `Seu código para assinar ${t}`,
      intro: (t) =>
        `Alguém pediu para receber “${t}” para assinatura neste endereço de e-mail. Digite este código na página para confirmar que o endereço é seu.`,
      button: '',
    },
    accountVerification: {
      subject: (t) => `Confirme seu endereço de e-mail: ${t}`,
      intro: (t) =>
        `Confirme que ${t} é o seu endereço para concluir a configuração da sua conta no Firma. O link vale por 24 horas.`,
      button: 'Confirmar meu endereço',
    },
    passwordReset: {
      subject: (t) => `Redefina sua senha do Firma: ${t}`,
      intro: (t) =>
        `Alguém pediu para redefinir a senha da conta do Firma ${t}. Se foi você, escolha uma nova: o link funciona uma única vez, por 30 minutos. Se não foi você, ignore esta mensagem; sua senha continua a mesma.`,
      button: 'Escolher uma nova senha',
    },
    invitation: {
      subject: (t) => `Convite para participar de ${t} no Firma`,
      intro: (t) =>
        `Você recebeu um convite para participar da equipe “${t}” no Firma, para enviar documentos para assinatura e acompanhá-los. O convite vale por 7 dias.`,
      button: 'Aceitar o convite',
    },
    recipientSignUp: {
      subject: (t) => `Crie sua conta Firma para ${t}`,
      intro: (t) =>
        `Um documento foi enviado para sua assinatura e pede que você entre em uma conta Firma com ${t}. Use este link para criar essa conta (ela não participa de nenhuma equipe). O link funciona uma única vez, por 7 dias.`,
      button: 'Criar minha conta',
    },
  },
  sender: (n) => `Remetente: ${n}`,
  code: (c) => `Seu código: ${c}`,
  codeHint:
    'Ele é válido por 10 minutos. Nunca o compartilhe: a Firma nunca o pedirá por telefone ou e-mail. Se você não o solicitou, ignore esta mensagem.',
  roles: {
    SIGNER: 'Por favor, assine-o.',
    APPROVER: 'Por favor, aprove-o.',
    VIEWER: 'Por favor, revise-o.',
    ASSISTANT: 'Por favor, preencha os campos atribuídos a você.',
    CC: 'Você recebe uma cópia.',
  },
  digitalSigner: 'Por favor, assine-o digitalmente com seu próprio certificado.',
  reason: 'Motivo informado',
  attached: 'O documento assinado está anexado a esta mensagem.',
  linkHint: 'Se o botão não funcionar, copie este link no seu navegador:',
  privacy: 'Este link é pessoal: não o encaminhe. Quem o tiver pode agir em seu nome.',
  footer: 'Enviado pela Firma, assinatura eletrônica de documentos.',
  directLinkUsed: (email) =>
    `Um visitante confirmado como ${email} (por um código enviado a esse endereço) o criou pelo link direto do modelo.`,
};
