// From the feed to deliveries (issue 30). Each endpoint keeps its position in document_feed: a dispatch
// pass turns the rows after it into deliveries in one transaction (so a crash never loses or doubles
// one); the sender (sender.ts) claims them and sends them, attempt.ts records each attempt.
import type { Db } from '../../db/client';
import { feedEventOf } from '../feed';

const DISPATCH_BATCH = 500;

interface EndpointRow {
  id: string;
  identity: string;
  event_types: string[] | string;
  feed_position: string;
}

const typesOf = (value: string[] | string) =>
  typeof value === 'string'
    ? value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean)
    : value;

/** One pass: every enabled endpoint's new feed rows become deliveries, due at once. */
export async function dispatchWebhooks(db: Db): Promise<number> {
  let created = 0;
  const { rows: endpoints } = await db.query<{ id: string }>(
    'select id from webhook_endpoints where enabled',
  );
  for (const { id } of endpoints) {
    created += await db.transaction(async (tx) => {
      const { rows } = await tx.query<EndpointRow>(
        `select id, identity, event_types, feed_position::text as feed_position
           from webhook_endpoints where id = $1 and enabled for update skip locked`,
        [id],
      );
      const endpoint = rows[0];
      if (!endpoint) return 0;
      const { rows: events } = await tx.query<any>(
        `select f.position::text as position, f.document_id, f.kind, f.action, f.from_status, f.to_status, f.event_seq,
                f.actor_identity, f.at, p.number
           from document_feed f
           left join document_parties p on p.document_id = f.document_id and p.identity = f.identity
          where f.identity = $1 and f.position > $2::bigint order by f.position limit ${DISPATCH_BATCH}`,
        [endpoint.identity, endpoint.feed_position],
      );
      if (!events.length) return 0;
      const wanted = typesOf(endpoint.event_types);
      const messages: DeliveryMessage[] = [];
      for (const row of events) {
        const event = feedEventOf(row);
        if (wanted.length && !wanted.includes(event.type)) continue;
        const { cursor: _cursor, ...data } = event;
        messages.push({ messageId: `msg_${event.id}`, type: event.type, data });
      }
      const n = await insertDeliveries(tx, endpoint.id, messages);
      await tx.query('update webhook_endpoints set feed_position = $2::bigint where id = $1', [
        endpoint.id,
        events[events.length - 1].position,
      ]);
      return n;
    });
  }
  return created;
}

export interface DeliveryMessage {
  messageId: string;
  type: string;
  data: unknown;
}

/**
 * Deliveries of one endpoint, due now, in one statement (inside the caller's transaction); a message
 * id the endpoint has already is kept as it is. Returns how many are new.
 */
export async function insertDeliveries(tx: Db, endpointId: string, messages: DeliveryMessage[]) {
  if (!messages.length) return 0;
  const timestamp = new Date().toISOString();
  const { rowCount } = await tx.query(
    `insert into webhook_deliveries (endpoint_id, message_id, event_type, payload, next_attempt_at)
     select $1, m.message_id, m.event_type, m.payload, now()
       from jsonb_to_recordset($2::jsonb) as m(message_id text, event_type text, payload jsonb)
     on conflict (endpoint_id, message_id) do nothing`,
    [
      endpointId,
      JSON.stringify(
        messages.map((m) => ({
          message_id: m.messageId,
          event_type: m.type,
          payload: { type: m.type, timestamp, data: m.data },
        })),
      ),
    ],
  );
  return rowCount ?? 0;
}
