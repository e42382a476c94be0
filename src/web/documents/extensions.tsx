import type { ComponentType } from 'react';
import type { DocDirection, DocumentView, ListQuery } from '../api/documents';
import { ArchiveSelectionButton } from '../form/print/ArchiveSelectionButton';
import { ViewPrintActions } from '../form/print/ViewPrintActions';
import { ImportReceivedButton } from '../interop/ImportReceivedButton';
import { ReceiptSection } from '../interop/ReceiptSection';
import { NotificationBell } from '../notifications/Bell';
import { TransportSection } from '../operators/TransportSection';
import { AgreementSection } from '../pages/settings/agreement/AgreementPanel';
import { BulkSignButton, ImportButton } from './bulk/BulkButtons';
import { AcceptChecksSection } from './checks/AcceptChecksSection';
import { AttachmentsSection } from './view/AttachmentsSection';

// Places other areas hang their buttons on the workspace without editing its screens (docs/workspace.md):
// add a component to one of these lists. Each gets what it needs to act and renders its own button(s).

export interface ListToolbarItemProps {
  direction: DocDirection;
  /** getList's filters of what the list shows now (without page and size). */
  query: Omit<ListQuery, 'Page' | 'Size'>;
  /** The ids of the selected documents (fetched when "all matching" is selected). */
  selectedIds(): Promise<string[]>;
  selectedCount: number;
  /** Call after changing documents: lists and counts refetch. */
  refresh(): void;
}

export interface ViewActionItemProps {
  document: DocumentView;
  refresh(): void;
}

/** Extra buttons of a list's toolbar (e.g. bulk signing, Excel import of documents — issue 16). */
export const listToolbarItems: Array<ComponentType<ListToolbarItemProps>> = [
  BulkSignButton,
  ImportButton,
  ArchiveSelectionButton,
  ImportReceivedButton,
];

/** Extra buttons of the view page's action bar (e.g. Print, PDF, download archive — issue 14). */
export const viewActionItems: Array<ComponentType<ViewActionItemProps>> = [ViewPrintActions];

export interface ViewSectionProps {
  document: DocumentView;
  refresh(): void;
}

/** Extra sections of the view page's side column (e.g. the internal approval route — issue 15). */
export const viewSideSections: Array<ComponentType<ViewSectionProps>> = [
  AttachmentsSection,
  AcceptChecksSection,
  ReceiptSection,
  TransportSection,
  AgreementSection,
];

/** Items of the header between the organisation and the language (e.g. the notifications bell — issue 16). */
export const headerItems: Array<ComponentType> = [NotificationBell];
