import type { brandingEn } from './en.js';

/** The branding settings words in German. */
export const brandingDe: typeof brandingEn = {
  navBranding: 'Branding',
  brandingTitle: 'Branding',
  brandingIntro:
    'Ihr Logo und Ihre Farbe erscheinen auf den Signaturseiten und in den E-Mails der Dokumente dieses Teams.',
  brandColorTitle: 'Farbe',
  brandColor: 'Markenfarbe (#RRGGBB)',
  brandColorHint:
    'Für Schaltflächen mit weißer Schrift und für Links. Sie braucht einen Kontrast von mindestens 4,5:1 zu Weiß.',
  brandContrast: 'Kontrast zu Weiß: {ratio}:1.',
  brandContrastLow: 'Kontrast zu Weiß: {ratio}:1. Das ist zu wenig: Wählen Sie eine dunklere Farbe.',
  brandColorSave: 'Farbe speichern',
  brandColorReset: 'Farbe von Firma verwenden',
  brandColorSaved: 'Farbe gespeichert.',
  brandColorCleared: 'Die Farbe von Firma wird wieder verwendet.',
  brandLogoTitle: 'Logo',
  brandLogoFile: 'Logodatei',
  brandLogoHint: 'PNG oder JPEG, höchstens 512 KB und 2000 × 2000 Pixel.',
  brandLogoUpload: 'Logo hochladen',
  brandLogoUploaded: 'Logo gespeichert.',
  brandLogoRemove: 'Logo entfernen',
  brandLogoRemoved: 'Logo entfernt.',
  brandLogoNone: 'Noch kein Logo.',
  brandLogoCurrent: 'Das aktuelle Logo des Teams',
  brandLogoChoose: 'Wählen Sie zuerst eine Datei.',
  brandPreviewTitle: 'Vorschau',
  brandPreviewButton: 'Dokument unterschreiben',
  brandPreviewLink: 'Dokument lesen',
  err_BRAND_COLOR_LOW_CONTRAST:
    'Weiße Schrift ist auf dieser Farbe nicht gut genug lesbar (unter 4,5:1). Wählen Sie eine dunklere Farbe.',
  err_LOGO_INVALID: 'Diese Datei ist kein vollständiges PNG- oder JPEG-Bild.',
  err_LOGO_DIMENSIONS: 'Das Bild muss zwischen 2 und 2000 Pixel breit und hoch sein.',
  err_LOGO_TOO_LARGE: 'Die Datei ist zu groß: höchstens 512 KB.',
};
