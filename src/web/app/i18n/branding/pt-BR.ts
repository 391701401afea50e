import type { brandingEn } from './en.js';

/** The branding settings words in Brazilian Portuguese. */
export const brandingPtBR: typeof brandingEn = {
  navBranding: 'Marca',
  brandingTitle: 'Marca',
  brandingIntro: 'Seu logotipo e sua cor aparecem nas páginas de assinatura e nos e-mails dos documentos desta equipe.',
  brandColorTitle: 'Cor',
  brandColor: 'Cor da marca (#RRGGBB)',
  brandColorHint:
    'Usada nos botões, com texto branco, e nos links. Precisa de um contraste de pelo menos 4,5:1 com o branco.',
  brandContrast: 'Contraste com o branco: {ratio}:1.',
  brandContrastLow: 'Contraste com o branco: {ratio}:1. É baixo demais: escolha uma cor mais escura.',
  brandColorSave: 'Salvar a cor',
  brandColorReset: 'Usar a cor do Firma',
  brandColorSaved: 'Cor salva.',
  brandColorCleared: 'A cor do Firma voltou a ser usada.',
  brandLogoTitle: 'Logotipo',
  brandLogoFile: 'Arquivo do logotipo',
  brandLogoHint: 'PNG ou JPEG, com no máximo 512 KB e 2000 × 2000 pixels.',
  brandLogoUpload: 'Enviar o logotipo',
  brandLogoUploaded: 'Logotipo salvo.',
  brandLogoRemove: 'Remover o logotipo',
  brandLogoRemoved: 'Logotipo removido.',
  brandLogoNone: 'Ainda não há logotipo.',
  brandLogoCurrent: 'O logotipo atual da equipe',
  brandLogoChoose: 'Escolha um arquivo primeiro.',
  brandPreviewTitle: 'Pré-visualização',
  brandPreviewButton: 'Assinar o documento',
  brandPreviewLink: 'Ler o documento',
  err_BRAND_COLOR_LOW_CONTRAST:
    'O texto branco não fica legível o suficiente nesta cor (menos de 4,5:1). Escolha uma cor mais escura.',
  err_LOGO_INVALID: 'Este arquivo não é uma imagem PNG ou JPEG completa.',
  err_LOGO_DIMENSIONS: 'A imagem deve ter entre 2 e 2000 pixels de largura e de altura.',
  err_LOGO_TOO_LARGE: 'O arquivo é grande demais: no máximo 512 KB.',
};
