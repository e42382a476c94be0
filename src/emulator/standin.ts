// The E-IMZO-Server stand-in (reference/eimzo.md §8 and §10): the same routes and JSON, verifying
// with standard crypto against the demo root CA. Also serves the demo TSA (RFC 3161 over HTTP at
// /tsa) and the test control channel (/control/*).
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  attachTimestampToken,
  type CertificateSummary,
  CmsVerificationError,
  encodeCms,
  formatTashkent,
  fromBase64,
  mergeSignedData,
  parseCms,
  signatureValue,
  summarizeCertificate,
  timestampTokenOf,
  toArrayBuffer,
  toBase64,
  toHex,
  type VerifiedSigner,
  verifyCms,
} from '../engine/cms';
import type { DialogScript } from './passwordDialog';
import type { DemoTsa } from './tsa';

const CHALLENGE_TTL_S = 120;
const MAX_BODY = 64 * 1024 * 1024;

export interface StandInDeps {
  trusted: pkijs.Certificate[];
  tsa: DemoTsa;
  /** Scripts the plug-in's password dialog (test control channel). */
  scriptDialog(script: DialogScript): void;
  resetDialog(): void;
}

type Json = Record<string, unknown>;

const STATUS_BY_FAILURE: Record<CmsVerificationError['code'], number> = {
  MALFORMED: -10,
  // The stand-in checks standard algorithms only; the real E-IMZO-Server checks the national ones.
  ALGORITHM_NOT_SUPPORTED: -10,
  BAD_SIGNATURE: -10,
  UNTRUSTED_CHAIN: -11,
  CERT_EXPIRED: -12,
  CERT_NOT_YET_VALID: -12,
};

function certificateJson(c: CertificateSummary): Json {
  return {
    subjectInfo: c.subject,
    issuerInfo: c.issuer,
    serialNumber: c.serialNumber,
    subjectName: c.subjectName,
    validFrom: formatTashkent(c.validFrom),
    validTo: formatTashkent(c.validTo),
    issuerName: c.issuerName,
  };
}

function subjectCertificateInfo(c: CertificateSummary): Json {
  return {
    serialNumber: c.serialNumber,
    X500Name: c.subjectName,
    subjectName: c.subject,
    validFrom: formatTashkent(c.validFrom),
    validTo: formatTashkent(c.validTo),
  };
}

function signerJson(s: VerifiedSigner): Json {
  const [leaf, ...rest] = s.chain;
  return {
    signerId: { issuer: leaf.issuerName, subjectSerialNumber: leaf.serialNumber },
    signingTime: s.signingTime ? formatTashkent(s.signingTime) : null,
    signature: s.signatureHex,
    digest: s.digestHex,
    timeStampInfo: s.timestamp
      ? {
          certificate: [certificateJson(s.timestamp.tsa)],
          digestVerified: true,
          certificateVerified: true,
          certificateValidAtSigningTime: true,
          signerId: { issuer: s.timestamp.tsa.issuerName, subjectSerialNumber: s.timestamp.tsa.serialNumber },
          tsaPolicy: s.timestamp.policy,
          time: formatTashkent(s.timestamp.time),
          hashAlgorithm: s.timestamp.hashAlgorithm,
          serialNumber: s.timestamp.serialNumber,
          tsa: `6: ${s.timestamp.tsa.subject.CN ?? ''}`,
          messageImprintAlgOID: s.timestamp.hashAlgorithm,
          messageImprintDigest: s.timestamp.messageImprintDigest,
          verified: true,
        }
      : null,
    certificate: [leaf, ...rest.slice(0, -1)].map(certificateJson),
    trustedCertificate: rest.length ? certificateJson(rest[rest.length - 1]) : null,
    verified: true,
    certificateVerified: true,
    certificateValidAtSigningTime: true,
    policyIdentifiers: [],
  };
}

class BadRequest extends Error {}

function splitPair(body: string): [string, string] {
  const parts = body.trim().split('|');
  if (parts.length !== 2 || !parts[0] || !parts[1]) throw new BadRequest('expected <a>|<b>');
  return [parts[0], parts[1]];
}

function decode(b64: string): Uint8Array {
  try {
    return fromBase64(b64);
  } catch {
    throw new BadRequest('not Base64');
  }
}

export function createStandIn(deps: StandInDeps) {
  const challenges = new Map<string, number>();

  const verify = async (pkcs7: Uint8Array, detachedContent?: Uint8Array) => {
    try {
      return { result: await verifyCms(pkcs7, { trusted: deps.trusted, detachedContent }) };
    } catch (err) {
      if (err instanceof CmsVerificationError) {
        if (err.code === 'MALFORMED') throw new BadRequest(err.message);
        return { failure: { status: STATUS_BY_FAILURE[err.code], message: err.message } };
      }
      throw err;
    }
  };

  const routes: Record<string, (body: string, req: http.IncomingMessage) => Promise<Json | Uint8Array>> = {
    'GET /frontend/challenge': async () => {
      const now = Date.now();
      for (const [c, until] of challenges) if (until < now) challenges.delete(c);
      const challenge = randomUUID();
      challenges.set(challenge, now + CHALLENGE_TTL_S * 1000);
      return { challenge, ttl: CHALLENGE_TTL_S, status: 1, message: '' };
    },
    'POST /backend/auth': async (body) => {
      const { result, failure } = await verify(decode(body));
      if (failure) return failure;
      const challenge = new TextDecoder().decode(result!.content);
      const until = challenges.get(challenge);
      challenges.delete(challenge);
      if (!until || until < Date.now()) return { status: -20, message: 'challenge not found or expired' };
      if (result!.signers.length !== 1) throw new BadRequest('exactly one signer expected');
      return {
        subjectCertificateInfo: subjectCertificateInfo(result!.signers[0].certificate),
        status: 1,
        message: '',
      };
    },
    'POST /backend/pkcs7/verify/attached': async (body) => {
      const { result, failure } = await verify(decode(body));
      if (failure) return failure;
      return {
        pkcs7Info: { signers: result!.signers.map(signerJson), documentBase64: toBase64(result!.content) },
        status: 1,
        message: '',
      };
    },
    'POST /backend/pkcs7/verify/detached': async (body) => {
      const [data64, pkcs7] = splitPair(body);
      const { result, failure } = await verify(decode(pkcs7), decode(data64));
      if (failure) return failure;
      return { pkcs7Info: { signers: result!.signers.map(signerJson) }, status: 1, message: '' };
    },
    'POST /frontend/timestamp/pkcs7': async (body) => {
      let parsed: ReturnType<typeof parseCms>;
      try {
        parsed = parseCms(decode(body));
      } catch {
        throw new BadRequest('not a PKCS#7');
      }
      const stamped: Json[] = [];
      for (const signerInfo of parsed.signedData.signerInfos) {
        if (timestampTokenOf(signerInfo)) continue;
        attachTimestampToken(signerInfo, await deps.tsa.stampSignature(signatureValue(signerInfo)));
        const sid = signerInfo.sid as pkijs.IssuerAndSerialNumber;
        const cert = parsed.certificates.find((c) => c.serialNumber.isEqual(sid.serialNumber));
        if (cert) stamped.push(subjectCertificateInfo(summarizeCertificate(cert)));
      }
      return {
        pkcs7b64: toBase64(encodeCms(parsed.signedData)),
        timestampedSignerList: stamped,
        status: 1,
        message: '',
      };
    },
    'POST /frontend/pkcs7/join': async (body) => {
      const [a, b] = splitPair(body).map((p) => {
        try {
          return parseCms(decode(p));
        } catch {
          throw new BadRequest('not a PKCS#7');
        }
      });
      if (!a.content || !b.content || toHex(a.content) !== toHex(b.content)) {
        return { status: -10, message: 'both signatures must carry the same document' };
      }
      return {
        pkcs7b64: toBase64(encodeCms(mergeSignedData(a.signedData, b.signedData))),
        status: 1,
        message: '',
      };
    },
    'POST /frontend/pkcs7/make-attached': async (body) => {
      const [data64, pkcs7] = splitPair(body);
      const data = decode(data64);
      const { failure } = await verify(decode(pkcs7), data);
      if (failure) return failure;
      const parsed = parseCms(decode(pkcs7));
      parsed.signedData.encapContentInfo = new pkijs.EncapsulatedContentInfo({
        eContentType: parsed.signedData.encapContentInfo.eContentType,
        eContent: new asn1js.OctetString({ valueHex: toArrayBuffer(data) }),
      });
      return { pkcs7b64: toBase64(encodeCms(parsed.signedData)), status: 1, message: '' };
    },
    'GET /ping': async (_b, req) => ({
      serverDateTime: formatTashkent(new Date()),
      yourIP: req.socket.remoteAddress ?? '',
      vpnKeyInfo: null,
      demo: true,
    }),
    'GET /info': async () => ({
      version: 'hujjat-emulator',
      serverTime: formatTashkent(new Date(), '.'),
      demo: true,
      trustedCertificates: deps.trusted.map((c) => certificateJson(summarizeCertificate(c))),
    }),
    'POST /tsa': async (body) => deps.tsa.respond(Buffer.from(body, 'latin1')),
    'POST /control/password': async (body) => {
      let script: DialogScript;
      try {
        script = JSON.parse(body);
      } catch {
        throw new BadRequest('expected JSON {mode, once?}');
      }
      if (!['enter', 'cancel', 'wrong'].includes(script?.mode))
        throw new BadRequest('mode must be enter, cancel or wrong');
      deps.scriptDialog({ mode: script.mode, once: Boolean(script.once) });
      return { status: 1, message: '' };
    },
    'POST /control/reset': async () => {
      deps.resetDialog();
      return { status: 1, message: '' };
    },
  };

  return async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = routes[`${req.method} ${url.pathname}`];
    res.setHeader('cache-control', 'no-store');
    if (!route) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: 0, message: 'not found' }));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) {
        res.writeHead(413).end();
        return;
      }
      chunks.push(chunk as Buffer);
    }
    // /tsa takes binary DER; every other route takes text.
    const body = Buffer.concat(chunks).toString(url.pathname === '/tsa' ? 'latin1' : 'utf8');
    try {
      const answer = await route(body, req);
      if (answer instanceof Uint8Array) {
        res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(Buffer.from(answer));
      } else {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(answer));
      }
    } catch (err) {
      const bad = err instanceof BadRequest;
      res.writeHead(bad ? 400 : 503, { 'content-type': 'application/json; charset=utf-8' }).end(
        JSON.stringify({
          status: 0,
          message: bad ? (err as Error).message : 'internal error, see the server log',
        }),
      );
    }
  };
}
