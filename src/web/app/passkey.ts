import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { ApiError, post, type SessionAnswer } from './api.js';

/** Whether this browser can use passkeys at all (the buttons are not shown where it cannot). */
export const passkeysAvailable = (): boolean => typeof window !== 'undefined' && 'PublicKeyCredential' in window;

/**
 * The browser's WebAuthn call, its refusals (the person cancelled, no passkey for this site, a
 * timeout) as one code the pages put in words; the API's own errors pass through.
 */
async function ceremony<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (caught) {
    if (caught instanceof ApiError) throw caught;
    throw new ApiError(0, 'PASSKEY_CANCELLED');
  }
}

/** Signs in with a passkey of this site (discoverable: no address asked): the new session. */
export async function signInWithPasskey(): Promise<SessionAnswer> {
  const optionsJSON = await post<PublicKeyCredentialRequestOptionsJSON>('/passkey-sign-in/options');
  const response = await ceremony(() => startAuthentication({ optionsJSON }));
  return post<SessionAnswer>('/passkey-sign-in', { response });
}

/** Creates a passkey on this device for the signed-in account and adds it under `name`. */
export async function addPasskey(password: string, name: string): Promise<void> {
  const optionsJSON = await post<PublicKeyCredentialCreationOptionsJSON>('/me/passkeys/options', { password });
  const response = await ceremony(() => startRegistration({ optionsJSON }));
  await post('/me/passkeys', { response, ...(name.trim() ? { name: name.trim() } : {}) });
}
