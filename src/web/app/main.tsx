import { render } from 'preact';
import { App } from './app.js';
import { isLanguage, loadDictionary } from './i18n/index.js';
import './app.css';

// The server chose the language (the user's choice, else the browser's) and wrote it in <html lang>.
const asked = document.documentElement.lang;
const language = isLanguage(asked) ? asked : 'en';
const root = document.getElementById('app');
if (root) {
  void loadDictionary(language).then((words) => {
    root.textContent = '';
    render(<App language={language} words={words} />, root);
  });
}
