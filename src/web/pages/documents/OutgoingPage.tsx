import { DocumentListPage } from '../../documents/list/DocumentListPage';

export default function OutgoingPage() {
  return <DocumentListPage direction="outgoing" />;
}
