import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface TlsFiles {
  caCertPath: string;
  key: string;
  cert: string;
}

const day = 24 * 60 * 60 * 1000;

/**
 * A private CA plus a server certificate for localhost/127.0.0.1/::1, made once and kept under the
 * data dir, so a client that trusts `ca.crt` keeps working across restarts. EC keys: instant to make.
 */
export async function ensureTls(dataDir: string): Promise<TlsFiles> {
  const dir = join(dataDir, 'tls');
  mkdirSync(dir, { recursive: true });
  const paths = {
    caCert: join(dir, 'ca.crt'),
    caKey: join(dir, 'ca.key'),
    cert: join(dir, 'server.crt'),
    key: join(dir, 'server.key'),
  };

  if (!existsSync(paths.caCert) || !existsSync(paths.caKey) || !stillValid(paths.caCert, 30)) {
    const ca = await generate([{ name: 'commonName', value: 'Kring Mollie Sandbox CA (local only)' }], {
      keyType: 'ec',
      algorithm: 'sha256',
      notAfterDate: new Date(Date.now() + 3650 * day),
      extensions: [
        { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
      ],
    });
    writeFileSync(paths.caKey, ca.private, { mode: 0o600 });
    writeFileSync(paths.caCert, ca.cert);
    // A new CA invalidates the old server certificate.
    writeFileSync(paths.cert, '');
  }

  const caCert = readFileSync(paths.caCert, 'utf8');
  if (!existsSync(paths.key) || !stillValid(paths.cert, 7) || !issuedBy(paths.cert, caCert)) {
    const server = await generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      algorithm: 'sha256',
      notAfterDate: new Date(Date.now() + 397 * day),
      ca: { key: readFileSync(paths.caKey, 'utf8'), cert: caCert },
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 7, ip: '127.0.0.1' },
            { type: 7, ip: '::1' },
          ],
        },
      ],
    });
    writeFileSync(paths.key, server.private, { mode: 0o600 });
    writeFileSync(paths.cert, server.cert);
  }

  return {
    caCertPath: paths.caCert,
    key: readFileSync(paths.key, 'utf8'),
    cert: readFileSync(paths.cert, 'utf8'),
  };
}

function stillValid(certPath: string, marginDays: number): boolean {
  try {
    const cert = new X509Certificate(readFileSync(certPath));
    return Date.parse(cert.validTo) - Date.now() > marginDays * day;
  } catch {
    return false;
  }
}

function issuedBy(certPath: string, caPem: string): boolean {
  try {
    return new X509Certificate(readFileSync(certPath)).verify(new X509Certificate(caPem).publicKey);
  } catch {
    return false;
  }
}
