import type { MailDictionary } from './mail-dictionary.js';

export const en: MailDictionary = {
  greeting: (name) => `${`Hello ${name}`.trim()},`,
  kinds: {
    signingRequest: {
      subject: (t) => `Please review and sign: ${t}`,
      intro: (t) => `You have been asked to act on “${t}”.`,
      button: 'Open the document',
    },
    reminder: {
      subject: (t) => `Reminder: please review and sign: ${t}`,
      intro: (t) => `A reminder: “${t}” is still waiting for you.`,
      button: 'Open the document',
    },
    completed: {
      subject: (t) => `Completed: ${t}`,
      intro: (t) => `Everyone has signed “${t}”. The final, digitally sealed document is ready.`,
      button: 'Download the signed document',
    },
    rejected: {
      subject: (t) => `Rejected: ${t}`,
      intro: (t) => `“${t}” was rejected by a recipient and can no longer be signed.`,
      button: 'View the document',
    },
    cancelled: {
      subject: (t) => `Cancelled: ${t}`,
      intro: (t) => `The sender cancelled “${t}”. There is nothing more for you to do.`,
      button: '',
    },
    recipientSigned: {
      subject: (t) => `Recipient finished: ${t}`,
      intro: (t) => `A recipient completed their part of “${t}”.`,
      button: '',
    },
    recipientRemoved: {
      subject: (t) => `Removed from: ${t}`,
      intro: (t) =>
        `The sender removed you from “${t}”. Your link no longer works, and there is nothing more for you to do.`,
      button: '',
    },
    documentPending: {
      subject: (t) => `Waiting for others: ${t}`,
      intro: (t) => `You completed your part of “${t}”. It now waits for the other recipients.`,
      button: '',
    },
    senderVerification: {
      subject: (t) => `Your code to confirm ${t} as a sender`,
      intro: (t) =>
        `Someone asked to send documents for signature from ${t}. Enter this code to confirm that the address is yours.`,
      button: '',
    },
    ownerCreated: {
      subject: (t) => `Document created: ${t}`,
      intro: (t) => `“${t}” was created on your platform.`,
      button: '',
    },
    ownerCompleted: {
      subject: (t) => `Document completed: ${t}`,
      intro: (t) => `Everyone has acted on “${t}”; its final PDF and certificate are sealed and ready to download.`,
      button: '',
    },
    ownerRecipientExpired: {
      subject: (t) => `Signing link expired: ${t}`,
      intro: (t) => `A recipient's link to “${t}” expired before they acted. Redistribute to renew it.`,
      button: '',
    },
    verificationCode: {
      subject: (t) => `Your verification code for ${t}`,
      intro: (t) => `Someone opening “${t}” with your link asked for a verification code.`,
      button: '',
    },
    directLinkCode: {
      subject: (t) => `Your code to sign ${t}`,
      intro: (t) =>
        `Someone asked to receive “${t}” for signing at this e-mail address. Enter this code on the page to confirm the address is yours.`,
      button: '',
    },
    accountVerification: {
      subject: (t) => `Confirm your e-mail address: ${t}`,
      intro: (t) =>
        `Please confirm that ${t} is your address, to finish setting up your Firma account. The link works for 24 hours.`,
      button: 'Confirm my address',
    },
    passwordReset: {
      subject: (t) => `Reset your Firma password: ${t}`,
      intro: (t) =>
        `Someone asked to reset the password of the Firma account ${t}. If it was you, choose a new one: the link works once, for 30 minutes. If it was not you, ignore this message; your password stays as it is.`,
      button: 'Choose a new password',
    },
    invitation: {
      subject: (t) => `You are invited to join ${t} on Firma`,
      intro: (t) =>
        `You have been invited to join the team “${t}” on Firma, to send documents for signature and follow them. The invitation works for 7 days.`,
      button: 'Accept the invitation',
    },
    recipientSignUp: {
      subject: (t) => `Create your Firma account for ${t}`,
      intro: (t) =>
        `A document was sent to you for signature and asks you to sign in to a Firma account with ${t}. Use this link to create that account (it is not a member of any team). The link works once, for 7 days.`,
      button: 'Create my account',
    },
  },
  sender: (n) => `Sender: ${n}`,
  code: (c) => `Your code: ${c}`,
  codeHint:
    'It is valid for 10 minutes. Never share it: Firma will never ask you for it by phone or mail. If you did not ask for it, ignore this message.',
  roles: {
    SIGNER: 'Please sign it.',
    APPROVER: 'Please approve it.',
    VIEWER: 'Please review it.',
    ASSISTANT: 'Please fill in the fields assigned to you.',
    CC: 'You receive a copy.',
  },
  digitalSigner: 'Please sign it digitally with your own certificate.',
  reason: 'Reason given',
  attached: 'The signed document is attached to this message.',
  linkHint: 'If the button does not work, copy this link into your browser:',
  privacy: 'This link is personal: do not forward it. Anyone who has it can act in your name.',
  footer: 'Sent by Firma, electronic document signing.',
  directLinkUsed: (email) =>
    `A visitor confirmed as ${email} (by a code sent to that address) created it through the template's direct link.`,
};
