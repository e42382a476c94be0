import type { FastifyInstance } from 'fastify';
import { authCore } from '../auth';
import { DEFAULT_LIST_CACHE_ROWS } from '../config';
import { checksGate } from '../services/checks/gate';
import { createDocumentsService } from '../services/documents';
import { rememberLists } from '../services/documents/listCache';
import { createSignatureService } from '../signing';
import apiKey from './ApiKey';
import auth from './Auth';
import authSignature from './AuthSignature';
import cabinetNotification from './CabinetNotification';
import config from './Config';
import docExcelImport from './DocExcelImport';
import docStatus from './DocStatus';
import docType from './DocType';
import documentRoutes from './Document';
import documentAttachments from './DocumentAttachments';
import documentChecks from './DocumentChecks';
import documentContent from './DocumentContent';
import documentDuplicates from './DocumentDuplicates';
import documentLifecycle from './DocumentLifecycle';
import documentMarking from './DocumentMarking';
import documentOrganization from './DocumentOrganization';
import documentPdf from './DocumentPdf';
import documentQr from './DocumentQr';
import documentRegister from './DocumentRegister';
import documentRelated from './DocumentRelated';
import documentRent from './DocumentRent';
import documentSignAction from './DocumentSignAction';
import documentSignActionBulk from './DocumentSignActionBulk';
import documentSpecLists from './DocumentSpecLists';
import documentWorkflow from './DocumentWorkflow';
import eimzo from './Eimzo';
import eimzoJoin from './EimzoJoin';
import events from './Events';
import faq from './Faq';
import health from './Health';
import importRoutes from './Import';
import job from './Job';
import lgota from './Lgota';
import multiSignLog from './MultiSignLog';
import news from './News';
import organizationRegister from './OrganizationRegister';
import { registerReferenceGroups } from './referenceGroups';
import stateStatus from './StateStatus';
import statistics from './Statistics';
import synchronize from './Synchronize';
import synchronizeOperator from './SynchronizeOperator';
import { registerSettingsGroups } from './settingsGroups';
import template from './Template';
import verify from './Verify';
import webhook from './Webhook';

/** Every API resource group, mounted under /api. One plugin per group (spec §3). */
export async function registerRoutes(app: FastifyInstance) {
  // First: declares request.user and the token key that every group's `authenticate` uses.
  await app.register(authCore);
  // The documents area every document group works through (docs/documents-api.md).
  app.decorate(
    'documents',
    createDocumentsService({
      db: app.db,
      signing: createSignatureService(app.config),
      now: app.config.documentsClock,
    }),
  );
  app.documents.addGate(checksGate(app));
  rememberLists(app.db, app.config.listCacheRows ?? DEFAULT_LIST_CACHE_ROWS);
  await app.register(health);
  await app.register(config, { prefix: '/Config' });
  await app.register(auth, { prefix: '/Auth' });
  await app.register(authSignature, { prefix: '/Auth' });
  await app.register(eimzo, { prefix: '/Eimzo' });
  await app.register(lgota, { prefix: '/Lgota' });
  await app.register(documentRoutes, { prefix: '/Document' });
  await app.register(documentLifecycle, { prefix: '/Document' });
  await app.register(documentSpecLists, { prefix: '/Document' });
  await app.register(documentWorkflow, { prefix: '/Document' });
  await app.register(documentDuplicates, { prefix: '/Document' });
  await app.register(documentMarking, { prefix: '/Document' });
  await app.register(documentChecks, { prefix: '/Document' });
  await app.register(documentSignAction, { prefix: '/DocumentSignAction' });
  await app.register(docType, { prefix: '/DocType' });
  await app.register(docStatus, { prefix: '/DocStatus' });
  await app.register(stateStatus, { prefix: '/StateStatus' });
  await app.register(eimzoJoin, { prefix: '/Eimzo' });
  await app.register(documentOrganization, { prefix: '/DocumentOrganization' });
  // The counterparty register: every organisation known here and to the tax authority (issue 27.5).
  await app.register(documentRegister, { prefix: '/Document' });
  await app.register(organizationRegister, { prefix: '/Organization' });
  await app.register(documentRent, { prefix: '/Document' });
  // Scans and PDFs attached to a document (issue 27.6).
  await app.register(documentAttachments, { prefix: '/Document' });
  // Reference data and the tax authority's look-ups (docs/reference.md).
  await registerReferenceGroups(app);
  await app.register(template, { prefix: '/Template' });
  await app.register(documentRelated, { prefix: '/Document' });
  await app.register(job, { prefix: '/Job' });
  await app.register(importRoutes, { prefix: '/Import' });
  await app.register(docExcelImport, { prefix: '/DocExcelImport' });
  await app.register(statistics, { prefix: '/Statistics' });
  await app.register(cabinetNotification, { prefix: '/CabinetNotification' });
  await app.register(faq, { prefix: '/Faq' });
  await app.register(news, { prefix: '/News' });
  await app.register(documentSignActionBulk, { prefix: '/DocumentSignAction' });
  await app.register(multiSignLog, { prefix: '/MultiSignLog' });
  // Print, PDF, QR, the signed content, archives and the public verification (docs/print.md).
  await app.register(documentPdf, { prefix: '/Document' });
  await app.register(documentQr, { prefix: '/DocumentQr' });
  await app.register(documentContent, { prefix: '/DocumentContent' });
  await app.register(verify, { prefix: '/Verify' });
  // Documents made elsewhere, imported as received (docs/interop.md).
  await app.register(synchronize, { prefix: '/Synchronize' });
  // For integrators: the event feed (docs/integrating.md).
  await app.register(events, { prefix: '/Events' });
  await app.register(apiKey, { prefix: '/ApiKey' });
  await app.register(webhook, { prefix: '/Webhook' });
  // Exchange through the company's operator (docs/operators.md).
  await app.register(synchronizeOperator, { prefix: '/Synchronize' });
  // Company, staff, roles, access, approval and billing (docs/access.md).
  await registerSettingsGroups(app);
}
