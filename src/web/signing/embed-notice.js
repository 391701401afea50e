// A notice on Documenso's embed paths (a wrong link, the editor not available yet): said again in
// the language the embedding app asked for in the fragment, which the server never sees, and
// told to the app as Documenso's `document-error` when the page stands for a signing link.
import { pageMeta } from './embed-events.js';
import { embedText, postToParent } from './documenso-embed.js';

const [titleKey, bodyKey] = pageMeta('firma-notice').split(' ');
const t = embedText();
const heading = document.querySelector('main h1');
const body = document.querySelector('main p');
if (t[titleKey] && heading && body) {
  heading.textContent = t[titleKey];
  body.textContent = t[bodyKey] ?? body.textContent;
  document.title = `${t[titleKey]} · Firma`;
}
const error = pageMeta('firma-embed-error');
if (error) postToParent('document-error', error === 'null' ? null : error);
