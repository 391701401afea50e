/** The app's words for recipient verification with accounts (sign-up for recipients, passkey confirmation), in English (the reference for the other languages). */
export const verificationEn = {};
