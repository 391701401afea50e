import type { MailDictionary } from './mail-dictionary.js';

export const fr: MailDictionary = {
  greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
  kinds: {
    signingRequest: {
      subject: (t) => `À relire et signer : ${t}`,
      intro: (t) => `Votre intervention est demandée sur « ${t} ».`,
      button: 'Ouvrir le document',
    },
    reminder: {
      subject: (t) => `Rappel : à relire et signer : ${t}`,
      intro: (t) => `Pour rappel, « ${t} » attend toujours votre intervention.`,
      button: 'Ouvrir le document',
    },
    completed: {
      subject: (t) => `Achevé : ${t}`,
      intro: (t) => `Tout le monde a signé « ${t} ». Le document final, scellé électroniquement, est prêt.`,
      button: 'Télécharger le document signé',
    },
    rejected: {
      subject: (t) => `Refusé : ${t}`,
      intro: (t) => `« ${t} » a été refusé par un destinataire et ne peut plus être signé.`,
      button: 'Voir le document',
    },
    cancelled: {
      subject: (t) => `Annulé : ${t}`,
      intro: (t) => `L’expéditeur a annulé « ${t} ». Vous n’avez plus rien à faire.`,
      button: '',
    },
    recipientSigned: {
      subject: (t) => `Destinataire terminé : ${t}`,
      intro: (t) => `Un destinataire a terminé sa partie de « ${t} ».`,
      button: '',
    },
    recipientRemoved: {
      subject: (t) => `Retiré de : ${t}`,
      intro: (t) =>
        `L’expéditeur vous a retiré de « ${t} ». Votre lien ne fonctionne plus et vous n’avez plus rien à faire.`,
      button: '',
    },
    documentPending: {
      subject: (t) => `En attente des autres : ${t}`,
      intro: (t) =>
        `Vous avez terminé votre partie de « ${t} ». Le document attend maintenant les autres destinataires.`,
      button: '',
    },
    senderVerification: {
      subject: (t) => `Votre code pour confirmer ${t} comme expéditeur`,
      intro: (t) =>
        `Quelqu’un a demandé à envoyer des documents à signer depuis ${t}. Saisissez ce code pour confirmer que l’adresse vous appartient.`,
      button: '',
    },
    ownerCreated: {
      subject: (t) => `Document créé : ${t}`,
      intro: (t) => `« ${t} » a été créé sur votre plateforme.`,
      button: '',
    },
    ownerCompleted: {
      subject: (t) => `Document achevé : ${t}`,
      intro: (t) =>
        `Tous les participants sont intervenus sur « ${t} » ; son PDF final et son certificat sont scellés et prêts à être téléchargés.`,
      button: '',
    },
    ownerRecipientExpired: {
      subject: (t) => `Lien de signature expiré : ${t}`,
      intro: (t) =>
        `Le lien d’un destinataire vers « ${t} » a expiré avant son intervention. Renvoyez le document pour le renouveler.`,
      button: '',
    },
    verificationCode: {
      subject: (t) => `Votre code de vérification pour ${t}`,
      intro: (t) => `Une personne ouvrant « ${t} » avec votre lien a demandé un code de vérification.`,
      button: '',
    },
    directLinkCode: {
      subject: (t) => `Votre code pour signer ${t}`,
      intro: (t) =>
        `Quelqu’un a demandé à recevoir « ${t} » pour signature à cette adresse e-mail. Saisissez ce code sur la page pour confirmer que l’adresse est la vôtre.`,
      button: '',
    },
    accountVerification: {
      subject: (t) => `Confirmez votre adresse e-mail : ${t}`,
      intro: (t) =>
        `Confirmez que ${t} est bien votre adresse pour terminer la création de votre compte Firma. Le lien est valable 24 heures.`,
      button: 'Confirmer mon adresse',
    },
    passwordReset: {
      subject: (t) => `Réinitialisez votre mot de passe Firma : ${t}`,
      intro: (t) =>
        `Quelqu’un a demandé la réinitialisation du mot de passe du compte Firma ${t}. Si c’est vous, choisissez-en un nouveau : le lien ne fonctionne qu’une fois, pendant 30 minutes. Sinon, ignorez ce message ; votre mot de passe reste inchangé.`,
      button: 'Choisir un nouveau mot de passe',
    },
    invitation: {
      subject: (t) => `Invitation à rejoindre ${t} sur Firma`,
      intro: (t) =>
        `Vous avez reçu une invitation à rejoindre l’équipe « ${t} » sur Firma, pour envoyer des documents à signer et en suivre l’avancement. L’invitation est valable 7 jours.`,
      button: 'Accepter l’invitation',
    },
    recipientSignUp: {
      subject: (t) => `Créez votre compte Firma pour ${t}`,
      intro: (t) =>
        `Un document vous a été envoyé pour signature et vous demande de vous connecter à un compte Firma avec ${t}. Utilisez ce lien pour créer ce compte (il ne fait partie d’aucune équipe). Le lien fonctionne une seule fois, pendant 7 jours.`,
      button: 'Créer mon compte',
    },
  },
  sender: (n) => `Expéditeur : ${n}`,
  code: (c) => `Votre code : ${c}`,
  codeHint:
    'Il est valable 10 minutes. Ne le communiquez jamais : Firma ne vous le demandera jamais par téléphone ni par e-mail. Si vous ne l’avez pas demandé, ignorez ce message.',
  roles: {
    SIGNER: 'Merci de le signer.',
    APPROVER: 'Merci de l’approuver.',
    VIEWER: 'Merci d’en prendre connaissance.',
    ASSISTANT: 'Merci de remplir les champs qui vous sont attribués.',
    CC: 'Vous en recevez une copie.',
  },
  digitalSigner: 'Veuillez le signer numériquement avec votre propre certificat.',
  reason: 'Motif indiqué',
  attached: 'Le document signé est joint à ce message.',
  linkHint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
  privacy: 'Ce lien est personnel : ne le transférez pas. Toute personne qui le possède peut agir en votre nom.',
  footer: 'Envoyé par Firma, signature électronique de documents.',
  directLinkUsed: (email) =>
    `Un visiteur confirmé comme ${email} (par un code envoyé à cette adresse) l’a créé via le lien direct du modèle.`,
};
