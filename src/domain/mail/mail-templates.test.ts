import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LANGUAGES } from '../../lib/vocabulary/languages.js';
import { MAIL_DICTIONARIES } from './i18n/index.js';
import { escapeHtml, renderMail, type MailKind } from './mail-templates.js';

const KINDS = Object.keys(MAIL_DICTIONARIES.en.kinds) as MailKind[];
const ROLES = Object.keys(MAIL_DICTIONARIES.en.roles);
const content = {
  title: 'Contrato 42',
  recipientName: 'Ana',
  senderMessage: 'Mensaje',
  actionUrl: 'https://firma.example/sign/x',
  role: 'SIGNER',
  reason: 'Motivo',
  detail: 'Detalle',
  attached: true,
  code: '123456',
  senderName: 'Estudio Norte',
};

test('every document language has every mail, each line filled and really translated', () => {
  assert.deepEqual(Object.keys(MAIL_DICTIONARIES).sort(), [...LANGUAGES].sort());
  const english = new Map(KINDS.map((kind) => [kind, renderMail(kind, 'en', content)]));
  for (const language of LANGUAGES) {
    const d = MAIL_DICTIONARIES[language];
    assert.deepEqual(Object.keys(d.kinds).sort(), [...KINDS].sort(), language);
    assert.deepEqual(Object.keys(d.roles).sort(), [...ROLES].sort(), language);
    for (const kind of KINDS) {
      const mail = renderMail(kind, language, content);
      for (const part of [mail.subject, mail.text, mail.html])
        assert.ok(part.trim() && !/undefined|NaN|\[object|\$\{/.test(part), `${language} ${kind}: ${part}`);
      assert.ok(mail.subject.includes('Contrato 42'), `${language} ${kind}: the title in the subject`);
      assert.match(mail.html, new RegExp(`<html lang="${language}">`));
      assert.equal(Boolean(d.kinds[kind].button), Boolean(MAIL_DICTIONARIES.en.kinds[kind].button), `${kind} button`);
      if (language !== 'en') {
        assert.notEqual(mail.subject, english.get(kind)!.subject, `${language} ${kind} subject is English`);
        assert.notEqual(mail.text, english.get(kind)!.text, `${language} ${kind} body is English`);
      }
    }
    assert.ok(d.directLinkUsed('ana@x.com').includes('ana@x.com'));
    assert.ok(!d.greeting('').includes('undefined') && d.greeting('Ana').includes('Ana'));
  }
});

test('every mail in every language names its sender on a line of its own, escaped in HTML; none without one', () => {
  for (const language of LANGUAGES) {
    const d = MAIL_DICTIONARIES[language];
    const line = d.sender('Estudio "Pérez" <&>');
    assert.ok(line.includes('Estudio "Pérez" <&>'), `${language}: the sender line carries the name`);
    assert.notEqual(line, 'Estudio "Pérez" <&>', `${language}: the sender line has its words`);
    if (language !== 'en') assert.notEqual(d.sender('X'), MAIL_DICTIONARIES.en.sender('X'), `${language}: translated`);
    for (const kind of KINDS) {
      const mail = renderMail(kind, language, { ...content, senderName: 'Estudio "Pérez" <&>' });
      assert.ok(mail.text.split('\n').includes(line), `${language} ${kind}: text`);
      assert.ok(mail.html.includes(`>${escapeHtml(line)}<`), `${language} ${kind}: HTML`);
      assert.ok(!mail.html.includes('"Pérez" <&>'), `${language} ${kind}: escaped`);
      const anonymous = renderMail(kind, language, { ...content, senderName: null });
      assert.ok(!anonymous.text.includes(d.sender('').trim()), `${language} ${kind}: no sender line without a sender`);
    }
  }
});

test('a language no dictionary has (bad stored data) is mailed in English, never broken', () => {
  assert.equal(renderMail('reminder', 'xx' as never, content).subject, 'Reminder: please review and sign: Contrato 42');
});

test('a DIGITAL signer is asked to sign with their own certificate, in every language', () => {
  for (const language of LANGUAGES) {
    const digital = renderMail('signingRequest', language, { ...content, signatureLevel: 'DIGITAL' });
    const electronic = renderMail('signingRequest', language, { ...content, signatureLevel: 'ELECTRONIC' });
    assert.ok(digital.text.includes(MAIL_DICTIONARIES[language].digitalSigner), language);
    assert.ok(!electronic.text.includes(MAIL_DICTIONARIES[language].digitalSigner), language);
    assert.ok(electronic.text.includes(MAIL_DICTIONARIES[language].roles.SIGNER), language);
    if (language !== 'en')
      assert.notEqual(MAIL_DICTIONARIES[language].digitalSigner, MAIL_DICTIONARIES.en.digitalSigner);
  }
});
