import { DocumentListPage } from '../../documents/list/DocumentListPage';

export default function DraftsPage() {
  return <DocumentListPage direction="drafts" />;
}
