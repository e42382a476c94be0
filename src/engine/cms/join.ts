// Joining signatures over the same content into one SignedData (E-IMZO-Server /frontend/pkcs7/join).
import * as pkijs from 'pkijs';
import { bytesEqual } from './bytes';

/** Adds the signers, certificates and digest algorithms of `extra` to `base` (duplicates dropped). */
export function mergeSignedData(base: pkijs.SignedData, extra: pkijs.SignedData): pkijs.SignedData {
  const der = (o: { toSchema(): { toBER(sizeOnly?: boolean): ArrayBuffer } }) =>
    new Uint8Array(o.toSchema().toBER(false));
  const certificates = [...(base.certificates ?? [])];
  for (const cert of extra.certificates ?? []) {
    if (!certificates.some((c) => bytesEqual(der(c), der(cert)))) certificates.push(cert);
  }
  const digestAlgorithms = [...base.digestAlgorithms];
  for (const alg of extra.digestAlgorithms) {
    if (!digestAlgorithms.some((a) => a.algorithmId === alg.algorithmId)) digestAlgorithms.push(alg);
  }
  const signerInfos = [...base.signerInfos];
  for (const info of extra.signerInfos) {
    if (!signerInfos.some((s) => bytesEqual(der(s), der(info)))) signerInfos.push(info);
  }
  base.certificates = certificates;
  base.digestAlgorithms = digestAlgorithms;
  base.signerInfos = signerInfos;
  return base;
}

/**
 * One SignedData per signer of `signedData` (same content, every certificate): each verifies on its
 * own, so a joined CMS received from elsewhere can be kept as one signature record per signer.
 */
export function splitSigners(signedData: pkijs.SignedData): pkijs.SignedData[] {
  return signedData.signerInfos.map(
    (info) =>
      new pkijs.SignedData({
        version: signedData.version,
        digestAlgorithms: signedData.digestAlgorithms,
        encapContentInfo: signedData.encapContentInfo,
        certificates: signedData.certificates,
        signerInfos: [info],
      }),
  );
}
