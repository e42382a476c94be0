import type { Db } from '../../../db/client';
import { ApiError } from '../../../errors';

// InvoiceItem getTransport / updateTransport: the trucks, trailers and drivers an organisation used
// with a carrier (by the carrier's TIN or PINFL), offered on its next waybill with that carrier.
// Scoped to the caller's organisation: another organisation's list is never read.

export interface Vehicle {
  RegNo: string;
  Model: string;
}

export interface Driver {
  Pinfl: string;
  FullName: string;
}

export interface Transport {
  TinOrPinfl: string;
  Name: string | null;
  Trucks: Vehicle[];
  Trailers: Vehicle[];
  Drivers: Driver[];
  version: number;
  updatedAt: string;
}

interface Row {
  tin_or_pinfl: string;
  name: string | null;
  trucks: Vehicle[] | string;
  trailers: Vehicle[] | string;
  drivers: Driver[] | string;
  version: number;
  updated_at: string | Date;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

function shape(row: Row): Transport {
  return {
    TinOrPinfl: row.tin_or_pinfl,
    Name: row.name,
    Trucks: json(row.trucks),
    Trailers: json(row.trailers),
    Drivers: json(row.drivers),
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function getTransport(
  db: Db,
  organizationId: string,
  tinOrPinfl: string,
): Promise<Transport | null> {
  const r = await db.query<Row>(
    'select * from org_transport where organization_id = $1 and tin_or_pinfl = $2',
    [organizationId, tinOrPinfl],
  );
  return r.rows[0] ? shape(r.rows[0]) : null;
}

/** Registration numbers are compared as written on the plate: upper case, no spaces. */
const plate = (v: Vehicle): Vehicle => ({
  RegNo: v.RegNo.toUpperCase().replace(/\s+/g, ''),
  Model: v.Model.trim(),
});

function unique<T>(items: T[], key: (t: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) seen.set(key(item), item);
  return [...seen.values()];
}

/**
 * Saves the carrier's list as given. `version` (the one read) makes a concurrent edit a 409; without
 * it the list is created, or replaced when none exists yet.
 */
export async function updateTransport(
  db: Db,
  organizationId: string,
  input: Omit<Transport, 'version' | 'updatedAt' | 'Name'> & { Name?: string | null; version?: number },
): Promise<Transport> {
  const trucks = unique(input.Trucks.map(plate), (v) => v.RegNo);
  const trailers = unique(input.Trailers.map(plate), (v) => v.RegNo);
  const drivers = unique(
    input.Drivers.map((d) => ({ Pinfl: d.Pinfl, FullName: d.FullName.trim() })),
    (d) => d.Pinfl,
  );
  return db.transaction(async (tx) => {
    const current = await tx.query<{ version: number }>(
      'select version from org_transport where organization_id = $1 and tin_or_pinfl = $2 for update',
      [organizationId, input.TinOrPinfl],
    );
    const existing = current.rows[0];
    if (existing && input.version !== undefined && input.version !== existing.version)
      throw new ApiError(409, 'VERSION_CONFLICT', 'reference:errors.versionConflict');
    if (!existing && input.version !== undefined && input.version !== 0)
      throw new ApiError(409, 'VERSION_CONFLICT', 'reference:errors.versionConflict');
    const r = await tx.query<Row>(
      `insert into org_transport (organization_id, tin_or_pinfl, name, trucks, trailers, drivers)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (organization_id, tin_or_pinfl) do update set name = coalesce(excluded.name, org_transport.name),
         trucks = excluded.trucks, trailers = excluded.trailers, drivers = excluded.drivers,
         version = org_transport.version + 1, updated_at = now()
       returning *`,
      [
        organizationId,
        input.TinOrPinfl,
        input.Name?.trim() || null,
        JSON.stringify(trucks),
        JSON.stringify(trailers),
        JSON.stringify(drivers),
      ],
    );
    return shape(r.rows[0]);
  });
}
