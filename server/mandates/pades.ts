/**
 * The agency's side of the mandate's signature (issue 30): the final PDF carries a detached CMS
 * signature (SubFilter adbe.pkcs7.detached, SHA-256) over its ByteRange, made with the company's
 * certificate — a P12 from configuration, or outside production a self-signed one generated once
 * into DATA_DIR and named « TEST – non probant » so no one mistakes it for evidence.
 * verifyPadesSignature recomputes the ByteRange's digest and checks the CMS with its certificate.
 */
import { createHash, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import forge from 'node-forge';
import type * as SignPdfModule from '@signpdf/signpdf';
import type * as SignerP12Module from '@signpdf/signer-p12';
import type * as PlaceholderModule from '@signpdf/placeholder-plain';

const require = createRequire(import.meta.url);
const { default: signpdf } = require('@signpdf/signpdf') as typeof SignPdfModule;
const { P12Signer } = require('@signpdf/signer-p12') as typeof SignerP12Module;
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

function commonName(p12: Buffer, password: string): string {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  const parsed = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  const bags = parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag ?? ''];
  const cert = bags?.[0]?.cert;
  if (!cert) throw new Error('Le fichier P12 ne contient aucun certificat.');
  return certName(cert);
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
    return { p12, password, signerName: commonName(p12, password), test: false };
  }
  if (opts.production)
    throw new Error(
      'Aucun certificat de signature des mandats : indiquez MANDATE_SIGNING_P12 et MANDATE_SIGNING_P12_PASSWORD (le certificat de test est refusé en production).',
    );
  const file = path.join(opts.dataDir, TEST_P12_FILE);
  if (!existsSync(file)) {
    mkdirSync(opts.dataDir, { recursive: true });
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

/** The PDF with the agency's signature over its ByteRange (an incremental update). */
export async function signPdfPades(
  pdf: Buffer,
  identity: SigningIdentity,
  meta: { reason: string; name: string; location: string },
): Promise<Buffer> {
  const withPlaceholder = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: meta.reason,
    name: meta.name,
    location: meta.location,
    contactInfo: '',
    signatureLength: 16384,
    subFilter: 'adbe.pkcs7.detached',
  });
  const signer = new P12Signer(identity.p12, { passphrase: identity.password });
  return signpdf.sign(withPlaceholder, signer);
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
    const der = derPrefix(Buffer.from(hex, 'hex'));
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary')));
    const contentInfo = asn1.value as forge.asn1.Asn1[];
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
    const sid = signerInfo[1]?.value as forge.asn1.Asn1[];
    const serial = forge.util.bytesToHex(String(sid[1]?.value ?? ''));
    const certs = (certsNode.value as forge.asn1.Asn1[]).map((n) =>
      forge.pki.certificateFromAsn1(n),
    );
    const cert = certs.find((x) => x.serialNumber === serial.replace(/^00/, '')) ?? certs[0];
    if (!cert) return INVALID;
    const signerName = certName(cert);

    // The messageDigest attribute (1.2.840.113549.1.9.4) against the ByteRange's digest.
    let signedDigest = '';
    for (const attr of authAttrs.value as forge.asn1.Asn1[]) {
      const [oid, values] = attr.value as forge.asn1.Asn1[];
      if (forge.asn1.derToOid(String(oid?.value ?? '')) === forge.pki.oids.messageDigest)
        signedDigest = String((values?.value as forge.asn1.Asn1[])[0]?.value ?? '');
    }
    const signedDigestMatches = Buffer.from(signedDigest, 'binary').equals(digest);

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
    return { valid: signatureOk && signedDigestMatches, signerName, signedDigestMatches };
  } catch {
    return INVALID;
  }
}
