// /embed/sign/{token} and a multisign document: Documenso's embed protocol, then the signing page.
import './documenso-embed.js';
import './signing.js';
