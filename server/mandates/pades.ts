/**
 * The agency's side of the mandate's signature (issue 30): the final PDF carries a PAdES
 * baseline B-B signature — SubFilter ETSI.CAdES.detached, a detached CMS (RFC 5652) over the
 * ByteRange with SHA-256, the signed attributes contentType, messageDigest and
 * signing-certificate-v2, the claimed signing time in the signature dictionary's /M — made with
 * the company's certificate: a P12 from configuration, or outside production a self-signed one
 * generated once into DATA_DIR and named « TEST – non probant » so no one mistakes it for evidence.
 * verifyPadesSignature recomputes the ByteRange's digest and checks the CMS with its certificate.
 *
 * @signpdf/signpdf and its placeholder make the signature dictionary and the ByteRange; the CMS
 * is built here (CadesSigner) rather than by @signpdf/signer-p12: that one has no
 * signing-certificate-v2, and through node-forge it re-encodes a UTF-8 issuer name twice (an
 * « é » or a « – » in the certificate's name), so the signer no longer matches its certificate.
 */
import {
  createHash,
  createPrivateKey,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  sign as cryptoSign,
  type KeyObject,
} from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import forge from 'node-forge';
import type * as SignPdfModule from '@signpdf/signpdf';
import type * as PlaceholderModule from '@signpdf/placeholder-plain';
import type * as SignPdfUtils from '@signpdf/utils';

const require = createRequire(import.meta.url);
const { default: signpdf } = require('@signpdf/signpdf') as typeof SignPdfModule;
const { Signer } = require('@signpdf/utils') as typeof SignPdfUtils;
const { plainAddPlaceholder } = require('@signpdf/placeholder-plain') as typeof PlaceholderModule;

/** The development identity's file in DATA_DIR, and its (not secret) passphrase. */
export const TEST_P12_FILE = 'mandate-signing-test.p12';
const TEST_P12_PASSWORD = 'test-non-probant';
export const TEST_CERT_MARK = 'TEST – non probant';

export interface SigningIdentity {
  p12: Buffer;
  password: string;
  /** The certificate's common name. */
  signerName: string;
  /** The self-signed development certificate, not evidence. */
  test: boolean;
}

interface OpenedP12 {
  key: KeyObject;
  /** The certificate of the key, then the rest of the chain. */
  cert: forge.pki.Certificate;
  chain: forge.pki.Certificate[];
}

/** The key and its certificate (the one whose public key matches), and the chain, of a P12. */
function openP12(p12: Buffer, password: string): OpenedP12 {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  const parsed = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  const certs = (
    parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag ?? ''] ?? []
  )
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => !!c);
  const keyBag =
    parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[
      forge.pki.oids.pkcs8ShroudedKeyBag ?? ''
    ]?.[0] ?? parsed.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag ?? '']?.[0];
  const forgeKey = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!forgeKey)
    throw new Error('Le fichier P12 ne contient aucune clé privée (ou le mot de passe est faux).');
  const cert = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.equals(forgeKey.n) && pub.e?.equals(forgeKey.e);
  });
  if (!cert) throw new Error('Le fichier P12 ne contient pas le certificat de sa clé privée.');
  return {
    key: createPrivateKey(forge.pki.privateKeyToPem(forgeKey)),
    cert,
    chain: [cert, ...certs.filter((c) => c !== cert)],
  };
}

function commonName(p12: Buffer, password: string): string {
  return certName(openP12(p12, password).cert);
}

// forge writes a UTF8String's value as UTF-8 but hands it back as bytes when it parses; its
// types call the tag a Class.
const UTF8_TAG = forge.asn1.Type.UTF8 as unknown as forge.asn1.Class;

/** The certificate's common name, a UTF8String decoded. */
function certName(cert: forge.pki.Certificate): string {
  const cn = cert.subject.getField('CN') as { value: string; valueTagClass?: number } | null;
  if (!cn) return 'Certificat sans nom';
  return cn.valueTagClass === forge.asn1.Type.UTF8 ? forge.util.decodeUtf8(cn.value) : cn.value;
}

/** A self-signed certificate and its key, as a P12 (RSA 2048, SHA-256, 10 years). */
export function createTestP12(name: string): Buffer {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(
    privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  );
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000);
  const subject: forge.pki.CertificateField[] = [
    {
      name: 'commonName',
      valueTagClass: UTF8_TAG,
      value: `${name} (${TEST_CERT_MARK})`,
    },
    {
      name: 'organizationName',
      valueTagClass: UTF8_TAG,
      value: name,
    },
    { name: 'countryName', value: 'FR' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], TEST_P12_PASSWORD, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

/**
 * The company's signing identity: the configured P12, or (outside production only) the
 * self-signed test one, generated on first use into dataDir with mode 0600.
 */
export async function loadSigningIdentity(opts: {
  dataDir: string;
  p12Path?: string;
  p12Password?: string;
  production: boolean;
  /** Name in the test certificate (the company's legal name). */
  testName?: string;
}): Promise<SigningIdentity> {
  if (opts.p12Path) {
    const p12 = readFileSync(opts.p12Path);
    const password = opts.p12Password ?? '';
    let signerName: string;
    try {
      signerName = commonName(p12, password);
    } catch (error) {
      throw new Error(
        `Le certificat de signature des mandats (${opts.p12Path}) est illisible\u00a0: ${error instanceof Error ? error.message : String(error)} (mot de passe MANDATE_P12_PASSWORD faux\u202f?)`,
        { cause: error },
      );
    }
    return { p12, password, signerName, test: false };
  }
  if (opts.production)
    throw new Error(
      'Aucun certificat de signature des mandats\u00a0: indiquez MANDATE_P12_PATH et MANDATE_P12_PASSWORD (le certificat de test n’est jamais utilisé en production).',
    );
  const file = path.join(opts.dataDir, TEST_P12_FILE);
  if (!existsSync(file)) {
    mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(tmp, createTestP12(opts.testName ?? 'Chassimmo SAS'), { mode: 0o600 });
    renameSync(tmp, file);
  }
  const p12 = readFileSync(file);
  return {
    p12,
    password: TEST_P12_PASSWORD,
    signerName: commonName(p12, TEST_P12_PASSWORD),
    test: true,
  };
}

const { asn1 } = forge;
const U = asn1.Class.UNIVERSAL;
const seq = (items: forge.asn1.Asn1[]) => asn1.create(U, asn1.Type.SEQUENCE, true, items);
const oid = (id: string) => asn1.create(U, asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
const octets = (bytes: Buffer) =>
  asn1.create(U, asn1.Type.OCTETSTRING, false, bytes.toString('binary'));
const der = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
/** A DER SET OF: its elements sorted by their encoding (X.690 §11.6). */
const setOf = (items: forge.asn1.Asn1[]) =>
  asn1.create(
    U,
    asn1.Type.SET,
    true,
    [...items].sort((a, b) => Buffer.compare(der(a), der(b))),
  );

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
};

/** The issuer Name and serialNumber of a certificate, as its own DER has them. */
function issuerAndSerial(cert: forge.pki.Certificate): [forge.asn1.Asn1, forge.asn1.Asn1] {
  const tbs = forge.pki.certificateToAsn1(cert).value[0] as forge.asn1.Asn1;
  const fields = tbs.value as forge.asn1.Asn1[];
  const offset = fields[0]?.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  const serial = fields[offset];
  const issuer = fields[offset + 2];
  if (!serial || !issuer) throw new Error('Certificat illisible.');
  return [issuer, serial];
}

/** A detached CMS SignedData (CAdES-BES) over `content`, signed by the P12's key. */
export function cadesDetached(content: Buffer, signer: OpenedP12): Buffer {
  const certDer = der(forge.pki.certificateToAsn1(signer.cert));
  const [issuer, serial] = issuerAndSerial(signer.cert);
  const attribute = (type: string, value: forge.asn1.Asn1) => seq([oid(type), setOf([value])]);
  const signedAttrs = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(createHash('sha256').update(content).digest())),
    // SigningCertificateV2 { certs: [ ESSCertIDv2 { certHash (SHA-256 by default), issuerSerial } ] }
    attribute(
      OID.signingCertificateV2,
      seq([
        seq([
          seq([
            octets(createHash('sha256').update(certDer).digest()),
            seq([seq([asn1.create(asn1.Class.CONTEXT_SPECIFIC, 4, true, [issuer])]), serial]),
          ]),
        ]),
      ]),
    ),
  ];
  // The signature covers the attributes' DER as a SET (RFC 5652 §5.4), stored as [0] IMPLICIT.
  const attrsSet = setOf(signedAttrs);
  const signature = cryptoSign('sha256', der(attrsSet), signer.key);
  const sha256 = seq([oid(OID.sha256), asn1.create(U, asn1.Type.NULL, false, '')]);
  const signerInfo = seq([
    asn1.create(U, asn1.Type.INTEGER, false, asn1.integerToDer(1).getBytes()),
    seq([issuer, serial]),
    sha256,
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attrsSet.value as forge.asn1.Asn1[]),
    seq([oid(OID.rsaEncryption), asn1.create(U, asn1.Type.NULL, false, '')]),
    octets(signature),
  ]);
  const signedData = seq([
    asn1.create(U, asn1.Type.INTEGER, false, asn1.integerToDer(1).getBytes()),
    setOf([sha256]),
    seq([oid(OID.data)]),
    asn1.create(
      asn1.Class.CONTEXT_SPECIFIC,
      0,
      true,
      signer.chain.map((c) => forge.pki.certificateToAsn1(c)),
    ),
    setOf([signerInfo]),
  ]);
  return der(
    seq([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]),
  );
}

/** @signpdf's Signer: gets the ByteRange's bytes, returns the CMS for /Contents. */
class CadesSigner extends Signer {
  constructor(private readonly opened: OpenedP12) {
    super();
  }

  override sign(pdfBuffer: Buffer): Promise<Buffer> {
    return Promise.resolve(cadesDetached(pdfBuffer, this.opened));
  }
}

/** The PDF with the agency's signature over its ByteRange (an incremental update). */
export async function signPdfPades(
  pdf: Buffer,
  identity: SigningIdentity,
  meta: { reason: string; name: string; location: string },
): Promise<Buffer> {
  const opened = openP12(identity.p12, identity.password);
  const withPlaceholder = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: meta.reason,
    name: meta.name,
    location: meta.location,
    contactInfo: '',
    signingTime: new Date(),
    signatureLength: 16384,
    subFilter: 'ETSI.CAdES.detached',
    appName: 'Chassimmo',
  });
  return signpdf.sign(withPlaceholder, new CadesSigner(opened));
}

export interface PadesVerification {
  valid: boolean;
  signerName: string;
  /** The digest signed in the CMS equals the SHA-256 of the PDF's ByteRange. */
  signedDigestMatches: boolean;
}

/** The DER element at the start of a zero-padded buffer (the /Contents placeholder). */
function derPrefix(padded: Buffer): Buffer {
  const first = padded[1] ?? 0;
  if (first < 0x80) return padded.subarray(0, 2 + first);
  const bytes = first & 0x7f;
  let length = 0;
  for (let i = 0; i < bytes; i++) length = length * 256 + (padded[2 + i] ?? 0);
  return padded.subarray(0, 2 + bytes + length);
}

const INVALID: PadesVerification = { valid: false, signerName: '', signedDigestMatches: false };

/** Checks the last signature of a PDF: ByteRange digest, CMS signature, whole file covered. */
export function verifyPadesSignature(pdf: Buffer): PadesVerification {
  const text = pdf.toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const last = ranges.at(-1);
  if (!last) return INVALID;
  const [a, b, c, d] = last.slice(1, 5).map(Number) as [number, number, number, number];
  if (a !== 0 || c + d !== pdf.length || b >= c) return INVALID;
  const contents = text.slice(b, c);
  const hex = /^<([0-9a-fA-F]+)>$/.exec(contents)?.[1];
  if (!hex) return INVALID;
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const digest = createHash('sha256').update(signed).digest();
  try {
    const cms = derPrefix(Buffer.from(hex, 'hex'));
    const root = forge.asn1.fromDer(forge.util.createBuffer(cms.toString('binary')));
    const contentInfo = root.value as forge.asn1.Asn1[];
    const signedData = ((contentInfo[1]?.value as forge.asn1.Asn1[])[0]?.value ??
      []) as forge.asn1.Asn1[];
    const certsNode = signedData.find(
      (n) => n.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && n.type === 0,
    );
    const signerInfos = signedData.at(-1)?.value as forge.asn1.Asn1[];
    const signerInfo = signerInfos[0]?.value as forge.asn1.Asn1[];
    const authAttrs = signerInfo.find(
      (n) => n.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && n.type === 0,
    );
    const signatureNode = signerInfo.at(-1);
    if (!certsNode || !authAttrs || !signatureNode) return INVALID;
    // The signer's certificate: the one whose issuer and serial number are the signer's id.
    const sid = signerInfo[1];
    if (!sid) return INVALID;
    const cert = (certsNode.value as forge.asn1.Asn1[])
      .map((n) => forge.pki.certificateFromAsn1(n))
      .find((x) => der(seq(issuerAndSerial(x))).equals(der(sid)));
    if (!cert) return INVALID;
    const signerName = certName(cert);

    // messageDigest against the ByteRange's digest; signing-certificate-v2 against the certificate.
    let signedDigest = '';
    let certHash: string | null = null;
    for (const attr of authAttrs.value as forge.asn1.Asn1[]) {
      const [type, values] = attr.value as forge.asn1.Asn1[];
      const value = (values?.value as forge.asn1.Asn1[])[0];
      const id = forge.asn1.derToOid(String(type?.value ?? ''));
      if (id === OID.messageDigest) signedDigest = String(value?.value ?? '');
      if (id === OID.signingCertificateV2) {
        // SigningCertificateV2 → certs → first ESSCertIDv2 → certHash (SHA-256: no algorithm).
        const essCertId = ((value?.value as forge.asn1.Asn1[])[0]?.value as forge.asn1.Asn1[])[0];
        certHash = String((essCertId?.value as forge.asn1.Asn1[])[0]?.value ?? '');
      }
    }
    const signedDigestMatches = Buffer.from(signedDigest, 'binary').equals(digest);
    const certDigest = createHash('sha256')
      .update(der(forge.pki.certificateToAsn1(cert)))
      .digest();
    const certBound = certHash === null || Buffer.from(certHash, 'binary').equals(certDigest);

    // The signature covers the DER of the attributes as a SET (RFC 5652 §5.4).
    const asSet = forge.asn1.create(
      forge.asn1.Class.UNIVERSAL,
      forge.asn1.Type.SET,
      true,
      authAttrs.value as forge.asn1.Asn1[],
    );
    const attrsDer = Buffer.from(forge.asn1.toDer(asSet).getBytes(), 'binary');
    const signature = Buffer.from(String(signatureNode.value), 'binary');
    const certPem = forge.pki.certificateToPem(cert);
    const signatureOk = createVerify('sha256').update(attrsDer).verify(certPem, signature);
    return {
      valid: signatureOk && signedDigestMatches && certBound,
      signerName,
      signedDigestMatches,
    };
  } catch {
    return INVALID;
  }
}
