// The stand-in operator's store (issue 28): companies, tokens and documents, kept in memory and, when
// given a file, appended to it as JSON lines on every change (replayed at start, last line wins), so a
// stand-in killed at any moment comes back with every change it answered.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ActedEntry, DocumentParty } from '../../engine/lifecycle';

export interface StandInCompany {
  login: string;
  password: string;
  name: string;
  /** The operator's public offer is signed (else the first signature is 422 "Оферта не подписана"). */
  offerSigned: boolean;
  /** Kinds this company's users have no authority for (403). */
  noAuthority: string[];
}

export interface StandInSignature {
  action: string;
  by: string;
  cms: string;
  comment: string | null;
  signingTime: string;
}

export interface StandInDocument {
  id: string;
  roamingId: string | null;
  kind: string;
  doctype: string;
  nationalId: string | null;
  creator: string;
  parties: DocumentParty[];
  status: number;
  acted: ActedEntry[];
  /** The exact JSON bytes as created (Base64). */
  bytes: string;
  /** The document's CMS with every co-signature joined (Base64); null while a draft. */
  cms: string | null;
  /** Signatures over other bytes (reject, cancel, the waybill's steps). */
  signatures: StandInSignature[];
  /** Every action taken, in order (the operator's history). */
  history: Array<{ action: string; by: string; from: number; to: number; at: string }>;
  updated: string;
}

type Line = { t: 'doc'; doc: StandInDocument } | { t: 'company'; company: StandInCompany };

export class StandInStore {
  readonly companies = new Map<string, StandInCompany>();
  readonly documents = new Map<string, StandInDocument>();
  readonly tokens = new Map<string, { login: string; expiresAt: number }>();
  /** creator:kind:nationalId → document id (a national id is made once per company). */
  private readonly byNationalId = new Map<string, string>();
  private lastUpdated = 0;

  constructor(private readonly file: string | null) {
    if (file && fs.existsSync(file)) {
      for (const text of fs.readFileSync(file, 'utf8').split('\n')) {
        if (!text) continue;
        let line: Line;
        try {
          line = JSON.parse(text);
        } catch {
          continue; // a line cut by a kill: the change was never answered
        }
        if (line.t === 'doc') {
          this.documents.set(line.doc.id, line.doc);
          this.index(line.doc);
          this.lastUpdated = Math.max(this.lastUpdated, Date.parse(line.doc.updated));
        } else this.companies.set(line.company.login, line.company);
      }
    }
    if (file) fs.mkdirSync(path.dirname(file), { recursive: true });
  }

  private append(line: Line) {
    if (this.file) fs.appendFileSync(this.file, `${JSON.stringify(line)}\n`);
  }

  putCompany(company: StandInCompany) {
    this.companies.set(company.login, company);
    this.append({ t: 'company', company });
  }

  /** A strictly increasing `updated` (ISO, milliseconds): the list of changes is ordered by it. */
  nextUpdated(): string {
    this.lastUpdated = Math.max(Date.now(), this.lastUpdated + 1);
    return new Date(this.lastUpdated).toISOString();
  }

  private index(doc: StandInDocument) {
    if (doc.nationalId) this.byNationalId.set(`${doc.creator}:${doc.kind}:${doc.nationalId}`, doc.id);
  }

  findByNationalId(creator: string, kind: string, nationalId: string): StandInDocument | null {
    const id = this.byNationalId.get(`${creator}:${kind}:${nationalId}`);
    return id ? (this.documents.get(id) ?? null) : null;
  }

  save(doc: StandInDocument) {
    doc.updated = this.nextUpdated();
    this.documents.set(doc.id, doc);
    this.index(doc);
    this.append({ t: 'doc', doc });
  }

  issueToken(login: string, minutes: number): string {
    const token = randomBytes(24).toString('hex');
    this.tokens.set(token, { login, expiresAt: Date.now() + minutes * 60_000 });
    return token;
  }

  loginOf(token: string | undefined): string | null {
    if (!token) return null;
    const held = this.tokens.get(token);
    if (!held || held.expiresAt < Date.now()) return null;
    return held.login;
  }

  clear() {
    this.documents.clear();
    this.byNationalId.clear();
    this.tokens.clear();
    this.lastUpdated = 0;
    if (this.file) fs.writeFileSync(this.file, '');
    for (const company of this.companies.values()) this.append({ t: 'company', company });
  }
}

/** A 24-hex id, as Didox's document ids. */
export function objectId(): string {
  return (Math.floor(Date.now() / 1000).toString(16) + randomBytes(8).toString('hex')).slice(0, 24);
}
