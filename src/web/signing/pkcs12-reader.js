// Reads a signer's PKCS#12 file (.p12/.pfx) in the browser and signs with its key through
// WebCrypto. Nothing here talks to the network: the file, its password and the private key stay
// on the device; the page sends only the certificates and the signature values.
//
// node-forge's browser build decrypts the file (WebCrypto cannot read PKCS#12); it is served by
// Firma itself (/sign-assets/forge.min.js) and loaded only when a DIGITAL signer opens the dialog.

let forgeLoading = null;

/** Loads forge once, as a classic script (its UMD wrapper sets window.forge; no eval is needed). */
export function loadForge() {
  if (window.forge) return Promise.resolve(window.forge);
  forgeLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/sign-assets/forge.min.js';
    script.referrerPolicy = 'no-referrer';
    script.onload = () => (window.forge ? resolve(window.forge) : reject(new Error('forge did not load')));
    script.onerror = () => {
      forgeLoading = null;
      script.remove();
      reject(new Error('forge did not load'));
    };
    document.head.append(script);
  });
  return forgeLoading;
}

/** Why a file could not be used; `kind` picks the message (digital-i18n.js). */
export class Pkcs12Problem extends Error {
  constructor(kind, detail) {
    super(detail || kind);
    this.kind = kind;
  }
}

const OID = {
  rsa: '1.2.840.113549.1.1.1',
  ec: '1.2.840.10045.2.1',
  commonName: '2.5.4.3',
  serialNumber: '2.5.4.5',
  organization: '2.5.4.10',
};
const CURVES = {
  '1.2.840.10045.3.1.7': 'P-256',
  '1.3.132.0.34': 'P-384',
  '1.3.132.0.35': 'P-521',
};

/**
 * Opens the file with its password. Answers the signing key (a non-extractable CryptoKey), the
 * certificate chain as base64 DER (the signer's first, then its issuers, as the file holds them) and
 * the subject's common name and serialNumber to show.
 * @throws Pkcs12Problem kind notP12 | wrongPassword | noKey | keyType
 */
export async function readPkcs12(bytes, password) {
  const forge = await loadForge();
  const { asn1, pki, util } = forge;
  let p12;
  // Certificates and keys are taken as the file holds them (their DER, not forge's re-encoding,
  // which could differ from what the issuer signed), and forge only knows RSA keys: making its
  // parsers decline leaves every bag's raw ASN.1 in `bag.asn1`, for RSA and EC alike.
  const parsers = { certificateFromAsn1: pki.certificateFromAsn1, privateKeyFromAsn1: pki.privateKeyFromAsn1 };
  pki.certificateFromAsn1 = pki.privateKeyFromAsn1 = () => {
    throw new Error('kept raw');
  };
  try {
    const der = asn1.fromDer(util.binary.raw.encode(bytes));
    p12 = forge.pkcs12.pkcs12FromAsn1(der, false, password);
  } catch (error) {
    throw new Pkcs12Problem(/password|MAC|decrypt/i.test(String(error?.message)) ? 'wrongPassword' : 'notP12');
  } finally {
    Object.assign(pki, parsers);
  }

  const bagsOf = (type) => p12.getBags({ bagType: type })[type] || [];
  const keyBags = [...bagsOf(pki.oids.pkcs8ShroudedKeyBag), ...bagsOf(pki.oids.keyBag)].filter((b) => b.asn1);
  const certBags = bagsOf(pki.oids.certBag).filter((b) => b.asn1);
  if (keyBags.length === 0 || certBags.length === 0) throw new Pkcs12Problem('noKey');
  const keyBag = keyBags[0];
  const idOf = (bag) => (bag.attributes?.localKeyId?.[0] ? util.bytesToHex(bag.attributes.localKeyId[0]) : null);
  const certs = certBags.map((bag) => describeCertificate(forge, bag.asn1, idOf(bag)));
  const keyId = idOf(keyBag);
  const issuing = (c) =>
    certs.some((other) => other !== c && other.issuer === c.subject && other.subject !== c.subject);
  const leaf = certs.find((c) => keyId && c.localKeyId === keyId) || certs.find((c) => !issuing(c)) || certs[0];

  // The signer's certificate, then each issuer in turn; whatever else the file holds follows.
  const chain = [leaf];
  for (let current = leaf; ;) {
    const issuer = certs.find((c) => !chain.includes(c) && c.subject === current.issuer);
    if (!issuer) break;
    chain.push(issuer);
    current = issuer;
  }
  chain.push(...certs.filter((c) => !chain.includes(c)));

  const key = await importSigningKey(forge, keyBag.asn1);
  return {
    key,
    certificateChain: chain.slice(0, 8).map((c) => util.encode64(c.der)),
    commonName: leaf.commonName,
    serialNumber: leaf.serialNumber,
    issuerName: leaf.issuerName,
    notAfter: leaf.notAfter,
  };
}

/** The parts of a certificate the dialog needs, read from its DER with forge's ASN.1 reader. */
function describeCertificate(forge, certAsn1, localKeyId) {
  const { asn1, util } = forge;
  const tbs = certAsn1.value[0].value;
  // TBSCertificate: [0] version (optional), serial, signature, issuer, validity, subject, …
  const offset = tbs[0].tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  const issuer = tbs[offset + 2];
  const validity = tbs[offset + 3];
  const subject = tbs[offset + 4];
  const attribute = (oid, name = subject) => {
    for (const rdn of name.value)
      for (const atv of rdn.value)
        if (asn1.derToOid(atv.value[0].value) === oid) {
          const value = atv.value[1];
          return value.type === asn1.Type.UTF8 ? util.decodeUtf8(value.value) : value.value;
        }
    return '';
  };
  return {
    der: asn1.toDer(certAsn1).getBytes(),
    issuer: asn1.toDer(issuer).getBytes(),
    subject: asn1.toDer(subject).getBytes(),
    commonName: attribute(OID.commonName),
    serialNumber: attribute(OID.serialNumber),
    // Shown in the dialog: who issued it (its common name, else its organisation) and until when.
    issuerName: attribute(OID.commonName, issuer) || attribute(OID.organization, issuer),
    notAfter: timeOf(asn1, validity?.value?.[1]),
    localKeyId,
  };
}

/** A UTCTime or GeneralizedTime as a Date; null for anything else. */
function timeOf(asn1, node) {
  try {
    if (node?.type === asn1.Type.UTCTIME) return asn1.utcTimeToDate(node.value);
    if (node?.type === asn1.Type.GENERALIZEDTIME) return asn1.generalizedTimeToDate(node.value);
  } catch {
    // An unreadable date is left unshown; the server checks validity anyway.
  }
  return null;
}

/** The PKCS#8 key as WebCrypto's signing key: RSA PKCS#1 v1.5 or ECDSA, with SHA-256, as Firma verifies. */
async function importSigningKey(forge, privateKeyInfo) {
  const { asn1, util } = forge;
  const algorithm = privateKeyInfo.value[1].value;
  const oid = asn1.derToOid(algorithm[0].value);
  let params;
  if (oid === OID.rsa) params = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  else if (oid === OID.ec) {
    const curve = algorithm[1]?.type === asn1.Type.OID ? CURVES[asn1.derToOid(algorithm[1].value)] : undefined;
    if (!curve) throw new Pkcs12Problem('keyType');
    params = { name: 'ECDSA', namedCurve: curve };
  } else throw new Pkcs12Problem('keyType');
  if (!window.crypto?.subtle) throw new Pkcs12Problem('noWebCrypto');
  const pkcs8 = util.binary.raw.decode(asn1.toDer(privateKeyInfo).getBytes());
  try {
    return await window.crypto.subtle.importKey('pkcs8', pkcs8, params, false, ['sign']);
  } catch {
    throw new Pkcs12Problem('keyType');
  } finally {
    pkcs8.fill(0);
  }
}

/** Signs the CMS signed attributes Firma prepared (base64 DER); answers the base64 signature value. */
export async function signAttributes(key, signedAttributesBase64) {
  const data = Uint8Array.from(window.atob(signedAttributesBase64), (c) => c.charCodeAt(0));
  const algorithm = key.algorithm.name === 'ECDSA' ? { name: 'ECDSA', hash: 'SHA-256' } : { name: key.algorithm.name };
  let signature = new Uint8Array(await window.crypto.subtle.sign(algorithm, key, data));
  // WebCrypto answers ECDSA as r‖s; CMS (and Firma's check) wants the DER SEQUENCE of two INTEGERs.
  if (key.algorithm.name === 'ECDSA') signature = ecdsaToDer(signature);
  let binary = '';
  for (const byte of signature) binary += String.fromCharCode(byte);
  return window.btoa(binary);
}

export function ecdsaToDer(raw) {
  const half = raw.length / 2;
  const integer = (bytes) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    const body = bytes.slice(start);
    const padded = body[0] & 0x80 ? [0, ...body] : [...body];
    return [0x02, ...derLength(padded.length), ...padded];
  };
  const content = [...integer(raw.slice(0, half)), ...integer(raw.slice(half))];
  return new Uint8Array([0x30, ...derLength(content.length), ...content]);
}

function derLength(n) {
  if (n < 0x80) return [n];
  const bytes = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return [0x80 | bytes.length, ...bytes];
}
