import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildMandateContent } from '../../src/domain/mandate';
import {
  TEST_P12_FILE,
  createTestP12,
  loadSigningIdentity,
  signPdfPades,
  verifyPadesSignature,
} from './pades';
import { renderMandatePdf } from './pdf';
import { pdfFlatText } from './pdf-text';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pades-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const meta = { reason: 'Mandat de recherche n° 5', name: 'Chassimmo SAS', location: 'Paris' };
const pdf = renderMandatePdf(
  buildMandateContent({
    client: {
      firstName: 'Élodie',
      lastName: 'Martin',
      email: 'e@example.fr',
      address: '1 rue A, 75001 Paris',
    },
    project: {
      searchGoal: 'Résidence principale',
      department: ['75'],
      cities: ['Paris'],
      typeBien: [1],
      typeAchat: [1],
      budget: 500_000,
    },
    hunterName: 'Jean Dupont',
    preparedAt: '2026-11-26T10:00:00Z',
    registerNumber: 5,
    signedAt: '2026-11-26T11:00:00Z',
  }),
);

describe('loadSigningIdentity', () => {
  it('generates the self-signed test identity once, mode 0600, marked « TEST – non probant »', async () => {
    const first = await loadSigningIdentity({ dataDir, production: false });
    expect(first.test).toBe(true);
    expect(first.signerName).toContain('TEST – non probant');
    const file = path.join(dataDir, TEST_P12_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = await loadSigningIdentity({ dataDir, production: false });
    expect(again.p12.equals(first.p12)).toBe(true);
  });

  it('refuses to sign in production without a P12, and never makes the test one there', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'pades-prod-'));
    try {
      await expect(loadSigningIdentity({ dataDir: empty, production: true })).rejects.toThrow(
        /Aucun certificat de signature des mandats.*MANDATE_P12_PATH/,
      );
      expect(() => statSync(path.join(empty, TEST_P12_FILE))).toThrow();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('reads a configured P12 with its password', async () => {
    const p12Path = path.join(dataDir, 'company.p12');
    writeFileSync(p12Path, createTestP12('Agence Configurée'));
    const identity = await loadSigningIdentity({
      dataDir,
      p12Path,
      p12Password: 'test-non-probant',
      production: true,
    });
    expect(identity.test).toBe(false);
    expect(identity.signerName).toContain('Agence Configurée');
    // A name with « é » and « – »: the signer still matches its certificate.
    const signed = await signPdfPades(await pdf, identity, meta);
    expect(verifyPadesSignature(signed)).toMatchObject({
      valid: true,
      signerName: 'Agence Configurée (TEST – non probant)',
    });
  });

  it('refuses a P12 whose password is wrong', async () => {
    const p12Path = path.join(dataDir, 'wrong.p12');
    writeFileSync(p12Path, createTestP12('Agence'));
    await expect(
      loadSigningIdentity({ dataDir, p12Path, p12Password: 'faux', production: true }),
    ).rejects.toThrow(/certificat de signature des mandats .* est illisible/);
  });
});

describe('signPdfPades / verifyPadesSignature', () => {
  it('signs with a detached CMS over the ByteRange that verifies', async () => {
    const identity = await loadSigningIdentity({ dataDir, production: false });
    const signed = await signPdfPades(await pdf, identity, meta);
    const raw = signed.toString('latin1');
    expect(raw).toContain('/SubFilter /ETSI.CAdES.detached');
    expect(raw).toMatch(/\/ByteRange \[0 \d+ \d+ \d+\]/);
    expect(verifyPadesSignature(signed)).toEqual({
      valid: true,
      signerName: identity.signerName,
      signedDigestMatches: true,
    });
    // The signed copy still reads as the mandate, with its number.
    expect(pdfFlatText(signed)).toContain('Mandat n° 5 du registre des mandats');
  });

  it('fails when one byte of the signed range changes', async () => {
    const identity = await loadSigningIdentity({ dataDir, production: false });
    const signed = await signPdfPades(await pdf, identity, meta);
    for (const at of [200, signed.length - 20]) {
      const tampered = Buffer.from(signed);
      tampered[at] = (tampered[at] ?? 0) ^ 0x01;
      const result = verifyPadesSignature(tampered);
      expect(result.valid).toBe(false);
      expect(result.signedDigestMatches).toBe(false);
    }
  });

  it('fails when the signature itself is altered, and on an unsigned PDF', async () => {
    const identity = await loadSigningIdentity({ dataDir, production: false });
    const signed = await signPdfPades(await pdf, identity, meta);
    const raw = signed.toString('latin1');
    const range = /\/ByteRange \[0 (\d+) (\d+) \d+\]/.exec(raw);
    // A hex digit in the middle of the CMS (inside the signature value, near its end).
    const contentsStart = Number(range?.[1]);
    const hex = raw.slice(contentsStart + 1, Number(range?.[2]) - 1).replace(/(00)+$/, '');
    const at = contentsStart + 1 + hex.length - 40;
    const tampered = Buffer.from(signed);
    tampered[at] = tampered[at] === 0x30 ? 0x31 : 0x30;
    expect(verifyPadesSignature(tampered).valid).toBe(false);
    expect(verifyPadesSignature(await pdf).valid).toBe(false);
  });
});
