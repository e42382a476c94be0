import { DocumentListPage } from '../../documents/list/DocumentListPage';

export default function IncomingPage() {
  return <DocumentListPage direction="incoming" />;
}
