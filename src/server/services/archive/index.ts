export {
  ARCHIVE_FORMAT,
  type ArchiveEvent,
  type ArchiveInput,
  type ArchiveManifest,
  type ArchiveSignature,
  buildArchive,
  signatureFile,
} from './build';
export {
  ARCHIVE_FILE_TTL_HOURS,
  ARCHIVE_INLINE_MAX,
  ARCHIVE_JOB,
  ARCHIVE_SELECTION_MAX,
  type ArchiveJobData,
  type ArchiveJobResult,
  archiveFile,
  archiveJob,
  selectionArchive,
  selectionFileName,
  startSelectionArchive,
} from './selection';
export { storedArchive } from './stored';
export { type ArchiveCheck, type ArchiveReport, verifyArchive } from './verify';
