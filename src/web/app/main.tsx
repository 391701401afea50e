import { render } from 'preact';
import { App } from './app.js';
import { isLanguage, loadDictionary } from './i18n/index.js';
import './app.css';

// The server chose the language (the user's choice, else the browser's) and wrote it in <html lang>.
const asked = document.documentElement.lang;
const language = isLanguage(asked) ? asked : 'en';
const root = document.getElementById('app');
// Documenso's authoring embeds (server: http/page/embed-authoring.routes.ts): the editor alone,
// framed, its code a chunk of its own that the app's pages never load.
const embedded = document.querySelector('meta[name="firma-page"]')?.getAttribute('content') === 'embed-authoring';
if (root && embedded) {
  void import('./embed-authoring/embed-page.js').then((page) => page.mountEmbedAuthoring(root, language));
} else if (root) {
  void loadDictionary(language).then((words) => {
    root.textContent = '';
    render(<App language={language} words={words} />, root);
  });
}
