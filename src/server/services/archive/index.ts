export {
  ARCHIVE_FORMAT,
  type ArchiveEvent,
  type ArchiveInput,
  type ArchiveManifest,
  type ArchiveSignature,
  buildArchive,
  signatureFile,
} from './build';
export { type ArchiveCheck, type ArchiveReport, verifyArchive } from './verify';
