// CMS (PKCS#7) helpers shared by the E-IMZO emulator and the server's local signature verifier.
export * from './algorithms';
export * from './bytes';
export * from './certificate';
export * from './certificateCache';
export * from './chain';
export * from './der';
export * from './input';
export * from './join';
export * from './oids';
export * from './parse';
export * from './signedDataParts';
export * from './signerInfo';
export * from './time';
export * from './timestamp';
export * from './verify';
