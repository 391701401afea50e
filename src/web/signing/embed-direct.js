// /embed/direct/{token}: Documenso's embed protocol, then the direct link's form.
import './documenso-embed.js';
import './direct.js';
