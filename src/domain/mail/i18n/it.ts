import type { MailDictionary } from './mail-dictionary.js';

export const it: MailDictionary = {
  greeting: (name) => (name ? `Gentile ${name},` : 'Buongiorno,'),
  kinds: {
    signingRequest: {
      subject: (t) => `Da esaminare e firmare: ${t}`,
      intro: (t) => `Le è stato chiesto di intervenire su «${t}».`,
      button: 'Apri il documento',
    },
    reminder: {
      subject: (t) => `Promemoria: da esaminare e firmare: ${t}`,
      intro: (t) => `Le ricordiamo che «${t}» è ancora in attesa del Suo intervento.`,
      button: 'Apri il documento',
    },
    completed: {
      subject: (t) => `Completato: ${t}`,
      intro: (t) => `Tutti hanno firmato «${t}». Il documento finale, sigillato digitalmente, è pronto.`,
      button: 'Scarica il documento firmato',
    },
    rejected: {
      subject: (t) => `Rifiutato: ${t}`,
      intro: (t) => `«${t}» è stato rifiutato da un destinatario e non può più essere firmato.`,
      button: 'Visualizza il documento',
    },
    cancelled: {
      subject: (t) => `Annullato: ${t}`,
      intro: (t) => `Il mittente ha annullato «${t}». Non deve fare nient’altro.`,
      button: '',
    },
    recipientSigned: {
      subject: (t) => `Destinatario completato: ${t}`,
      intro: (t) => `Un destinatario ha completato la sua parte di «${t}».`,
      button: '',
    },
    recipientRemoved: {
      subject: (t) => `Non partecipa più a: ${t}`,
      intro: (t) =>
        `Il mittente ha annullato la Sua partecipazione a «${t}». Il Suo link non funziona più e non deve fare nient’altro.`,
      button: '',
    },
    documentPending: {
      subject: (t) => `In attesa degli altri: ${t}`,
      intro: (t) => `Ha completato la Sua parte di «${t}». Ora il documento attende gli altri destinatari.`,
      button: '',
    },
    senderVerification: {
      subject: (t) => `Il Suo codice per confermare ${t} come mittente`,
      intro: (t) =>
        `Qualcuno ha chiesto di inviare documenti da firmare da ${t}. Inserisca questo codice per confermare che l’indirizzo è Suo.`,
      button: '',
    },
    ownerCreated: {
      subject: (t) => `Documento creato: ${t}`,
      intro: (t) => `«${t}» è stato creato sulla Sua piattaforma.`,
      button: '',
    },
    ownerCompleted: {
      subject: (t) => `Documento completato: ${t}`,
      intro: (t) =>
        `Tutti sono intervenuti su «${t}»; il PDF finale e il certificato sono sigillati e pronti da scaricare.`,
      button: '',
    },
    ownerRecipientExpired: {
      subject: (t) => `Link di firma scaduto: ${t}`,
      intro: (t) =>
        `Il link di un destinatario per «${t}» è scaduto prima che intervenisse. Invii di nuovo il documento per rinnovarlo.`,
      button: '',
    },
    verificationCode: {
      subject: (t) => `Il Suo codice di verifica per ${t}`,
      intro: (t) => `Qualcuno che ha aperto «${t}» con il Suo link ha chiesto un codice di verifica.`,
      button: '',
    },
    directLinkCode: {
      subject: (t) => `Il tuo codice per firmare ${t}`,
      intro: (t) =>
        `Qualcuno ha chiesto di ricevere «${t}» da firmare a questo indirizzo e-mail. Inserisci questo codice nella pagina per confermare che l’indirizzo è tuo.`,
      button: '',
    },
    accountVerification: {
      subject: (t) => `Confermi il Suo indirizzo e-mail: ${t}`,
      intro: (t) =>
        `Confermi che ${t} è il Suo indirizzo per completare la configurazione del Suo account Firma. Il link è valido per 24 ore.`,
      button: 'Conferma l’indirizzo',
    },
    passwordReset: {
      subject: (t) => `Reimpostazione della password di Firma: ${t}`,
      intro: (t) =>
        `Qualcuno ha chiesto di reimpostare la password dell’account Firma ${t}. Se è stato Lei, ne scelga una nuova: il link funziona una sola volta, per 30 minuti. Altrimenti ignori questo messaggio; la Sua password resta invariata.`,
      button: 'Scegli una nuova password',
    },
    invitation: {
      subject: (t) => `Invito a unirsi a ${t} su Firma`,
      intro: (t) =>
        `Ha ricevuto un invito a unirsi al team «${t}» su Firma, per inviare documenti da firmare e seguirne l’avanzamento. L’invito è valido per 7 giorni.`,
      button: 'Accetta l’invito',
    },
    recipientSignUp: {
      subject: (t) => `Crei il Suo account Firma per ${t}`,
      intro: (t) =>
        `Le è stato inviato un documento da firmare che richiede l’accesso a un account Firma con ${t}. Usi questo link per creare tale account (non fa parte di alcun team). Il link funziona una sola volta, per 7 giorni.`,
      button: 'Crea il mio account',
    },
  },
  sender: (n) => `Mittente: ${n}`,
  code: (c) => `Il Suo codice: ${c}`,
  codeHint:
    'È valido per 10 minuti. Non lo condivida mai: Firma non glielo chiederà mai per telefono o per e-mail. Se non lo ha richiesto, ignori questo messaggio.',
  roles: {
    SIGNER: 'La preghiamo di firmarlo.',
    APPROVER: 'La preghiamo di approvarlo.',
    VIEWER: 'La preghiamo di esaminarlo.',
    ASSISTANT: 'La preghiamo di compilare i campi a Lei assegnati.',
    CC: 'Riceve una copia.',
  },
  digitalSigner: 'La preghiamo di firmarlo digitalmente con il Suo certificato.',
  reason: 'Motivo indicato',
  attached: 'Il documento firmato è allegato a questo messaggio.',
  linkHint: 'Se il pulsante non funziona, copi questo link nel Suo browser:',
  privacy: 'Questo link è personale: non lo inoltri. Chiunque lo possieda può agire a Suo nome.',
  footer: 'Inviato da Firma, firma elettronica di documenti.',
  directLinkUsed: (email) =>
    `Un visitatore confermato come ${email} (con un codice inviato a quell’indirizzo) lo ha creato tramite il link diretto del modello.`,
};
