import type { brandingEn } from './en.js';

/** The branding settings words in French. */
export const brandingFr: typeof brandingEn = {
  navBranding: 'Image de marque',
  brandingTitle: 'Image de marque',
  brandingIntro:
    'Votre logo et votre couleur apparaissent sur les pages de signature et dans les e-mails des documents de cette équipe.',
  brandColorTitle: 'Couleur',
  brandColor: 'Couleur de la marque (#RRGGBB)',
  brandColorHint:
    'Utilisée pour les boutons, avec un texte blanc, et pour les liens. Elle doit avoir un contraste d’au moins 4,5:1 avec le blanc.',
  brandContrast: 'Contraste avec le blanc : {ratio}:1.',
  brandContrastLow: 'Contraste avec le blanc : {ratio}:1. C’est trop faible : choisissez une couleur plus foncée.',
  brandColorSave: 'Enregistrer la couleur',
  brandColorReset: 'Utiliser la couleur de Firma',
  brandColorSaved: 'Couleur enregistrée.',
  brandColorCleared: 'La couleur de Firma est de nouveau utilisée.',
  brandLogoTitle: 'Logo',
  brandLogoFile: 'Fichier du logo',
  brandLogoHint: 'PNG ou JPEG, 512 Ko et 2000 × 2000 pixels au maximum.',
  brandLogoUpload: 'Envoyer le logo',
  brandLogoUploaded: 'Logo enregistré.',
  brandLogoRemove: 'Supprimer le logo',
  brandLogoRemoved: 'Logo supprimé.',
  brandLogoNone: 'Pas encore de logo.',
  brandLogoCurrent: 'Le logo actuel de l’équipe',
  brandLogoChoose: 'Choisissez d’abord un fichier.',
  brandPreviewTitle: 'Aperçu',
  brandPreviewButton: 'Signer le document',
  brandPreviewLink: 'Lire le document',
  err_BRAND_COLOR_LOW_CONTRAST:
    'Le texte blanc n’est pas assez lisible sur cette couleur (moins de 4,5:1). Choisissez une couleur plus foncée.',
  err_LOGO_INVALID: 'Ce fichier n’est pas une image PNG ou JPEG complète.',
  err_LOGO_DIMENSIONS: 'L’image doit mesurer entre 2 et 2000 pixels de large et de haut.',
  err_LOGO_TOO_LARGE: 'Le fichier est trop volumineux : 512 Ko au maximum.',
};
