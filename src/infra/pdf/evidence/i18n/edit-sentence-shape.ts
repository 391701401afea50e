/**
 * What every language's edit sentences provide (edit-sentences.ts gathers them): its own module,
 * so each language's file is typed by it without importing the gathering module back.
 */

export type MemberName =
  | 'email'
  | 'name'
  | 'role'
  | 'signingOrder'
  | 'cuil'
  | 'phone'
  | 'idDocument'
  | 'accessCode'
  | 'signatureLevel'
  | 'authentication'
  | 'position'
  | 'size'
  | 'title'
  | 'order'
  | 'folder'
  | 'message'
  | 'language'
  | 'other';

export interface EditSentences {
  recipient(name: string | null): string;
  file(title: string | null): string;
  attachment(label: string | null): string;
  directLink: string;
  added(who: string, thing: string): string;
  removed(who: string, thing: string): string;
  /** `what`: the changed members, already listed; null when the entry names none. */
  changed(who: string, thing: string, what: string | null): string;
  settingsChanged(who: string, what: string | null): string;
  directLinkToggled(who: string, enabled: boolean | null): string;
  signaturePrepared(who: string): string;
  chainTampered: string;
  /** A type this Firma has no sentence for (written by a later version). */
  other(who: string): string;
  members: Record<MemberName, string>;
  list(items: string[]): string;
}
