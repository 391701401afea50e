/** The app's words for recipient verification with accounts (sign-up for recipients, passkey confirmation), in English (the reference for the other languages). */
export const verificationEn = {
  signUpTitle: 'Create your Firma account',
  signUpIntro:
    'A document sent to {email} asks you to sign in to Firma. Choose your name and a password to create the account for this address.',
  signUpSubmit: 'Create my account',
  signUpDoneTitle: 'Your account is ready',
  signUpDone: 'You are signed in. Go back to the signing page and press Continue to open the document.',
};
