import type { brandingEn } from './en.js';

/** The branding settings words in Polish. */
export const brandingPl: typeof brandingEn = {
  navBranding: 'Identyfikacja wizualna',
  brandingTitle: 'Identyfikacja wizualna',
  brandingIntro:
    'Logo i kolor zespołu pojawiają się na stronach podpisywania i w e-mailach dotyczących jego dokumentów.',
  brandColorTitle: 'Kolor',
  brandColor: 'Kolor marki (#RRGGBB)',
  brandColorHint:
    'Używany na przyciskach, z białym tekstem, i w linkach. Kontrast z bielą musi wynosić co najmniej 4,5:1.',
  brandContrast: 'Kontrast z bielą: {ratio}:1.',
  brandContrastLow: 'Kontrast z bielą: {ratio}:1. To za mało: wybierz ciemniejszy kolor.',
  brandColorSave: 'Zapisz kolor',
  brandColorReset: 'Użyj koloru Firma',
  brandColorSaved: 'Kolor zapisany.',
  brandColorCleared: 'Ponownie używany jest kolor Firma.',
  brandLogoTitle: 'Logo',
  brandLogoFile: 'Plik logo',
  brandLogoHint: 'PNG lub JPEG, najwyżej 512 KB i 2000 × 2000 pikseli.',
  brandLogoUpload: 'Prześlij logo',
  brandLogoUploaded: 'Logo zapisane.',
  brandLogoRemove: 'Usuń logo',
  brandLogoRemoved: 'Logo usunięte.',
  brandLogoNone: 'Nie ma jeszcze logo.',
  brandLogoCurrent: 'Obecne logo zespołu',
  brandLogoChoose: 'Najpierw wybierz plik.',
  brandPreviewTitle: 'Podgląd',
  brandPreviewButton: 'Podpisz dokument',
  brandPreviewLink: 'Przeczytaj dokument',
  err_BRAND_COLOR_LOW_CONTRAST:
    'Biały tekst jest na tym kolorze za mało czytelny (poniżej 4,5:1). Wybierz ciemniejszy kolor.',
  err_LOGO_INVALID: 'Ten plik nie jest kompletnym obrazem PNG ani JPEG.',
  err_LOGO_DIMENSIONS: 'Obraz musi mieć od 2 do 2000 pikseli szerokości i wysokości.',
  err_LOGO_TOO_LARGE: 'Plik jest za duży: najwyżej 512 KB.',
};
