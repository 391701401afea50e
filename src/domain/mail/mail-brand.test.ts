import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderMail } from './mail-templates.js';

const content = {
  title: 'Contrato 42',
  recipientName: 'Ana',
  senderMessage: null,
  actionUrl: 'https://firma.example/sign/x',
  role: 'SIGNER',
  senderName: 'Estudio "Norte" <&>',
};

test('a brand colours the button and the link and puts the logo first; the text part is the same', () => {
  const plain = renderMail('signingRequest', 'es', content);
  const branded = renderMail('signingRequest', 'es', {
    ...content,
    brand: { color: '#0b5cad', logo: { cid: 'team-logo@firma', alt: 'Estudio "Norte" <&>', width: 120, height: 48 } },
  });
  assert.equal(branded.text, plain.text);
  assert.equal(branded.subject, plain.subject);
  assert.match(branded.html, /background:#0b5cad;color:#ffffff/);
  assert.match(branded.html, /style="color:#0b5cad">https:/);
  assert.ok(!branded.html.includes('#1d4ed8'));
  assert.ok(
    branded.html.includes(
      '<img src="cid:team-logo@firma" alt="Estudio &quot;Norte&quot; &lt;&amp;&gt;" width="120" height="48"',
    ),
    'the logo, its text escaped',
  );
  assert.ok(branded.html.indexOf('<img') < branded.html.indexOf('Ana'), 'above the greeting');
});

test('a colour of another shape than #rrggbb never reaches the style (Firma’s blue instead)', () => {
  const html = renderMail('signingRequest', 'en', {
    ...content,
    brand: { color: 'red;background-image:url(https://evil.example/x)', logo: null },
  }).html;
  assert.ok(!html.includes('evil.example'));
  assert.match(html, /background:#1d4ed8/);
  assert.ok(!html.includes('<img'));
});
