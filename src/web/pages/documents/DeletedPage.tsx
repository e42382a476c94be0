import { DocumentListPage } from '../../documents/list/DocumentListPage';

export default function DeletedPage() {
  return <DocumentListPage direction="deleted" />;
}
