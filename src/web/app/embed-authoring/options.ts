import type { EditorHidden, EditorSettingKey } from '../editor/types.js';
import { isLanguage, type Language } from '../i18n/index.js';

/*
 * Documenso's authoring fragment: `#` + base64 of the URI-encoded JSON. Read as its authoring
 * layouts read it (`safeParse` of the base schema): a value of the wrong kind anywhere discards
 * every option and the page opens with the defaults; unknown keys are ignored (embed-react spreads
 * `additionalProps` into the same object); an unknown `language` is English.
 */

export interface AuthoringOptions {
  externalId: string | null;
  /** v1: allowConfigure… flags; v2: EnvelopeEditorSettings (a DeepPartial; `null` hides a section). */
  features: Record<string, unknown>;
  type: 'DOCUMENT' | 'TEMPLATE' | null;
  folderId: string | null;
  user: { name?: string; email?: string } | null;
  onlyEditFields: boolean;
  css: string | null;
  cssVars: Record<string, string>;
  darkModeDisabled: boolean;
  language: Language | null;
}

export const NO_OPTIONS: AuthoringOptions = {
  externalId: null,
  features: {},
  type: null,
  folderId: null,
  user: null,
  onlyEditFields: false,
  css: null,
  cssVars: {},
  darkModeDisabled: false,
  language: null,
};

class Invalid extends Error {}
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
function opt<T>(v: unknown, check: (x: unknown) => x is T): T | undefined {
  if (v === undefined || v === null) return undefined;
  if (!check(v)) throw new Invalid();
  return v;
}
const isString = (x: unknown): x is string => typeof x === 'string';
const isBool = (x: unknown): x is boolean => typeof x === 'boolean';
const RADIUS = /^(0|\d+(\.\d+)?(rem|px|em|%|pt|))$/;

/** The options in `fragment` (without its `#`); the defaults when there are none or one is invalid. */
export function readAuthoringOptions(fragment: string): AuthoringOptions {
  if (!fragment) return NO_OPTIONS;
  let data: unknown;
  try {
    data = JSON.parse(decodeURIComponent(atob(fragment)));
  } catch {
    return NO_OPTIONS;
  }
  if (!isObject(data)) return NO_OPTIONS;
  try {
    const features = data.features === undefined || data.features === null ? {} : opt(data.features, isObject);
    const type = opt(data.type, (x): x is 'DOCUMENT' | 'TEMPLATE' => x === 'DOCUMENT' || x === 'TEMPLATE');
    const folderId = opt(data.folderId, (x): x is string | number => isString(x) || typeof x === 'number');
    const user = opt(data.user, isObject);
    if (user) {
      opt(user.name, isString);
      opt(user.email, isString);
    }
    const cssVars = opt(data.cssVars, isObject) ?? {};
    const vars: Record<string, string> = {};
    for (const [key, value] of Object.entries(cssVars)) {
      const v = opt(value, isString);
      if (v === undefined) continue;
      if (key === 'radius' && !RADIUS.test(v)) throw new Invalid();
      vars[key] = v;
    }
    const language = data.language;
    return {
      externalId: opt(data.externalId, isString) ?? null,
      features: features ?? {},
      type: type ?? null,
      folderId: folderId === undefined ? null : String(folderId),
      user: user
        ? {
            ...(isString(user.name) ? { name: user.name } : {}),
            ...(isString(user.email) ? { email: user.email } : {}),
          }
        : null,
      onlyEditFields: opt(data.onlyEditFields, isBool) ?? false,
      css: opt(data.css, isString) ?? null,
      cssVars: vars,
      darkModeDisabled: opt(data.darkModeDisabled, isBool) ?? false,
      language: language === undefined ? null : isLanguage(language) ? language : 'en',
    };
  } catch {
    return NO_OPTIONS;
  }
}

const V1_SETTINGS: [string, EditorSettingKey[]][] = [
  ['allowConfigureLanguage', ['language']],
  ['allowConfigureDateFormat', ['dateFormat']],
  ['allowConfigureTimezone', ['timezone']],
  ['allowConfigureRedirectUrl', ['redirectUrl']],
  ['allowConfigureCommunication', ['communication', 'distribution']],
];

const V2_SETTINGS: [string, EditorSettingKey[]][] = [
  ['allowConfigureLanguage', ['language']],
  ['allowConfigureDateFormat', ['dateFormat']],
  ['allowConfigureTimezone', ['timezone']],
  ['allowConfigureRedirectUrl', ['redirectUrl']],
  ['allowConfigureDistribution', ['distribution', 'communication']],
];

/**
 * What the editor hides for these options: v1's `allowConfigure…: false` and `onlyEditFields`;
 * v2's sections set to `null` (settings, recipients), their flags set to false, and
 * `general.allowConfigureEnvelopeTitle: false`. Undefined flags are allowed, as in Documenso.
 */
export function hiddenFor(version: 'v1' | 'v2', options: AuthoringOptions): EditorHidden {
  const f = options.features;
  const setting: Partial<Record<EditorSettingKey, boolean>> = {};
  const hide = (flags: Record<string, unknown>, table: [string, EditorSettingKey[]][]) => {
    for (const [flag, keys] of table) if (flags[flag] === false) for (const k of keys) setting[k] = true;
  };
  if (version === 'v1') {
    hide(f, V1_SETTINGS);
    return { recipients: options.onlyEditFields, settings: options.onlyEditFields, setting };
  }
  const general = isObject(f.general) ? f.general : {};
  const recipients = f.recipients;
  if (general.allowConfigureEnvelopeTitle === false) setting.title = true;
  if (isObject(f.settings)) hide(f.settings, V2_SETTINGS);
  if (isObject(recipients) && recipients.allowConfigureSigningOrder === false) setting.signingOrder = true;
  return {
    recipients: recipients === null || general.allowUploadAndRecipientStep === false || options.onlyEditFields,
    settings: f.settings === null || options.onlyEditFields,
    setting,
  };
}

/** v2 only: Send shows when the app turns distributing on (Documenso's embedded default is off). */
export function allowsSending(version: 'v1' | 'v2', options: AuthoringOptions): boolean {
  const actions = options.features.actions;
  return version === 'v2' && isObject(actions) && actions.allowDistributing === true;
}
