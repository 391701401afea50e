import type { brandingEn } from './en.js';

/** The branding settings words in Dutch. */
export const brandingNl: typeof brandingEn = {
  navBranding: 'Huisstijl',
  brandingTitle: 'Huisstijl',
  brandingIntro:
    'Uw logo en kleur verschijnen op de ondertekenpagina’s en in de e-mails van de documenten van dit team.',
  brandColorTitle: 'Kleur',
  brandColor: 'Huisstijlkleur (#RRGGBB)',
  brandColorHint:
    'Gebruikt voor knoppen, met witte tekst, en voor links. Het contrast met wit moet minstens 4,5:1 zijn.',
  brandContrast: 'Contrast met wit: {ratio}:1.',
  brandContrastLow: 'Contrast met wit: {ratio}:1. Dat is te laag: kies een donkerdere kleur.',
  brandColorSave: 'Kleur opslaan',
  brandColorReset: 'Kleur van Firma gebruiken',
  brandColorSaved: 'Kleur opgeslagen.',
  brandColorCleared: 'De kleur van Firma wordt weer gebruikt.',
  brandLogoTitle: 'Logo',
  brandLogoFile: 'Logobestand',
  brandLogoHint: 'PNG of JPEG, hoogstens 512 KB en 2000 × 2000 pixels.',
  brandLogoUpload: 'Logo uploaden',
  brandLogoUploaded: 'Logo opgeslagen.',
  brandLogoRemove: 'Logo verwijderen',
  brandLogoRemoved: 'Logo verwijderd.',
  brandLogoNone: 'Nog geen logo.',
  brandLogoCurrent: 'Het huidige logo van het team',
  brandLogoChoose: 'Kies eerst een bestand.',
  brandPreviewTitle: 'Voorbeeld',
  brandPreviewButton: 'Document ondertekenen',
  brandPreviewLink: 'Document lezen',
  err_BRAND_COLOR_LOW_CONTRAST:
    'Witte tekst is op deze kleur niet goed genoeg leesbaar (minder dan 4,5:1). Kies een donkerdere kleur.',
  err_LOGO_INVALID: 'Dit bestand is geen volledige PNG- of JPEG-afbeelding.',
  err_LOGO_DIMENSIONS: 'De afbeelding moet tussen 2 en 2000 pixels breed en hoog zijn.',
  err_LOGO_TOO_LARGE: 'Het bestand is te groot: hoogstens 512 KB.',
};
