import type { brandingEn } from './en.js';

/** The branding settings words in Italian. */
export const brandingIt: typeof brandingEn = {
  navBranding: 'Marchio',
  brandingTitle: 'Marchio',
  brandingIntro:
    'Il Suo logo e il Suo colore compaiono nelle pagine di firma e nelle e-mail dei documenti di questo team.',
  brandColorTitle: 'Colore',
  brandColor: 'Colore del marchio (#RRGGBB)',
  brandColorHint:
    'Usato per i pulsanti, con testo bianco, e per i link. Deve avere un contrasto di almeno 4,5:1 con il bianco.',
  brandContrast: 'Contrasto con il bianco: {ratio}:1.',
  brandContrastLow: 'Contrasto con il bianco: {ratio}:1. È troppo basso: scelga un colore più scuro.',
  brandColorSave: 'Salva il colore',
  brandColorReset: 'Usa il colore di Firma',
  brandColorSaved: 'Colore salvato.',
  brandColorCleared: 'Si usa di nuovo il colore di Firma.',
  brandLogoTitle: 'Logo',
  brandLogoFile: 'File del logo',
  brandLogoHint: 'PNG o JPEG, al massimo 512 KB e 2000 × 2000 pixel.',
  brandLogoUpload: 'Carica il logo',
  brandLogoUploaded: 'Logo salvato.',
  brandLogoRemove: 'Rimuovi il logo',
  brandLogoRemoved: 'Logo rimosso.',
  brandLogoNone: 'Ancora nessun logo.',
  brandLogoCurrent: 'Il logo attuale del team',
  brandLogoChoose: 'Scelga prima un file.',
  brandPreviewTitle: 'Anteprima',
  brandPreviewButton: 'Firma il documento',
  brandPreviewLink: 'Leggi il documento',
  err_BRAND_COLOR_LOW_CONTRAST:
    'Il testo bianco non è abbastanza leggibile su questo colore (meno di 4,5:1). Scelga un colore più scuro.',
  err_LOGO_INVALID: 'Questo file non è un’immagine PNG o JPEG completa.',
  err_LOGO_DIMENSIONS: 'L’immagine deve essere larga e alta tra 2 e 2000 pixel.',
  err_LOGO_TOO_LARGE: 'Il file è troppo grande: al massimo 512 KB.',
};
