import type { MailDictionary } from './mail-dictionary.js';

export const de: MailDictionary = {
  greeting: (name) => (name ? `Guten Tag ${name},` : 'Guten Tag,'),
  kinds: {
    signingRequest: {
      subject: (t) => `Bitte prüfen und unterzeichnen: ${t}`,
      intro: (t) => `Sie wurden gebeten, bei „${t}“ mitzuwirken.`,
      button: 'Dokument öffnen',
    },
    reminder: {
      subject: (t) => `Erinnerung: Bitte prüfen und unterzeichnen: ${t}`,
      intro: (t) => `Zur Erinnerung: „${t}“ wartet noch auf Sie.`,
      button: 'Dokument öffnen',
    },
    completed: {
      subject: (t) => `Abgeschlossen: ${t}`,
      intro: (t) => `Alle haben „${t}“ unterzeichnet. Das endgültige, digital versiegelte Dokument liegt vor.`,
      button: 'Unterzeichnetes Dokument herunterladen',
    },
    rejected: {
      subject: (t) => `Abgelehnt: ${t}`,
      intro: (t) => `„${t}“ wurde von einem Empfänger abgelehnt und kann nicht mehr unterzeichnet werden.`,
      button: 'Dokument ansehen',
    },
    cancelled: {
      subject: (t) => `Storniert: ${t}`,
      intro: (t) => `Der Absender hat „${t}“ storniert. Für Sie ist nichts weiter zu tun.`,
      button: '',
    },
    recipientSigned: {
      subject: (t) => `Empfänger fertig: ${t}`,
      intro: (t) => `Ein Empfänger hat seinen Teil von „${t}“ abgeschlossen.`,
      button: '',
    },
    recipientRemoved: {
      subject: (t) => `Entfernt aus: ${t}`,
      intro: (t) =>
        `Der Absender hat Sie aus „${t}“ entfernt. Ihr Link funktioniert nicht mehr, und für Sie ist nichts weiter zu tun.`,
      button: '',
    },
    documentPending: {
      subject: (t) => `Warten auf andere: ${t}`,
      intro: (t) =>
        `Sie haben Ihren Teil von „${t}“ abgeschlossen. Das Dokument wartet jetzt auf die anderen Empfänger.`,
      button: '',
    },
    senderVerification: {
      subject: (t) => `Ihr Code, um ${t} als Absender zu bestätigen`,
      intro: (t) =>
        `Jemand möchte Dokumente zur Unterschrift von ${t} aus versenden. Geben Sie diesen Code ein, um zu bestätigen, dass die Adresse Ihnen gehört.`,
      button: '',
    },
    ownerCreated: {
      subject: (t) => `Dokument erstellt: ${t}`,
      intro: (t) => `„${t}“ wurde auf Ihrer Plattform erstellt.`,
      button: '',
    },
    ownerCompleted: {
      subject: (t) => `Dokument abgeschlossen: ${t}`,
      intro: (t) =>
        `Alle Beteiligten haben bei „${t}“ gehandelt; das endgültige PDF und das Zertifikat sind versiegelt und können heruntergeladen werden.`,
      button: '',
    },
    ownerRecipientExpired: {
      subject: (t) => `Signaturlink abgelaufen: ${t}`,
      intro: (t) =>
        `Der Link eines Empfängers zu „${t}“ ist abgelaufen, bevor er gehandelt hat. Versenden Sie das Dokument erneut, um den Link zu erneuern.`,
      button: '',
    },
    verificationCode: {
      subject: (t) => `Ihr Bestätigungscode für ${t}`,
      intro: (t) => `Jemand, der „${t}“ mit Ihrem Link geöffnet hat, hat einen Bestätigungscode angefordert.`,
      button: '',
    },
    directLinkCode: {
      subject: (t) => `Ihr Code zum Unterschreiben: ${t}`,
      intro: (t) =>
        `Jemand hat angefordert, „${t}“ zum Unterschreiben an diese E-Mail-Adresse zu erhalten. Geben Sie diesen Code auf der Seite ein, um zu bestätigen, dass die Adresse Ihnen gehört.`,
      button: '',
    },
    accountVerification: {
      subject: (t) => `Bestätigen Sie Ihre E-Mail-Adresse: ${t}`,
      intro: (t) =>
        `Bitte bestätigen Sie, dass ${t} Ihre Adresse ist, um die Einrichtung Ihres Firma-Kontos abzuschließen. Der Link ist 24 Stunden gültig.`,
      button: 'Adresse bestätigen',
    },
    passwordReset: {
      subject: (t) => `Firma-Passwort zurücksetzen: ${t}`,
      intro: (t) =>
        `Jemand hat verlangt, das Passwort des Firma-Kontos ${t} zurückzusetzen. Wenn Sie das waren, wählen Sie ein neues: Der Link funktioniert einmal und 30 Minuten lang. Wenn nicht, ignorieren Sie diese Nachricht; Ihr Passwort bleibt unverändert.`,
      button: 'Neues Passwort wählen',
    },
    invitation: {
      subject: (t) => `Einladung zu ${t} auf Firma`,
      intro: (t) =>
        `Sie wurden eingeladen, dem Team „${t}“ auf Firma beizutreten, um Dokumente zur Unterschrift zu senden und zu verfolgen. Die Einladung ist 7 Tage gültig.`,
      button: 'Einladung annehmen',
    },
    recipientSignUp: {
      subject: (t) => `Ihr Firma-Konto für ${t} anlegen`,
      intro: (t) =>
        `Ihnen wurde ein Dokument zur Unterschrift gesendet, für das Sie sich mit ${t} bei einem Firma-Konto anmelden müssen. Legen Sie dieses Konto über diesen Link an (es gehört keinem Team an). Der Link funktioniert einmal und ist 7 Tage gültig.`,
      button: 'Mein Konto anlegen',
    },
  },
  sender: (n) => `Absender: ${n}`,
  code: (c) => `Ihr Code: ${c}`,
  codeHint:
    'Er ist 10 Minuten gültig. Geben Sie ihn niemals weiter: Firma wird Sie nie telefonisch oder per E-Mail danach fragen. Falls Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht.',
  roles: {
    SIGNER: 'Bitte unterzeichnen Sie es.',
    APPROVER: 'Bitte genehmigen Sie es.',
    VIEWER: 'Bitte sehen Sie es durch.',
    ASSISTANT: 'Bitte füllen Sie die Ihnen zugewiesenen Felder aus.',
    CC: 'Sie erhalten eine Kopie.',
  },
  digitalSigner: 'Bitte signieren Sie es digital mit Ihrem eigenen Zertifikat.',
  reason: 'Angegebener Grund',
  attached: 'Das unterzeichnete Dokument ist dieser Nachricht beigefügt.',
  linkHint: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
  privacy: 'Dieser Link ist persönlich: Leiten Sie ihn nicht weiter. Wer ihn hat, kann in Ihrem Namen handeln.',
  footer: 'Gesendet von Firma, elektronische Unterzeichnung von Dokumenten.',
  directLinkUsed: (email) =>
    `Ein als ${email} bestätigter Besucher (per Code an diese Adresse) hat es über den Direktlink der Vorlage erstellt.`,
};
