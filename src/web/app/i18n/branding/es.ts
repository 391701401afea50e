import type { brandingEn } from './en.js';

/** The branding settings words in Spanish (usted). */
export const brandingEs: typeof brandingEn = {
  navBranding: 'Marca',
  brandingTitle: 'Marca',
  brandingIntro:
    'Su logotipo y su color aparecen en las páginas de firma y en los correos de los documentos de este equipo.',
  brandColorTitle: 'Color',
  brandColor: 'Color de la marca (#RRGGBB)',
  brandColorHint:
    'Se usa en los botones, con texto blanco, y en los enlaces. Necesita un contraste de al menos 4,5:1 con el blanco.',
  brandContrast: 'Contraste con el blanco: {ratio}:1.',
  brandContrastLow: 'Contraste con el blanco: {ratio}:1. Es demasiado bajo: elija un color más oscuro.',
  brandColorSave: 'Guardar el color',
  brandColorReset: 'Usar el color de Firma',
  brandColorSaved: 'Color guardado.',
  brandColorCleared: 'Se vuelve a usar el color de Firma.',
  brandLogoTitle: 'Logotipo',
  brandLogoFile: 'Archivo del logotipo',
  brandLogoHint: 'PNG o JPEG, de 512 KB y 2000 × 2000 píxeles como máximo.',
  brandLogoUpload: 'Subir el logotipo',
  brandLogoUploaded: 'Logotipo guardado.',
  brandLogoRemove: 'Quitar el logotipo',
  brandLogoRemoved: 'Logotipo quitado.',
  brandLogoNone: 'Todavía no hay logotipo.',
  brandLogoCurrent: 'El logotipo actual del equipo',
  brandLogoChoose: 'Primero elija un archivo.',
  brandPreviewTitle: 'Vista previa',
  brandPreviewButton: 'Firmar el documento',
  brandPreviewLink: 'Leer el documento',
  err_BRAND_COLOR_LOW_CONTRAST:
    'El texto blanco no se lee bien sobre este color (menos de 4,5:1). Elija un color más oscuro.',
  err_LOGO_INVALID: 'Este archivo no es una imagen PNG o JPEG completa.',
  err_LOGO_DIMENSIONS: 'La imagen debe medir entre 2 y 2000 píxeles de ancho y de alto.',
  err_LOGO_TOO_LARGE: 'El archivo es demasiado grande: 512 KB como máximo.',
};
