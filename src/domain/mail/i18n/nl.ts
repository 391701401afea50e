import type { MailDictionary } from './mail-dictionary.js';

export const nl: MailDictionary = {
  greeting: (name) => (name ? `Beste ${name},` : 'Geachte heer/mevrouw,'),
  kinds: {
    signingRequest: {
      subject: (t) => `Graag controleren en ondertekenen: ${t}`,
      intro: (t) => `U bent gevraagd om actie te ondernemen voor ‘${t}’.`,
      button: 'Document openen',
    },
    reminder: {
      subject: (t) => `Herinnering: graag controleren en ondertekenen: ${t}`,
      intro: (t) => `Ter herinnering: ‘${t}’ wacht nog op u.`,
      button: 'Document openen',
    },
    completed: {
      subject: (t) => `Voltooid: ${t}`,
      intro: (t) => `Iedereen heeft ‘${t}’ ondertekend. Het definitieve, digitaal verzegelde document is klaar.`,
      button: 'Ondertekend document downloaden',
    },
    rejected: {
      subject: (t) => `Geweigerd: ${t}`,
      intro: (t) => `‘${t}’ is door een ontvanger geweigerd en kan niet meer worden ondertekend.`,
      button: 'Document bekijken',
    },
    cancelled: {
      subject: (t) => `Geannuleerd: ${t}`,
      intro: (t) => `De afzender heeft ‘${t}’ geannuleerd. U hoeft verder niets te doen.`,
      button: '',
    },
    recipientSigned: {
      subject: (t) => `Ontvanger klaar: ${t}`,
      intro: (t) => `Een ontvanger heeft zijn deel van ‘${t}’ afgerond.`,
      button: '',
    },
    recipientRemoved: {
      subject: (t) => `Verwijderd uit: ${t}`,
      intro: (t) =>
        `De afzender heeft u uit ‘${t}’ verwijderd. Uw link werkt niet meer en u hoeft verder niets te doen.`,
      button: '',
    },
    documentPending: {
      subject: (t) => `Wacht op anderen: ${t}`,
      intro: (t) => `U hebt uw deel van ‘${t}’ afgerond. Het document wacht nu op de andere ontvangers.`,
      button: '',
    },
    senderVerification: {
      subject: (t) => `Uw code om ${t} als afzender te bevestigen`,
      intro: (t) =>
        `Iemand heeft gevraagd documenten ter ondertekening te versturen vanaf ${t}. Voer deze code in om te bevestigen dat het adres van u is.`,
      button: '',
    },
    ownerCreated: {
      subject: (t) => `Document aangemaakt: ${t}`,
      intro: (t) => `‘${t}’ is aangemaakt op uw platform.`,
      button: '',
    },
    ownerCompleted: {
      subject: (t) => `Document voltooid: ${t}`,
      intro: (t) =>
        `Iedereen heeft actie ondernomen voor ‘${t}’; de definitieve pdf en het certificaat zijn verzegeld en klaar om te downloaden.`,
      button: '',
    },
    ownerRecipientExpired: {
      subject: (t) => `Ondertekeningslink verlopen: ${t}`,
      intro: (t) =>
        `De link van een ontvanger voor ‘${t}’ is verlopen voordat die actie ondernam. Verstuur het document opnieuw om de link te vernieuwen.`,
      button: '',
    },
    verificationCode: {
      subject: (t) => `Uw verificatiecode voor ${t}`,
      intro: (t) => `Iemand die ‘${t}’ met uw link opende, heeft een verificatiecode aangevraagd.`,
      button: '',
    },
    directLinkCode: {
      subject: (t) => `Uw code om ${t} te ondertekenen`,
      intro: (t) =>
        `Iemand heeft gevraagd „${t}” ter ondertekening op dit e-mailadres te ontvangen. Voer deze code op de pagina in om te bevestigen dat het adres van u is.`,
      button: '',
    },
    accountVerification: {
      subject: (t) => `Bevestig uw e-mailadres: ${t}`,
      intro: (t) =>
        `Bevestig dat ${t} uw adres is om het instellen van uw Firma-account af te ronden. De link is 24 uur geldig.`,
      button: 'Mijn adres bevestigen',
    },
    passwordReset: {
      subject: (t) => `Uw Firma-wachtwoord opnieuw instellen: ${t}`,
      intro: (t) =>
        `Iemand heeft gevraagd het wachtwoord van het Firma-account ${t} opnieuw in te stellen. Was u dat, kies dan een nieuw wachtwoord: de link werkt één keer, 30 minuten lang. Was u het niet, negeer dan dit bericht; uw wachtwoord blijft ongewijzigd.`,
      button: 'Nieuw wachtwoord kiezen',
    },
    invitation: {
      subject: (t) => `Uitnodiging voor ${t} op Firma`,
      intro: (t) =>
        `U bent uitgenodigd om lid te worden van het team ‘${t}’ op Firma, om documenten ter ondertekening te versturen en te volgen. De uitnodiging is 7 dagen geldig.`,
      button: 'Uitnodiging accepteren',
    },
    recipientSignUp: {
      subject: (t) => `Maak uw Firma-account aan voor ${t}`,
      intro: (t) =>
        `U hebt een document ter ondertekening ontvangen waarvoor u zich met ${t} moet aanmelden bij een Firma-account. Maak dat account aan via deze link (het hoort bij geen enkel team). De link werkt één keer, gedurende 7 dagen.`,
      button: 'Mijn account aanmaken',
    },
  },
  sender: (n) => `Afzender: ${n}`,
  code: (c) => `Uw code: ${c}`,
  codeHint:
    'Deze is 10 minuten geldig. Deel hem nooit: Firma zal er nooit telefonisch of per e-mail om vragen. Hebt u hem niet aangevraagd? Negeer dan dit bericht.',
  roles: {
    SIGNER: 'Wilt u het ondertekenen?',
    APPROVER: 'Wilt u het goedkeuren?',
    VIEWER: 'Wilt u het doornemen?',
    ASSISTANT: 'Wilt u de aan u toegewezen velden invullen?',
    CC: 'U ontvangt een kopie.',
  },
  digitalSigner: 'Wilt u het digitaal ondertekenen met uw eigen certificaat?',
  reason: 'Opgegeven reden',
  attached: 'Het ondertekende document is bij dit bericht gevoegd.',
  linkHint: 'Werkt de knop niet? Kopieer dan deze link naar uw browser:',
  privacy: 'Deze link is persoonlijk: stuur hem niet door. Iedereen die hem heeft, kan namens u handelen.',
  footer: 'Verzonden door Firma, elektronische ondertekening van documenten.',
  directLinkUsed: (email) =>
    `Een bezoeker, bevestigd als ${email} (met een code naar dat adres), heeft het aangemaakt via de directe link van het sjabloon.`,
};
